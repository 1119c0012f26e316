"""Browser tests of classroom mode against `adivina --classroom`: a host page, a projector and
three phones (each in its own browser context, so each has its own cookie) playing host-paced
rounds of the built-in sources on the class's own screens: trivia (four choices, as tiles) and
the quiz server (typed answers), from the lobby to the podium; and an answer to a question the
host has left, refused with the reason. The set of every kind is test_classroom_teacher.py; the
other screens and states are in test_classroom_pages.py and test_classroom_screens.py."""

import re

from playwright.sync_api import expect

from conftest import join_class, wait_until
from classroom_helpers import (ROUND, QUIZ_BY_QUESTION, LATE_NEWS, room, alert, open_host, failed_responses,
                               host_board_and_players)

PLAYED = 3  # questions played of a 10-question round before the host ends it


def tiles(page):
    return page.locator("#question-screen .tile")


def test_a_host_paced_trivia_round_from_join_to_podium(classroom, new_context):
    server, key = classroom
    board = new_context(viewport={"width": 1280, "height": 720}).new_page()
    board.goto(server.url("/clase/marcador.html"))
    expect(board.locator("#arrivals-count")).to_have_text("Esperando a que se una alguien…")
    join_url = f"http://127.0.0.1:{server.port}/clase/"
    expect(board.locator("#join-url")).to_have_text(join_url)  # on the projector while in the lobby

    host = open_host(new_context, server, key)
    expect(host.locator("#join-url")).to_have_text(join_url)
    # The QR code shows when the server draws one, else the big link stands alone.
    qr_status, _ = server.request("HEAD", "/api/classroom/qr.svg")
    for page in (host, board):
        if qr_status == 200:
            expect(page.locator("#qr")).to_be_visible()
        else:
            expect(page.locator("#qr")).to_be_hidden()
    expect(host.locator("#players-empty")).to_be_visible()
    expect(host.locator("#start")).to_be_disabled()  # no game picked yet

    names = ["Ana", "<b>Bea</b>", "Carla"]
    # A phone's first visit asks nothing it has no cookie for: no refused request, no console error.
    first = new_context().new_page()
    errors = []
    first.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    first.on("response", lambda response: errors.append(f"{response.status} {response.url}") if response.status >= 400 else None)
    first.goto(server.url("/clase/"))
    expect(first.locator("#name")).to_be_focused()
    players = [join_class(first, server, names[0])] + [join_class(new_context().new_page(), server, name) for name in names[1:]]
    assert not errors, errors
    failures = [failed_responses(page) for page in players]
    expect(players[0].locator("#room-status")).to_have_text(
        "Esperando a que empiece la ronda… Estás con 2 compañeros.")

    # Everybody shows in the host's list and as a name arriving on the projector, markup as text.
    expect(host.locator("#players .player-name")).to_have_count(3)
    expect(host.locator("#players .player-name").filter(has_text="<b>Bea</b>")).to_have_count(1)
    expect(board.locator("#names li")).to_have_text(names)
    expect(board.locator("#names b, #players b")).to_have_count(0)
    expect(host.locator("#players-header")).to_have_text("Jugadores (3)")

    # A player reloading keeps their seat (the cookie).
    players[1].reload()
    expect(players[1].locator("#me-name")).to_have_text("<b>Bea</b>")
    expect(players[1].locator("#lobby")).to_be_visible()

    host.locator("#game-trivia").click()
    expect(host.locator("#game-trivia")).to_have_attribute("aria-pressed", "true")
    expect(host.locator("#round-choice")).to_have_text("Ronda: Trivia")
    host.locator("#start").click()
    expect(host.locator("#start")).to_be_hidden()
    expect(host.locator("#game-quizzes")).to_be_disabled()
    expect(board.locator("#board-join")).to_be_hidden()
    expect(board.locator("#progress")).to_have_text(f"1 / {ROUND}")

    for number in range(1, PLAYED + 1):
        # Every phone moves into the question by itself, after the 3-2-1.
        for page in players:
            expect(tiles(page)).to_have_count(4)
            expect(page.locator("#round-number")).to_have_text(f"Pregunta {number} de {ROUND}")
        expect(board.locator("#board-tiles li")).to_have_count(4)
        expect(board.locator("#answered")).to_have_text("0 de 3 han respondido")
        for index, (name, page) in enumerate(zip(names, players)):
            tiles(page).nth((number + index) % 4).click()  # one right answer: one tap
            if index < len(players) - 1:
                expect(page.locator("#answer-status")).to_have_text("Respuesta enviada. Espera a que se cierre la pregunta.")
                expect(page.locator("#verdict-answer")).to_have_count(0)  # nothing right before it closes
                expect(board.locator("#answered")).to_have_text(f"{index + 1} de 3 han respondido")
        # The last answer closes the question: the chart, the right answer and every verdict.
        # The last question's result stays in the page, hidden, until this one's is drawn.
        expect(board.locator("#board-chart")).to_be_visible()
        expect(board.locator("#board-chart .option-row")).to_have_count(4)
        right = board.locator("#board-correct-answer").inner_text()
        assert re.fullmatch(r"[ABCD]: .+", right), right
        for page in players:
            expect(page.locator("#verdict-title")).to_have_text(re.compile(r"^(¡Correcto!|No es correcto)$"))
            expect(page.locator("#verdict-answer")).to_have_text(f"Respuesta correcta: {right}")
            expect(page.locator("#verdict-rank")).to_have_text(re.compile(r"^Vas [123]\.º de 3 · \d+ puntos?$"))
        if number == 1:  # a reload on the verdict keeps it: the view is the server's
            players[0].reload()
            expect(players[0].locator("#verdict-answer")).to_have_text(f"Respuesta correcta: {right}")
        if number < PLAYED:
            host.locator("#next").click()
            expect(board.locator("#progress")).to_have_text(f"{number + 1} / {ROUND}")

    host.locator("#end").click()
    expect(alert(host)).to_contain_text("¿Terminar la ronda?")
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#board-title")).to_have_text("¡Podio!")
    podium = room(server)["podium"]
    assert all(row["score"] > 0 for row in podium), podium  # nobody stands on it with 0 points
    expect(board.locator("#podium") if podium else board.locator("#board-empty")).to_be_visible()
    for row in podium:
        step = board.locator(f"#podium > li.podium-{row['position']}").filter(has_text=row["name"])
        expect(step.first.locator(".podium-score")).to_have_text(f"{row['score']} punto{'' if row['score'] == 1 else 's'}")
    expect(board.locator("#podium b")).to_have_count(0)
    players_now = {row["name"]: row for row in room(server)["players"]}
    for name, page in zip(names, players):
        score = players_now[name]["score"]
        place = 1 + sum(row["score"] > score for row in players_now.values())
        # "n de m": of the questions asked (the round ended after PLAYED of its ROUND).
        expect(page.locator("#end-line")).to_have_text(
            f"{players_now[name]['rightCount']} de {PLAYED} aciertos · {score} punto{'' if score == 1 else 's'} · puesto {place} de 3")
    for name, failed in zip(names, failures):
        assert failed == [], f"{name}'s pages got refusals in the normal flow: {failed}"

    # A new round clears the podium. Terminar opened the results first: wait for that
    # navigation, or it interrupts the one below.
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    host.goto(server.url("/clase/anfitrion.html"))
    host.locator("#start").click()
    expect(board.locator("#podium")).to_be_hidden()
    expect(board.locator("#progress")).to_have_text(f"1 / {ROUND}")


def test_a_quiz_server_round_is_answered_by_typing(classroom, new_context):
    server, key = classroom
    host, board, players = host_board_and_players(new_context, server, key, ("Ana", "Bea"))
    host.locator("#game-quizzes").click()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Quizzes del servidor de preguntas")
    host.locator("#start").click()
    ana, bea = players
    expect(ana.locator("#round-question")).not_to_be_empty()
    question = ana.locator("#round-question").inner_text()
    answer = QUIZ_BY_QUESTION[question]
    expect(ana.locator("#answer-note")).to_have_text("Hasta 200 caracteres.")
    ana.locator("#answer").fill(f"  {answer.upper()}  ")
    ana.locator("#send-answer").click()
    expect(ana.locator("#your-answer")).to_have_text(f"Tu respuesta: {answer.upper()}")
    bea.locator("#answer").fill("no lo sé")
    bea.locator("#send-answer").click()
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(bea.locator("#verdict-title")).to_have_text("No es correcto")
    expect(board.locator("#board-chart .answer-chart-bars")).to_be_visible()  # the most given answers
    expect(board.locator("#board-correct-answer")).not_to_be_empty()


def test_an_answer_to_a_question_the_host_has_left_is_refused(classroom, new_context):
    """The host moves on while a phone still shows question 1 (its news held on the way): the
    answer given there is refused with the reason, never counted for question 2; once the news
    arrives the phone is on question 2."""
    server, key = classroom
    host = open_host(new_context, server, key)
    context = new_context()
    context.add_init_script(LATE_NEWS)
    ana = join_class(context.new_page(), server, "Ana")
    join_class(new_context().new_page(), server, "Bea")
    host.locator("#game-trivia").click()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Trivia")
    host.locator("#start").click()
    expect(tiles(ana)).to_have_count(4)
    ana.evaluate("() => { window.lateTopic = /./; }")
    host.locator("#next").click()  # Mostrar respuesta
    wait_until(lambda: (room(server)["chart"] or {}).get("question") == 1, message="question 1's answer shown")
    expect(host.locator("#next")).to_have_text("Siguiente pregunta")
    host.locator("#next").click()
    wait_until(lambda: room(server)["question"] == 2, message="the room on question 2")
    expect(ana.locator("#round-number")).to_have_text(f"Pregunta 1 de {ROUND}")  # the news held
    with ana.expect_response(lambda r: r.url.endswith("/api/classroom/round/answer")) as answered:
        tiles(ana).first.click()
    assert answered.value.status == 409, answered.value.text()
    expect(ana.locator("#answer-status")).to_have_text(answered.value.json()["error"])
    expect(alert(ana)).to_have_count(0)  # said on the screen, nothing to dismiss
    ana.evaluate("() => window.releaseNews()")
    expect(ana.locator("#round-number")).to_have_text(f"Pregunta 2 de {ROUND}")
    expect(tiles(ana).first).to_be_enabled()
    assert not any(player["answered"] for player in room(server)["players"]), room(server)["players"]
