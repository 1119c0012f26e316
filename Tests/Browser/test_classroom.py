"""Browser tests of classroom mode against `adivina --classroom`: a host page, a
leaderboard page and three player pages (each in its own browser context, so each has its own
cookie) playing whole host-paced trivia and quizzes rounds to the podium, each game page waiting
for the host after answering and showing the player's result at the end. The other screens and
states are in test_classroom_pages.py."""

import re

from playwright.sync_api import expect

from conftest import join_class, wait_until
from classroom_helpers import (ROUND, QUIZ_ANSWERS, LATE_NEWS, room, alert, open_host, failed_responses,
                               round_quiz_ids, answer_quiz)
from test_keyboard_and_live import SPOKEN


# ---------- tests ----------

def test_a_whole_host_paced_trivia_round_from_join_to_podium(classroom, new_context):
    server, key = classroom
    board = new_context(viewport={"width": 1280, "height": 800}).new_page()
    board.goto(server.url("/clase/marcador.html"))
    expect(board.locator("#board-empty")).to_have_text("Esperando a que se una alguien…")
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
    players = [join_class(new_context().new_page(), server, name) for name in names]
    expect(players[0].locator("#room-status")).to_have_text(
        "Esperando a que empiece la ronda… Estás con 2 compañeros.")
    expect(players[0].locator("#play")).to_be_hidden()

    # Everybody shows in the host's list and on the board, markup as plain text.
    expect(host.locator("#players .player-name")).to_have_count(3)
    for page in (host, board):
        expect(page.locator("#players .player-name").filter(has_text="<b>Bea</b>")).to_have_count(1)
        expect(page.locator("#players b")).to_have_count(0)
    expect(host.locator("#players-header")).to_have_text("Jugadores (3)")

    # A player reloading keeps their seat (the cookie).
    players[1].reload()
    expect(players[1].locator("#me-name")).to_have_text("<b>Bea</b>")
    expect(players[1].locator("#lobby")).to_be_visible()

    # The host picks Trivia, host-paced, and starts.
    host.locator("#game-trivia").click()
    expect(host.locator("#game-trivia")).to_have_attribute("aria-pressed", "true")
    expect(host.locator("#game-quizzes")).to_have_attribute("aria-pressed", "false")
    expect(host.locator("#self-paced")).not_to_be_checked()
    expect(host.locator("#start")).to_be_enabled()
    host.locator("#start").click()
    expect(host.locator("#next")).to_be_visible()
    expect(host.locator("#end")).to_be_visible()
    expect(host.locator("#start")).to_be_hidden()
    expect(host.locator("#game-quizzes")).to_be_disabled()
    expect(board.locator("#progress")).to_have_text(f"1 / {ROUND}")
    expect(board.locator("#board-title")).to_have_text("Marcador · Trivia")
    expect(board.locator("#board-join")).to_be_hidden()

    # Each student goes from the lobby to the game page.
    for page in players:
        expect(page.locator("#room-status")).to_have_text(
            f"¡Ronda de Trivia en marcha! Pregunta 1 de {ROUND}.")
        expect(page.locator("#play")).to_have_text("Jugar a Trivia")
        page.locator("#play").click()
        expect(page).to_have_url(server.url("/trivia/play.html"))

    scores = dict.fromkeys(names, 0)
    for number in range(1, ROUND + 1):
        expect(board.locator("#answered")).to_have_text("0 de 3 han respondido")
        expect(board.locator("#players .tick.pending")).to_have_count(3)
        for index, (name, page) in enumerate(zip(names, players)):
            expect(page.locator("#progress")).to_have_text(f"{number} / {ROUND}")
            button = page.locator("#answers .answer").nth((number + index) % 4)
            expect(button).to_be_enabled()
            with page.expect_response(lambda r: r.url.endswith("/api/trivia/answer")) as answered:
                button.click()
            result = answered.value.json()
            assert result["number"] == number, result
            scores[name] += 1 if result["right"] else 0
            row = board.locator("#players .player-row").filter(has_text=name)
            expect(row).to_have_attribute("data-answered", "true")
            expect(row.locator(".player-score")).to_have_text(str(scores[name]))
            expect(row.locator(".tick:not(.pending)")).to_have_count(1)
            # Ahead of the room: the page waits for the host instead of offering the next question.
            expect(page.locator("#waiting-title")).to_have_text("Esperando al anfitrión…")
            expect(page.locator("#waiting-detail")).to_have_text(
                f"(pregunta {number + 1} de {ROUND})" if number < ROUND
                else f"Has respondido las {ROUND} preguntas. Falta que el anfitrión termine la ronda.")
            # ...and keeps this answer's verdict on screen; the right answer stays hidden while
            # the question is open (a second account must not pass it on).
            assert result["correctIndex"] is None, result
            verdict = "¡Correcto!" if result["right"] else "Incorrecto. La respuesta se verá al cerrar la pregunta."
            if index == len(players) - 1:
                # The last answer closes the question (everybody answered): the answer shows.
                verdict = re.compile(r"^(¡Correcto!|Incorrecto\.) Era «.+»\.$")
            expect(page.locator("#waiting-result")).to_have_text(verdict)
            expect(page.locator("#answers")).to_have_count(0)
            if number == 1 and index == 0:  # a reload (same tab) still knows it is in the class
                page.reload()
                expect(page.locator("#waiting-detail")).to_have_text(f"(pregunta 2 de {ROUND})")
                expect(page.locator("#waiting-result")).to_have_text(verdict)
        expect(board.locator("#answered")).to_have_text("3 de 3 han respondido")
        expect(board.locator("#players .tick:not(.pending)")).to_have_count(3)
        expect(host.locator("#players .tick:not(.pending)")).to_have_count(3)
        expect(host.locator("#round-status")).to_contain_text(f"pregunta {number} de {ROUND} · 3 de 3 han respondido")
        if number < ROUND:
            host.locator("#next").click()
            expect(board.locator("#progress")).to_have_text(f"{number + 1} / {ROUND}")
            for page in players:  # the host moved on: the next question, and the last one's answer
                expect(page.locator("#waiting")).to_have_count(0)
                expect(page.locator("#answers .answer")).to_have_count(4)
                expect(page.locator("#feedback")).to_have_text(re.compile(r"^(¡Correcto!|Incorrecto\.) Era «.+»\.$"))
    expect(host.locator("#next")).to_be_disabled()  # the last question: only Terminar is left

    # The board lists players best first.
    board_scores = [int(s) for s in board.locator("#players .player-score").all_text_contents()]
    assert board_scores == sorted(scores.values(), reverse=True), board_scores

    host.locator("#end").click()
    expect(alert(host)).to_contain_text("¿Terminar la ronda?")
    alert(host).get_by_role("button", name="Terminar").click()
    expect(host.locator("#start")).to_be_visible()
    expect(host.locator("#round-status")).to_have_text("Ronda terminada. Puedes empezar otra.")

    expect(board.locator("#board-title")).to_have_text("¡Podio!")
    expect(board.locator("#podium")).to_be_visible()
    expect(board.locator("#podium > li")).to_have_count(3)
    podium = room(server)["podium"]
    assert sorted((row["name"], row["score"]) for row in podium) == sorted(scores.items()), podium
    for row in podium:
        step = board.locator(f"#podium > li.podium-{row['position']}").filter(has_text=row["name"])
        expect(step.first.locator(".podium-score")).to_have_text(
            f"{row['score']} punto{'' if row['score'] == 1 else 's'}")
    expect(board.locator("#podium b")).to_have_count(0)

    # Each game page shows the player's result, with the way back to the class.
    for name, page in zip(names, players):
        expect(page.locator("#waiting")).to_have_count(0)
        expect(page.locator("#class-title")).to_have_text("Ronda terminada")
        expect(page.locator("#class-message")).to_have_text(f"Has acertado {scores[name]} de {ROUND} preguntas.")
        place = next(row["position"] for row in podium if row["name"] == name)
        expect(page.locator("#class-place")).to_have_text(f"Has quedado en el puesto {place}.")
        expect(page.locator("#back-to-class")).to_have_attribute("href", "/clase/")

    # Back on the class page, a student sees where they finished.
    players[2].locator("#back-to-class").click()
    expect(players[2]).to_have_url(server.url("/clase/"))
    carla = next(row for row in podium if row["name"] == "Carla")
    expect(players[2].locator("#room-status")).to_have_text(
        f"Ronda terminada: has quedado en el puesto {carla['position']}.")


def test_a_whole_host_paced_quizzes_round_on_the_quiz_pages(classroom, new_context):
    server, key = classroom
    board = new_context(viewport={"width": 1280, "height": 800}).new_page()
    board.goto(server.url("/clase/marcador.html"))
    host = open_host(new_context, server, key)
    names = ["Ana", "Bea", "Carla"]
    players = [join_class(new_context().new_page(), server, name) for name in names]
    failures = [failed_responses(page) for page in players]

    host.locator("#game-quizzes").click()
    expect(host.locator("#game-quizzes")).to_have_attribute("aria-pressed", "true")
    expect(host.locator("#self-paced")).not_to_be_checked()
    host.locator("#start").click()
    expect(board.locator("#progress")).to_have_text(f"1 / {ROUND}")

    # Host-paced, the class page leads straight to the current question.
    for page in players:
        expect(page.locator("#play")).to_have_text("Jugar a Quizzes")
        page.locator("#play").click()
        expect(page).to_have_url(re.compile(r"/quizzes/play\.html\?id=\d+$"))
    ids = round_quiz_ids(players[0])
    assert len(ids) == 1 and round_quiz_ids(players[2]) == ids, "host-paced: only the question the room reached"

    def right(index, number):  # Ana always knows, Bea on even questions, Carla never
        return index == 0 or (index == 1 and number % 2 == 0)

    scores = dict.fromkeys(names, 0)
    for number in range(1, ROUND + 1):
        expect(board.locator("#answered")).to_have_text("0 de 3 han respondido")
        ids = round_quiz_ids(players[0])
        assert len(ids) == number and round_quiz_ids(players[1]) == ids, "the list grows with the room"
        for index, (name, page) in enumerate(zip(names, players)):
            expect(page.locator("#title")).to_have_text(f"Pregunta {number} de {ROUND}")
            expect(page).to_have_url(server.url(f"/quizzes/play.html?id={ids[number - 1]}"))
            expect(page.locator("#waiting")).to_have_count(0)
            expect(page.locator("#attachment-hint")).to_be_hidden()  # no way to the answer in class
            # The class's limit on an answer, said by the field and kept by it.
            expect(page.locator("#answer")).to_have_attribute("maxlength", "200")
            expect(page.locator("#answer")).to_have_attribute("placeholder", "Tu respuesta (hasta 200 caracteres)")
            text = QUIZ_ANSWERS[ids[number - 1]] if right(index, number) else "no lo sé"
            result = answer_quiz(page, text)
            assert result == right(index, number), (name, number, text)
            scores[name] += 1 if result else 0
            # Answered: the page waits for the host, calmly, with how the answer went.
            expect(page.locator("#waiting-title")).to_have_text("Esperando al anfitrión…")
            expect(page.locator("#waiting-result")).to_have_text(
                "¡Correcto! Has acertado esta pregunta." if result else "Incorrecto: esta no la has acertado.")
            expect(page.locator("#waiting-detail")).to_have_text(
                f"Has respondido la pregunta {number} de {ROUND}." if number < ROUND
                else f"Has respondido las {ROUND} preguntas. Falta que el anfitrión termine la ronda.")
            expect(page.locator("#answer")).to_have_count(0)
            expect(alert(page)).to_have_count(0)
            row = board.locator("#players .player-row").filter(has_text=name)
            expect(row).to_have_attribute("data-answered", "true")
            expect(row.locator(".player-score")).to_have_text(str(scores[name]))
        if number == 3:  # a reload keeps waiting: the answers are the server's
            players[1].reload()
            expect(players[1].locator("#waiting-detail")).to_have_text(f"Has respondido la pregunta 3 de {ROUND}.")
            expect(players[1].locator("#waiting-result")).to_have_text("Incorrecto: esta no la has acertado.")
        expect(board.locator("#answered")).to_have_text("3 de 3 han respondido")
        if number < ROUND:
            host.locator("#next").click()
            for page in players:  # the room moved on: the next question shows by itself
                expect(page.locator("#waiting")).to_have_count(0)
                expect(page.locator("#answer")).to_be_editable()
                expect(page.locator("#answer")).to_have_value("")

    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#podium")).to_be_visible()
    podium = room(server)["podium"]
    assert [row["name"] for row in podium] == ["Ana", "Bea", "Carla"], podium
    for position, (name, page) in enumerate(zip(names, players), start=1):
        expect(page.locator("#class-title")).to_have_text("Ronda terminada")
        expect(page.locator("#class-message")).to_have_text(f"Has acertado {scores[name]} de {ROUND} preguntas.")
        expect(page.locator("#class-place")).to_have_text(f"Has quedado en el puesto {position}.")
        expect(page.locator("#back-to-class")).to_have_attribute("href", "/clase/")
    players[1].locator("#back-to-class").click()
    expect(players[1].locator("#room-status")).to_have_text("Ronda terminada: has quedado en el puesto 2.")
    for name, failed in zip(names, failures):
        assert failed == [], f"{name}'s pages got refusals in the normal flow: {failed}"


def late_room_news(new_context, server, key, game):
    """The host's page and a player's game page (their words said recorded, see SPOKEN) with one
    other player, in a host-paced round of `game` on its first question."""
    host = open_host(new_context, server, key)
    context = new_context()
    context.add_init_script(SPOKEN)
    context.add_init_script(LATE_NEWS)
    player = join_class(context.new_page(), server, "Ana")
    join_class(new_context().new_page(), server, "Bea")
    host.locator(f"#game-{game}").click()
    expect(host.locator(f"#game-{game}")).to_have_attribute("aria-pressed", "true")
    host.locator("#start").click()
    player.locator("#play").click()
    return host, player


def test_the_games_news_before_the_rooms_shows_no_wait_for_the_host(classroom, new_context):
    """The host moves on; the player's trivia news of question 2 comes before the room's (two
    topics, sent apart). The page neither shows nor says "waiting for the host" meanwhile: it
    says the new question once."""
    server, key = classroom
    host, ana = late_room_news(new_context, server, key, "trivia")
    expect(ana.locator("#answers .answer")).to_have_count(4)
    ana.locator("#answers .answer").first.click()
    expect(ana.locator("#waiting-title")).to_be_visible()
    ana.evaluate("() => { window.spoken = []; window.lateTopic = /^classroom/; }")
    host.locator("#next").click()
    expect(ana.locator("#progress")).to_have_text(f"2 / {ROUND}")
    question = ana.locator("#question").inner_text()
    wait_until(lambda: ana.evaluate("() => window.spoken.length") > 0, message="the new question said")
    assert ana.evaluate("() => window.spoken") == [f"Pregunta 2 de {ROUND}: {question}"]


def test_the_rooms_news_before_the_lists_shows_no_end_of_round(classroom, new_context):
    """Host-paced quizzes: the room's news of question 2 comes before the round's list has it. The
    page does not show (nor say) that every question is answered meanwhile."""
    server, key = classroom
    host, ana = late_room_news(new_context, server, key, "quizzes")
    expect(ana.locator("#title")).to_have_text(f"Pregunta 1 de {ROUND}")
    answer_quiz(ana, "no lo sé")
    expect(ana.locator("#waiting-title")).to_be_visible()
    ana.evaluate("() => { window.spoken = []; window.lateTopic = /quizzes$/; }")
    host.locator("#next").click()
    expect(ana.locator("#title")).to_have_text(f"Pregunta 2 de {ROUND}")
    expect(ana.locator("#answer")).to_be_editable()
    wait_until(lambda: ana.evaluate("() => window.spoken.length") > 0, message="the new question said")
    spoken = ana.evaluate("() => window.spoken")
    assert len(spoken) == 1 and spoken[0].startswith(f"Pregunta 2 de {ROUND}: "), spoken


def test_an_answer_to_a_question_the_host_has_left_is_refused(classroom, new_context):
    """The host moves on while a player's page still shows question 1 (its news on the way): a
    click on an answer there is refused with the reason, never counted for question 2."""
    server, key = classroom
    host, ana = late_room_news(new_context, server, key, "trivia")
    expect(ana.locator("#answers .answer")).to_have_count(4)
    ana.evaluate("() => { window.lateTopic = /./; }")
    host.locator("#next").click()
    wait_until(lambda: room(server)["question"] == 2, message="the room on question 2")
    expect(ana.locator("#progress")).to_have_text(f"1 / {ROUND}")  # the news held
    with ana.expect_response(lambda r: r.url.endswith("/api/trivia/answer")) as answered:
        ana.locator("#answers .answer").first.click()
    assert answered.value.status == 409, answered.value.text()
    expect(alert(ana)).to_contain_text("Esa pregunta ya no está en juego")
    alert(ana).get_by_role("button", name="Aceptar").click()
    ana.evaluate("() => window.releaseNews()")
    expect(ana.locator("#progress")).to_have_text(f"2 / {ROUND}")
    expect(ana.locator("#answers .answer").first).to_be_enabled()
    assert not any(player["answered"] for player in room(server)["players"]), room(server)["players"]
