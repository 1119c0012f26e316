"""A lecture, round after round (issue 39): host-paced rounds back to back, no page reloaded, each
one starting clean on every phone, on the projector and on the host page; an answer held through
an outage across the end of a round, refused in the next one; and the host's one button
("Mostrar respuesta", "Siguiente pregunta", "Ver podio", also Space and →), which never moves on
before the projector shows the question's chart and right answer and every phone its verdict,
however the question closed (the host, everybody answered, the time)."""

import re

from playwright.sync_api import expect

from classroom_helpers import alert, call, open_host, room
from conftest import join_class
from round_pages import BOARD
from test_accessibility import audit, audited  # noqa: F401  (fixtures)

PLANETS = ("Planetas", [
    {"kind": "truefalse", "question": "Júpiter es un planeta", "answer": True},
    {"kind": "choice", "question": "¿Qué planeta es el más grande?", "multiple": False,
     "options": [{"text": "Marte", "right": False}, {"text": "Júpiter", "right": True},
                 {"text": "Venus", "right": False}, {"text": "Tierra", "right": False}]},
])
CAPITALS = ("Capitales", [
    {"kind": "choice", "question": "¿Capital de Italia?", "multiple": False,
     "options": [{"text": "Roma", "right": True}, {"text": "Milán", "right": False}, {"text": "Nápoles", "right": False}]},
    {"kind": "truefalse", "question": "Lisboa es la capital de Francia", "answer": False},
])
# What each phone taps, by set and question: (Ana, Bea, Carla), letters.
TAPS = {"Planetas": [("A", "B", "A"), ("B", "B", "C")], "Capitales": [("A", "C", "A"), ("B", "B", "A")]}
PHONES = [("Ana", {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}),
          ("Bea", {"viewport": {"width": 360, "height": 740}}),
          ("Carla", {"viewport": {"width": 390, "height": 844}, "color_scheme": "dark"})]


def right_letters(quiz):
    if quiz["kind"] == "truefalse":
        return {"A"} if quiz["answer"] else {"B"}
    return {"ABCDEF"[index] for index, option in enumerate(quiz["options"]) if option["right"]}


def make_set(host, title, quizzes):
    status, body = call(host, "POST", "/api/classroom/sets", {"title": title, "quizzes": quizzes})
    assert status == 201, body


def pick(host, title, count):
    host.get_by_role("button", name=f"Jugar «{title}»").click()
    expect(host.locator("#round-choice")).to_have_text(f"Ronda: {title} ({count} preguntas)")


def tile(phone, letter):
    return phone.locator("#question-screen .tile").filter(has_text=re.compile(f"^{letter}")).first


def question_clean(phone, text, number, total):
    """Question `number` on `phone`: its text and tiles, nothing answered (no page reloaded)."""
    expect(phone.locator("#round-question")).to_have_text(text)
    expect(phone.locator("#round-number")).to_have_text(f"Pregunta {number} de {total}")
    expect(phone.locator("#question-screen .tile").first).to_be_visible()
    expect(phone.locator("#your-answer")).to_have_count(0)
    expect(phone.locator("#verdict-screen")).to_have_count(0)


def class_on_question_1(host, server, audited, title, quizzes, names=("Ana", "Bea")):  # noqa: F811
    """Phones for `names` (390×844), the set `title` made and started: every phone on question 1.
    Returns the phones."""
    phones = [join_class(audited(viewport={"width": 390, "height": 844}), server, name) for name in names]
    make_set(host, title, quizzes)
    host.reload()
    pick(host, title, len(quizzes))
    host.locator("#start").click()
    for phone in phones:
        question_clean(phone, quizzes[0]["question"], 1, len(quizzes))
    return phones


def timed_capitals(host, phones, seconds):
    """The set «Capitales» made and played as a timed round (`seconds` a question), started from
    the host's page: every phone of `phones` on question 1."""
    make_set(host, *CAPITALS)
    set_id = next(row["id"] for row in call(host, "GET", "/api/classroom/sets")[1] if row["title"] == "Capitales")
    status, body = call(host, "POST", "/api/classroom/host/game", {"game": "quizzes", "set": set_id, "seconds": seconds})
    assert status == 200, body
    expect(host.locator("#round-choice")).to_have_text("Ronda: Capitales (2 preguntas)")
    host.locator("#start").click()
    for phone in phones:
        question_clean(phone, "¿Capital de Italia?", 1, 2)


def press(host, how):
    """The host's one button, pressed as `how`: "click", or the key `how` (Space or →, as a
    presentation clicker sends them) with nothing focused."""
    if how == "click":
        host.locator("#next").click()
    else:
        host.evaluate("() => document.activeElement?.blur()")
        host.keyboard.press(how)


def play_round(server, host, board, phones, title, quizzes, round_id, how):
    """Round `round_id` of the set `title`: every phone answers every question with one tap; each
    question closes when the last answer arrives, with its chart and right answer on the
    projector and a verdict on every phone; the host's button moves on (pressed as `how`) and
    shows the podium after the last question. Returns each phone's right answers."""
    pick(host, title, len(quizzes))
    host.locator("#start").click()
    rights = [0 for _ in phones]
    for number, quiz in enumerate(quizzes, start=1):
        expect(board.locator("#board-question-text")).to_have_text(quiz["question"])
        expect(board.locator("#board-result")).to_be_hidden()
        for phone in phones:
            question_clean(phone, quiz["question"], number, len(quizzes))
        expect(host.locator("#next")).to_have_text("Mostrar respuesta")
        for index, phone in enumerate(phones):
            letter = TAPS[title][number - 1][index]
            tile(phone, letter).tap() if index == 0 else tile(phone, letter).click()
            rights[index] += letter in right_letters(quiz)
        for index, phone in enumerate(phones):
            letter = TAPS[title][number - 1][index]
            expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!" if letter in right_letters(quiz) else "No es correcto")
        expect(board.locator("#board-result")).to_be_visible()
        expect(board.locator("#board-correct-answer")).to_contain_text(sorted(right_letters(quiz))[0] + ":")
        last = number == len(quizzes)
        expect(host.locator("#next")).to_have_text("Ver podio" if last else "Siguiente pregunta")
        press(host, how)
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    expect(board.locator("#podium")).to_be_visible()
    for index, phone in enumerate(phones):
        expect(phone.locator("#end-line")).to_contain_text(f"{rights[index]} de {len(quizzes)} aciertos")
    state = room(server)
    assert state["round"] == round_id and state["phase"] == "finished", state
    host.goto(server.url("/clase/anfitrion.html"))
    expect(host.locator("#start")).to_be_visible()
    return rights


def test_two_host_paced_rounds_back_to_back_start_clean_on_every_screen(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    board = audited(viewport=BOARD)
    board.goto(server.url("/clase/marcador.html"))
    phones = [join_class(audited(**options), server, name) for name, options in PHONES]
    make_set(host, *PLANETS)
    make_set(host, *CAPITALS)
    host.reload()  # the sets made through the API in the host's list

    play_round(server, host, board, phones, *PLANETS, round_id=1, how="ArrowRight")
    # The same set again, no page reloaded: question 1 opens with its tiles on every phone.
    pick(host, "Planetas", 2)
    host.locator("#start").click()
    for phone in phones:
        question_clean(phone, "Júpiter es un planeta", 1, 2)
    audit.check(host, "host: question open, «Mostrar respuesta»")
    # An answer naming the round before is refused: it never lands in this round's question 1.
    status, body = call(phones[0], "POST", "/api/classroom/round/answer", {"round": 1, "question": 1, "answer": True})
    assert status == 409 and "ronda anterior" in body["error"], (status, body)
    assert not next(row for row in room(server)["players"] if row["name"] == "Ana")["answered"]
    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    host.goto(server.url("/clase/anfitrion.html"))

    play_round(server, host, board, phones, *PLANETS, round_id=3, how="Space")
    play_round(server, host, board, phones, *CAPITALS, round_id=4, how="click")
    audit.assert_clean()


def test_an_answer_held_through_an_outage_across_the_end_of_a_round_is_refused_in_the_next(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    ana, bea = class_on_question_1(host, server, audited, *PLANETS)

    # Ana's answer cannot reach the server: it waits, and survives a reload of her page.
    ana.route("**/api/classroom/round/answer", lambda route: route.abort())
    tile(ana, "A").click()
    expect(ana.locator("#answer-status")).to_have_text("Sin conexión: tu respuesta se enviará en cuanto vuelva.")
    ana.reload()
    expect(ana.locator("#answer-status")).to_have_text("Sin conexión: tu respuesta se enviará en cuanto vuelva.")
    tile(bea, "A").click()
    expect(bea.locator("#answer-status")).to_contain_text("Respuesta enviada")
    host.locator("#next").click()  # Mostrar respuesta: Ana's answer never came
    expect(ana.locator("#verdict-title")).to_have_text("Sin respuesta")
    expect(bea.locator("#verdict-title")).to_have_text("¡Correcto!")
    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))

    # The next round of the same set: question 1 starts clean on Ana's phone, her old answer still waiting.
    host.goto(server.url("/clase/anfitrion.html"))
    pick(host, "Planetas", 2)
    host.locator("#start").click()
    question_clean(ana, "Júpiter es un planeta", 1, 2)
    ana.unroute("**/api/classroom/round/answer")
    expect(ana.locator("#late-note")).to_have_text(
        "Tu respuesta a la pregunta 1 de la ronda anterior llegó tarde: aquella ronda ya había terminado.")
    expect(ana.locator("#question-screen .tile").first).to_be_visible()
    audit.check(ana, "phone: an answer of the round before arrived late")
    row = next(row for row in room(server)["players"] if row["name"] == "Ana")
    assert not row["answered"] and row["score"] == 0, row
    # Her answer to this round's question 1 counts.
    tile(ana, "B").click()
    expect(ana.locator("#answer-status")).to_contain_text("Respuesta enviada")
    assert next(row for row in room(server)["players"] if row["name"] == "Ana")["answered"]
    audit.assert_clean()


def test_the_host_button_shows_the_answer_before_moving_on_however_the_question_closes(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    board = audited(viewport=BOARD)
    board.goto(server.url("/clase/marcador.html"))
    ana = join_class(audited(viewport={"width": 390, "height": 844}), server, "Ana")
    bea = join_class(audited(viewport={"width": 360, "height": 740}), server, "Bea")
    # A timed round (5 s a question), so question 2 closes by its time.
    timed_capitals(host, (ana, bea), 5)

    # Question 1: Ana answers, Bea does not; the host shows the answer.
    tile(ana, "A").click()
    expect(ana.locator("#answer-status")).to_contain_text("Respuesta enviada")
    # Nothing says who was right before the close.
    expect(ana.locator("#verdict-screen")).to_have_count(0)
    expect(host.locator("#next")).to_have_text("Mostrar respuesta")
    press(host, "ArrowRight")
    expect(board.locator("#board-result")).to_be_visible()
    expect(board.locator("#board-correct-answer")).to_have_text("A: Roma")
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(bea.locator("#verdict-title")).to_have_text("Sin respuesta")
    expect(host.locator("#next")).to_have_text("Siguiente pregunta")
    assert room(server)["question"] == 1, "the answer shown: still question 1"
    audit.check(host, "host: answer shown, «Siguiente pregunta»")
    audit.check(board, "projector: answer shown by the host")

    # Question 2 (Space on the host page): nobody answers, its time closes it.
    press(host, "Space")
    expect(board.locator("#board-question-text")).to_have_text("Lisboa es la capital de Francia")
    expect(board.locator("#board-result")).to_be_hidden()
    expect(host.locator("#next")).to_have_text("Mostrar respuesta")
    expect(board.locator("#board-correct-answer")).to_have_text("B: Falso")
    for phone in (ana, bea):
        expect(phone.locator("#verdict-title")).to_have_text("Sin respuesta")
    expect(host.locator("#next")).to_have_text("Ver podio")
    host.locator("#next").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    expect(board.locator("#podium")).to_be_visible()
    expect(ana.locator("#end-line")).to_contain_text("1 de 2 aciertos")
    audit.assert_clean()


def test_only_players_with_points_stand_on_the_podium_and_each_counts_what_they_were_asked(classroom, audited, audit):  # noqa: F811
    """Terminar after question 1 of 2, with a late joiner: the podium holds only who has points
    (a tie shares the place), and each phone's "n de m" counts the questions asked while it was in."""
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    board = audited(viewport=BOARD)
    board.goto(server.url("/clase/marcador.html"))
    ana, bea = class_on_question_1(host, server, audited, *CAPITALS)
    carla = join_class(audited(viewport={"width": 360, "height": 740}), server, "Carla")  # late, question 1 open
    question_clean(carla, "¿Capital de Italia?", 1, 2)
    tile(ana, "A").click()
    tile(bea, "B").click()
    tile(carla, "A").click()
    expect(bea.locator("#verdict-title")).to_have_text("No es correcto")
    # Dani joins once question 1 closed: it was never his, so no «Sin respuesta»; his name shows.
    dani = join_class(audited(viewport={"width": 320, "height": 568}), server, "Dani")
    expect(dani.locator("#waiting-screen")).to_contain_text("la siguiente es tuya")
    expect(dani.locator("#me-name")).to_contain_text("Dani")
    expect(dani.locator("#verdict-screen")).to_have_count(0)
    audit.check(dani, "phone: joined once the question closed")
    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#podium > li")).to_have_count(2)
    expect(board.locator("#podium > li.podium-1")).to_have_count(2)  # Ana and Carla share the first place
    expect(board.locator("#podium")).not_to_contain_text("Bea")
    audit.check(board, "projector podium: only players with points")
    expect(ana.locator("#end-line")).to_contain_text("1 de 1 aciertos")  # question 2 was never shown
    expect(bea.locator("#end-line")).to_contain_text("0 de 1 aciertos")
    expect(carla.locator("#end-line")).to_contain_text("1 de 1 aciertos")
    expect(dani.locator("#end-line")).to_contain_text("0 de 0 aciertos")
    # The results page counts as each phone did (question 2 never shown; Dani asked nothing).
    host.goto(server.url("/clase/resultados.html"))
    host.locator("#rounds .round-row a").first.click()
    for name, count in [("Ana", "1 de 1"), ("Bea", "0 de 1"), ("Carla", "1 de 1"), ("Dani", "0 de 0")]:
        expect(host.locator("#players tbody tr").filter(has_text=name)).to_contain_text(count)
    audit.check(host, "results: each player's count as their phone said it")
    audit.assert_clean()
