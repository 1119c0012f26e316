"""A teacher's class in the browser, end to end: the host makes a set with one question of each
kind (text, choice, true/false, number, poll) in the editor and plays it, timed with speed
points, through three phones and a projector. Each question starts with the 3-2-1 on every
screen; the projector shows the question and its tiles, then the chart with the right answer in
big type; the phones move on by themselves, answer with tiles (by keyboard too) or a field (a
decimal comma), and show the verdict, the points and the place. One phone reloads, one loses the
connection with an answer pending (sent when it is back; too late once the question closed), one
loses its cookie and takes its name back with its code. At the end: the podium, each phone's
"n de 5 aciertos · p puntos · puesto k de 3", and the host in the round's results. Screenshots of
the projector and a phone are taken and checked."""

import re

from playwright.sync_api import expect

from classroom_helpers import alert, open_host, room
from conftest import join_class, wait_until
from round_pages import BOARD, build_set, font_px, screenshot_shows

QUIZZES = [
    ("text", "¿Capital de Francia?", {"answer": "París", "alternatives": "Paris"}),
    ("choice", "¿Qué planeta es el más grande?", {"options": [("Marte", False), ("Júpiter", True), ("Venus", False), ("Tierra", False)]}),
    ("truefalse", "Swift es un lenguaje de Apple", {"answer": True}),
    ("number", "¿Cuánto es 7 entre 2?", {"value": "3,5"}),
    ("poll", "¿Qué te ha parecido la clase?", {"options": ["Fácil", "Normal", "Difícil"]}),
]
NAMES = ["Ana", "Bea", "Carla"]


def get_ready_then_question(board, phones, number):
    """The 3-2-1 on the projector and every phone, then question `number` on all of them."""
    expect(board.locator("#board-ready")).to_be_visible()
    expect(board.locator("#board-ready")).to_contain_text("¡Prepárate!")
    for phone in phones:
        expect(phone.locator("#get-ready")).to_contain_text("¡Prepárate!")
        expect(phone.locator("#get-ready")).to_contain_text(f"Pregunta {number} de 5")
    expect(board.locator("#board-question-text")).to_have_text(QUIZZES[number - 1][1])
    for phone in phones:
        expect(phone.locator("#round-question")).to_have_text(QUIZZES[number - 1][1])
        expect(phone.locator("#round-number")).to_have_text(f"Pregunta {number} de 5")


def tile(phone, letter):
    return phone.locator("#question-screen .tile").filter(has_text=re.compile(f"^{letter}")).first


def answer_field(phone, text, last=False):
    """Types `text` and sends it; the last answer closes the question (its verdict follows)."""
    phone.locator("#answer").fill(text)
    phone.locator("#send-answer").click()
    if last:
        expect(phone.locator("#verdict-screen")).to_be_visible()
    else:
        expect(phone.locator("#answer-status")).to_have_text("Respuesta enviada. Espera a que se cierre la pregunta.")


def verdict(phone, title):
    expect(phone.locator("#verdict-title")).to_have_text(title)


def test_a_teacher_plays_a_set_of_every_kind_through_three_phones_and_a_projector(classroom, new_context, tmp_path):
    server, key = classroom
    host = open_host(new_context, server, key)
    board = new_context(viewport=BOARD).new_page()
    board.goto(server.url("/clase/marcador.html"))
    contexts = [new_context(viewport={"width": 390, "height": 844}) for _ in NAMES]
    phones = [join_class(context.new_page(), server, name) for context, name in zip(contexts, NAMES)]
    for phone in phones:  # the code that gives the name back, on the player's screen
        expect(phone.locator("#me-code")).to_have_text(re.compile(r"^Tu código para volver: [A-Z0-9]{4,12}$"))
    codes = [phone.locator("#me-code").inner_text().rsplit(" ", 1)[-1] for phone in phones]
    expect(board.locator("#names li")).to_have_text(NAMES)
    expect(board.locator("#qr")).to_be_visible()

    build_set(host, "Repaso", QUIZZES)
    host.locator("#seconds").select_option("30")
    host.locator("#speed-points").click()
    host.locator("#sets .set-row").first.get_by_role("button", name="Jugar «Repaso»").click()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Repaso (5 preguntas)")
    host.reload()  # the server's choice, not the page's
    expect(host.locator("#round-choice")).to_have_text("Ronda: Repaso (5 preguntas)")
    host.locator("#start").click()
    expect(host.locator("#host-bar")).to_be_visible()
    expect(host.locator("#settings")).not_to_have_attribute("open", "")

    # 1 · text: the field, the verdict, the right answer big on the projector.
    get_ready_then_question(board, phones, 1)
    expect(board.locator("#board-tiles")).to_have_count(0)
    expect(board.locator("#answered")).to_have_text("0 de 3 han respondido")
    expect(board.locator("#marks .answered-mark")).to_have_count(3)
    expect(board.locator("#marks .sym-checkmark-circle-fill")).to_have_count(0)  # never a tick
    expect(phones[0].locator("#answer")).to_have_attribute("maxlength", "200")
    expect(phones[0].locator("#answer-note")).to_have_text("Hasta 200 caracteres.")
    answer_field(phones[0], "París")
    expect(board.locator("#answered")).to_have_text("1 de 3 han respondido")
    expect(board.locator('#marks [data-answered="true"]')).to_have_count(1)
    expect(host.locator("#bar-count")).to_contain_text("1 de 3 han respondido")
    phones[1].reload()  # a reload mid-question: the same question, still to answer
    expect(phones[1].locator("#round-question")).to_have_text(QUIZZES[0][1])
    answer_field(phones[1], "paris")
    answer_field(phones[2], "Lyon", last=True)
    expect(board.locator("#board-correct-answer")).to_have_text("París")
    wait_until(lambda: font_px(board.locator("#board-correct-answer")) >= 48, message="font of board.locator('#board-correct-answer') >= 48 px")
    screenshot_shows(board, tmp_path / "projector-chart.png", board.locator("#board-correct-answer"), board.locator("#board-chart"))
    verdict(phones[0], "¡Correcto!")
    expect(phones[0].locator("#verdict-answer")).to_have_text("Respuesta correcta: París")
    points = int(re.sub(r"\D", "", phones[0].locator("#verdict-points").inner_text()))
    assert 500 <= points <= 1000, points
    expect(phones[0].locator("#verdict-rank")).to_contain_text(re.compile(r"^Vas [12]\.º de 3 · "))
    verdict(phones[2], "No es correcto")
    expect(phones[2].locator("#verdict-points")).to_have_text("+0 puntos")
    expect(phones[2].locator("#verdict-rank")).to_contain_text("Vas 3.º de 3 · 0 puntos")
    screenshot_shows(phones[0], tmp_path / "phone-verdict.png", phones[0].locator("#verdict-title"), phones[0].locator("#verdict-rank"))
    expect(board.locator("#board-top li")).to_have_count(3)

    # 2 · choice: tiles with colour, shape and letter; one by keyboard; one sent after an outage.
    host.locator("#next").click()
    get_ready_then_question(board, phones, 2)
    expect(board.locator("#board-tiles li")).to_have_count(4)
    expect(board.locator("#board-tiles .tile-shape")).to_have_count(4)
    expect(board.locator("#board-tiles .tile-letter")).to_have_text(["A", "B", "C", "D"])
    screenshot_shows(board, tmp_path / "projector-question.png", board.locator("#board-question-text"), board.locator("#board-tiles"), board.locator("#board-countdown"))
    for button in phones[0].locator("#question-screen .tile").all():
        assert button.bounding_box()["height"] >= 64
    expect(tile(phones[0], "B")).to_have_accessible_name("B: Júpiter")
    expect(phones[0].locator("#send-choices")).to_have_count(0)  # one right answer: one tap
    tile(phones[0], "B").focus()  # by keyboard: the tile
    phones[0].keyboard.press("Enter")
    expect(phones[0].locator("#your-answer")).to_have_text("Tu respuesta: B: Júpiter")
    tile(phones[1], "A").click()
    contexts[2].set_offline(True)
    expect(phones[2].locator("#connection")).to_have_text("Sin conexión — reconectando…")
    tile(phones[2], "B").click()
    expect(phones[2].locator("#answer-status")).to_have_text("Sin conexión: tu respuesta se enviará en cuanto vuelva.")
    expect(phones[2].get_by_role("alertdialog")).to_have_count(0)  # nothing blocks the screen
    contexts[2].set_offline(False)
    expect(board.locator("#board-correct-answer")).to_have_text("B: Júpiter")
    expect(board.locator("#board-chart .option-row")).to_have_count(4)
    expect(board.locator("#board-chart .option-row.right")).to_have_count(1)
    expect(board.locator("#board-chart .option-row.right .option-count")).to_have_text("2")
    verdict(phones[2], "¡Correcto!")
    expect(phones[2].locator("#connection")).to_have_count(0)

    # 3 · true/false: an answer pending through an outage reaches the server too late.
    host.locator("#next").click()
    get_ready_then_question(board, phones, 3)
    tile(phones[0], "A").click()
    tile(phones[1], "B").click()
    contexts[2].set_offline(True)
    tile(phones[2], "A").click()
    expect(phones[2].locator("#answer-status")).to_have_text("Sin conexión: tu respuesta se enviará en cuanto vuelva.")
    host.locator("#next").click()  # Mostrar respuesta: closes question 3 before the answer arrives
    expect(board.locator("#board-correct-answer")).to_have_text("A: Verdadero")
    contexts[2].set_offline(False)
    expect(phones[2].locator("#answer-status")).to_have_text("Tu respuesta llegó tarde: la pregunta ya se había cerrado.")
    verdict(phones[2], "Sin respuesta")
    host.locator("#next").click()  # Siguiente pregunta
    expect(board.locator("#board-ready")).to_be_visible()
    expect(phones[2].locator("#late-note")).to_have_text("Tu respuesta a la pregunta 3 llegó tarde: la pregunta ya se había cerrado.")

    # 4 · number: a decimal comma and a point are the same number.
    get_ready_then_question(board, [phones[0], phones[1]], 4)
    expect(phones[0].locator("#answer")).to_have_attribute("inputmode", "decimal")
    answer_field(phones[0], "3,5")
    answer_field(phones[1], "3.5")
    answer_field(phones[2], "4", last=True)
    expect(board.locator("#board-correct-answer")).to_have_text(re.compile(r"^3[,.]5$"))
    verdict(phones[0], "¡Correcto!")
    verdict(phones[1], "¡Correcto!")

    # A phone that lost its cookie takes its name and points back with its code.
    score = room(server)["players"]
    carla = next(player for player in score if player["name"] == "Carla")
    contexts[2].clear_cookies()
    phones[2].reload()
    expect(phones[2].locator("#join")).to_be_visible()
    phones[2].locator("#name").fill("Carla")
    phones[2].locator("#code").fill(codes[2])
    phones[2].locator("#join-button").click()
    expect(phones[2].locator("#lobby")).to_be_visible()
    wait_until(lambda: [p["score"] for p in room(server)["players"] if p["name"] == "Carla"] == [carla["score"]],
               message="Carla's one row with her points")

    # 5 · poll: no right answer, the chart is the point.
    host.locator("#next").click()
    get_ready_then_question(board, phones, 5)
    tile(phones[0], "A").click()
    tile(phones[1], "B").click()
    tile(phones[2], "B").click()
    expect(board.locator("#board-chart .option-row")).to_have_count(3)
    expect(board.locator("#board-chart .option-row.right")).to_have_count(0)
    expect(board.locator("#board-correct")).to_be_hidden()
    verdict(phones[0], "Tu voto cuenta")

    # The end: the podium, each phone's line, the host in the round's results.
    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#(ronda-\d+|ultima)$"))
    expect(host.locator("#round")).to_be_visible()
    expect(host.locator("#round-meta")).to_contain_text("Repaso")
    expect(board.locator("#podium")).to_be_visible()
    rows = {row["name"]: row for row in room(server)["podium"]}
    for phone, name, right in zip(phones, NAMES, [4, 2, 1]):
        expect(phone.locator("#end-line")).to_have_text(re.compile(
            rf"^{right} de 5 aciertos · [\d.]+ puntos · puesto {rows[name]['position']} de 3$"))
    screenshot_shows(phones[0], tmp_path / "phone-end.png", phones[0].locator("#end-line"))
