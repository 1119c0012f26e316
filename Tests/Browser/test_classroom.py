"""Browser tests of classroom mode (issue 7) against `adivina --classroom`: a host page, a
leaderboard page and three player pages (each in its own browser context, so each has its own
cookie) playing whole host-paced trivia and quizzes rounds to the podium, each game page waiting
for the host after answering and showing the player's result at the end; game pages opened
directly (a new tab, a bookmark) follow the room; single-player pages ask nothing about a
classroom; the host controls refuse a page without the key; names with markup show as text; join
errors show in an alert."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import join_class, wait_until

ROUND = 10  # questions in a classroom round
QUIZ_ANSWERS = {}  # quiz id -> right answer, from the quiz stand-in's bundled data (first item per id)
for item in json.loads((Path(__file__).parents[2] / "Sources/StandIns/Data/quiz/quizzes.json").read_text()):
    QUIZ_ANSWERS.setdefault(item["id"], item["answer"])


# ---------- helpers ----------

@pytest.fixture
def classroom(start_server):
    """adivina in classroom mode and the host key it printed."""
    server = start_server("--classroom")
    line = wait_until(lambda: next((l for l in server.output if l.startswith("Clave de anfitrión:")), None),
                      timeout=10, message="the host key in the output of adivina")
    return server, line.split(":", 1)[1].strip()


def room(server):
    status, body = server.request("GET", "/api/classroom/state")
    assert status == 200, (status, body)
    return body


def alert(page):
    return page.get_by_role("alertdialog")


def open_host(new_context, server, key):
    page = new_context(viewport={"width": 1024, "height": 900}).new_page()
    page.goto(server.url("/clase/anfitrion.html"))
    expect(page.locator("#login")).to_be_visible()
    expect(page.locator("#start")).to_be_hidden()
    page.locator("#key").fill(key)
    page.locator("#login-button").click()
    expect(page.locator("#host")).to_be_visible()
    expect(page.locator("#login")).to_be_hidden()
    return page


def failed_responses(page):
    """A list that fills with "STATUS URL" for every answer of 400 or more `page` gets."""
    failed = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return failed


def round_quiz_ids(page):
    """The ids of the round's quizzes, in order, as the player `page` sees them."""
    state = page.evaluate("() => fetch('/api/quizzes/state').then((r) => r.json())")
    return [quiz["id"] for quiz in state["quizzes"]]


def answer_quiz(page, text):
    """Types `text` on a quiz play page and checks it; returns whether it was right."""
    page.locator("#answer").fill(text)
    with page.expect_response(lambda r: "/check" in r.url) as checked:
        page.locator("#check").click()
    assert checked.value.status == 200, checked.value.text()
    return checked.value.json()["result"]


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
            # ...and keeps this answer's verdict on screen, naming the right answer.
            verdict = "¡Correcto!" if result["right"] else "Incorrecto."
            expect(page.locator("#waiting-result")).to_have_text(re.compile(rf"^{re.escape(verdict)} Era «.+»\.$"))
            expect(page.locator("#answers")).to_have_count(0)
            if number == 1 and index == 0:  # a reload (same tab) still knows it is in the class
                page.reload()
                expect(page.locator("#waiting-detail")).to_have_text(f"(pregunta 2 de {ROUND})")
                expect(page.locator("#waiting-result")).to_have_text(verdict)  # the question's text is gone
        expect(board.locator("#answered")).to_have_text("3 de 3 han respondido")
        expect(board.locator("#players .tick:not(.pending)")).to_have_count(3)
        expect(host.locator("#players .tick:not(.pending)")).to_have_count(3)
        expect(host.locator("#round-status")).to_contain_text(f"pregunta {number} de {ROUND} · 3 de 3 han respondido")
        if number < ROUND:
            host.locator("#next").click()
            expect(board.locator("#progress")).to_have_text(f"{number + 1} / {ROUND}")
            for page in players:  # the host moved on: the question is back
                expect(page.locator("#waiting")).to_have_count(0)
                expect(page.locator("#answers .answer")).to_have_count(4)
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
    assert len(ids) == ROUND and round_quiz_ids(players[2]) == ids

    def right(index, number):  # Ana always knows, Bea on even questions, Carla never
        return index == 0 or (index == 1 and number % 2 == 0)

    scores = dict.fromkeys(names, 0)
    for number in range(1, ROUND + 1):
        expect(board.locator("#answered")).to_have_text("0 de 3 han respondido")
        for index, (name, page) in enumerate(zip(names, players)):
            expect(page.locator("#title")).to_have_text(f"Pregunta {number} de {ROUND}")
            expect(page).to_have_url(server.url(f"/quizzes/play.html?id={ids[number - 1]}"))
            expect(page.locator("#waiting")).to_have_count(0)
            expect(page.locator("#attachment-hint")).to_be_hidden()  # no way to the answer in class
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


def test_a_game_page_opened_directly_follows_the_room(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    ana = join_class(new_context().new_page(), server, "Ana")
    assert "adivina_clase=1" in ana.evaluate("document.cookie"), "the marker the game pages look for"
    failures = failed_responses(ana)
    host.locator("#game-quizzes").click()
    expect(host.locator("#game-quizzes")).to_have_attribute("aria-pressed", "true")
    host.locator("#start").click()
    expect(ana.locator("#play")).to_be_visible()
    ids = round_quiz_ids(ana)

    # A new tab on a later question (a bookmark, say): host-paced, it shows the room's question.
    tab = ana.context.new_page()
    failures_tab = failed_responses(tab)
    tab.goto(server.url(f"/quizzes/play.html?id={ids[4]}"))
    expect(tab.locator("#title")).to_have_text(f"Pregunta 1 de {ROUND}")
    expect(tab).to_have_url(server.url(f"/quizzes/play.html?id={ids[0]}"))
    answer_quiz(tab, QUIZ_ANSWERS[ids[0]])
    expect(tab.locator("#waiting-result")).to_have_text("¡Correcto! Has acertado esta pregunta.")

    # The list, opened directly too, is the round's: where Ana is with each question.
    listing = ana.context.new_page()
    listing.goto(server.url("/quizzes/"))
    expect(listing.locator("#list-header")).to_have_text(f"Pregunta 1 de {ROUND}")
    expect(listing.locator("#back")).to_have_attribute("href", "/clase/")
    expect(listing.locator("#reload")).to_be_hidden()
    expect(listing.locator("#only-unanswered")).to_be_hidden()
    rows = listing.locator("#quizzes > li")
    expect(rows).to_have_count(ROUND)
    expect(rows.nth(0).locator(".badge-right")).to_be_visible()
    expect(rows.nth(1).locator(".class-tag")).to_have_text("Más tarde")
    expect(listing.locator("#quizzes a[href]")).to_have_count(0)  # nothing to open before the host moves on

    host.locator("#next").click()
    expect(tab.locator("#title")).to_have_text(f"Pregunta 2 de {ROUND}")
    expect(tab).to_have_url(server.url(f"/quizzes/play.html?id={ids[1]}"))
    expect(listing.locator("#list-header")).to_have_text(f"Pregunta 2 de {ROUND}")
    expect(rows.nth(1).locator(".class-tag")).to_have_text("Ahora")
    expect(listing.locator("#quizzes a[href]")).to_have_count(1)
    listing.locator("#quizzes a[href]").click()
    expect(listing).to_have_url(server.url(f"/quizzes/play.html?id={ids[1]}"))
    answer_quiz(listing, "no lo sé")
    # The other tab sees the answer too (the leaderboard says so, GET me says which).
    expect(tab.locator("#waiting-result")).to_have_text("Incorrecto: esta no la has acertado.")

    # The trivia page, opened directly, knows there is no trivia round.
    trivia = ana.context.new_page()
    trivia.goto(server.url("/trivia/play.html"))
    expect(trivia.locator("#no-round")).to_contain_text("No hay ninguna ronda de Trivia en marcha")
    expect(trivia.locator("#back-to-class")).to_have_attribute("href", "/clase/")

    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    for page in (tab, listing):
        expect(page.locator("#class-message")).to_have_text(f"Has acertado 1 de {ROUND} preguntas.")
    assert failures + failures_tab == [], failures + failures_tab


def test_single_player_pages_ask_nothing_about_a_classroom(server, new_context):
    context = new_context()
    asked = []
    context.on("request", lambda r: asked.append(r.url) if "/api/classroom" in r.url else None)
    page = context.new_page()
    quiz = server.loaded_state()["quizzes"][0]
    for path in ("/quizzes/", f"/quizzes/play.html?id={quiz['id']}", "/trivia/play.html"):
        page.goto(server.url(path))
        expect(page.locator("#screen, #quizzes").first).not_to_be_empty()
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#question")).to_have_text(quiz["question"])
    assert asked == []

    # A marker left from a classroom (the server has since restarted without one): asked once,
    # refused, forgotten; the page plays single-player.
    context.add_cookies([{"name": "adivina_clase", "value": "1", "url": server.url("/")}])
    page.reload()
    expect(page.locator("#question")).to_have_text(quiz["question"])
    expect(page.locator("#check")).to_be_visible()
    wait_until(lambda: "adivina_clase" not in page.evaluate("document.cookie"), message="the marker cleared")
    assert [url.split("?")[0] for url in asked] == [server.url("/api/classroom/me")], asked
    page.goto(server.url("/trivia/play.html"))
    expect(page.locator("#answers .answer, #idle, #result").first).to_be_visible()
    assert len(asked) == 1, asked


def test_host_controls_refuse_a_page_without_the_key(classroom, new_context):
    server, key = classroom
    student = join_class(new_context().new_page(), server, "Ana")
    intruder = new_context().new_page()
    intruder.goto(server.url("/clase/anfitrion.html"))
    expect(intruder.locator("#login")).to_be_visible()
    expect(intruder.locator("#host")).to_be_hidden()

    intruder.locator("#key").fill("0" * 32)
    intruder.locator("#login-button").click()
    expect(alert(intruder)).to_contain_text("La clave de anfitrión no es correcta.")
    alert(intruder).get_by_role("button", name="Aceptar").click()
    expect(intruder.locator("#host")).to_be_hidden()

    # Even with the controls forced into view, the server refuses every one of them.
    intruder.evaluate("document.getElementById('host').hidden = false")
    intruder.locator("#game-trivia").click()
    expect(alert(intruder)).to_be_visible()
    alert(intruder).get_by_role("button", name="Aceptar").click()
    assert room(server)["game"] is None
    status, _ = server.request("POST", "/api/classroom/host/game", {"game": "trivia"})
    assert status == 401
    for path in ("/api/classroom/host/start", "/api/classroom/host/next", "/api/classroom/host/end"):
        for page in (intruder, student):
            status = page.evaluate("(path) => fetch(path, {method: 'POST'}).then((r) => r.status)", path)
            assert status == 401, (path, status)

    # The real host page still works, and the student page never shows host controls.
    host = open_host(new_context, server, key)
    host.locator("#game-trivia").click()
    expect(host.locator("#start")).to_be_enabled()
    assert room(server)["phase"] == "lobby"
    expect(student.locator("#start")).to_have_count(0)


def test_join_errors_show_in_an_alert_and_the_host_can_remove_a_player(classroom, new_context):
    server, key = classroom
    ana = join_class(new_context().new_page(), server, "  Ana  ")
    other = new_context().new_page()
    other.goto(server.url("/clase/"))
    other.locator("#name").fill("ana")
    other.locator("#join-button").click()
    expect(alert(other)).to_contain_text("Ya hay alguien llamado «ana» en la clase")
    alert(other).get_by_role("button", name="Aceptar").click()
    expect(other.locator("#join")).to_be_visible()
    other.locator("#name").fill("x" * 30)
    # The field's own limit keeps 24 characters; the server takes them.
    other.locator("#join-button").click()
    expect(other.locator("#me-name")).to_have_text("x" * 24)

    host = open_host(new_context, server, key)
    expect(host.locator("#players .player-row")).to_have_count(2)
    host.get_by_role("button", name="Expulsar a Ana").click()
    expect(alert(host)).to_contain_text("¿Expulsar a Ana?")
    alert(host).get_by_role("button", name="Expulsar").click()
    expect(host.locator("#players .player-row")).to_have_count(1)
    expect(ana.locator("#join")).to_be_visible()  # removed: back to the form
    expect(ana.locator("#lobby")).to_be_hidden()
    expect(ana.locator("#join-note")).to_have_text("El anfitrión te ha quitado de la clase. Puedes volver a unirte.")
    ana.locator("#name").fill("Ana")
    ana.locator("#join-button").click()
    expect(ana.locator("#lobby")).to_be_visible()
    expect(host.locator("#players .player-row")).to_have_count(2)


def test_a_self_paced_quizzes_round_shows_each_players_progress(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    board = new_context(viewport={"width": 1280, "height": 800}).new_page()
    board.goto(server.url("/clase/marcador.html"))
    players = [join_class(new_context().new_page(), server, name) for name in ("Ana", "Bea")]

    host.locator("#game-quizzes").click()
    expect(host.locator("#game-quizzes")).to_have_attribute("aria-pressed", "true")
    host.locator("#self-paced").click()
    expect(host.locator("#self-paced")).to_be_checked()
    wait_until(lambda: room(server)["selfPaced"], message="the self-paced switch on the server")

    # A reloaded host page is still the host's (the HttpOnly cookie): no key asked again.
    host.reload()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#login")).to_be_hidden()
    expect(host.locator("#self-paced")).to_be_checked()
    assert room(server)["selfPaced"] is True

    host.locator("#start").click()
    expect(host.locator("#end")).to_be_visible()
    expect(host.locator("#next")).to_be_hidden()  # nothing to move on: each one goes at their pace
    expect(board.locator("#progress")).to_have_text("10 preguntas")
    expect(board.locator("#answered")).to_have_text("Cada uno a su ritmo · 0 de 2 han terminado")

    ana = players[0]
    expect(ana.locator("#room-status")).to_have_text("¡Ronda de Quizzes en marcha! Cada uno a su ritmo.")
    ana.locator("#play").click()
    expect(ana).to_have_url(server.url("/quizzes/"))
    expect(ana.locator("#quizzes > li")).to_have_count(10)
    first = ana.locator("#quizzes > li").first.get_attribute("data-id")
    status = ana.evaluate(
        "(id) => fetch(`/api/quizzes/${id}/check`, {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({answer: 'no lo sé'})}).then((r) => r.status)", first)
    assert status == 200
    for page in (board, host):
        row = page.locator("#players .player-row").filter(has_text="Ana")
        expect(row.locator(".player-progress")).to_have_text("1/10")
        expect(row.locator(".tick.pending")).to_have_count(1)
    expect(board.locator("#players .player-row").filter(has_text="Bea").locator(".player-progress")).to_have_text("0/10")

    # Bea plays on the pages, at her own pace: any question, once, then on to the next.
    bea = players[1]
    bea.locator("#play").click()
    expect(bea.locator("#list-header")).to_have_text("0 de 10 respondidas")
    expect(bea.locator("#quizzes a[href]")).to_have_count(10)  # every question opens
    ids = round_quiz_ids(bea)
    bea.locator(f"#quizzes > li[data-id='{ids[3]}'] a").click()
    expect(bea.locator("#title")).to_have_text("Pregunta 4 de 10")
    assert answer_quiz(bea, QUIZ_ANSWERS[ids[3]])
    expect(bea.locator("#answered-result")).to_have_text("¡Correcto! Has acertado esta pregunta.")
    expect(bea.locator("#waiting")).to_have_count(0)  # nobody to wait for
    expect(alert(bea)).to_have_count(0)
    bea.locator("#next-question").click()
    expect(bea.locator("#title")).to_have_text("Pregunta 1 de 10")
    expect(bea).to_have_url(server.url(f"/quizzes/play.html?id={ids[0]}"))
    expect(board.locator("#players .player-row").filter(has_text="Bea").locator(".player-progress")).to_have_text("1/10")
    bea.go_back()
    expect(bea.locator("#list-header")).to_have_text("1 de 10 respondidas")
    expect(bea.locator(f"#quizzes > li[data-id='{ids[3]}'] .badge-right")).to_be_visible()

    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#podium")).to_be_visible()
    expect(board.locator("#players .player-progress")).to_have_count(0)
