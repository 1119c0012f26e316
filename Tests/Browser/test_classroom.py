"""Browser tests of classroom mode (issue 7) against `adivina --classroom`: a host page, a
leaderboard page and three player pages (each in its own browser context, so each has its own
cookie) playing a whole host-paced trivia round to the podium; the host controls refuse a page
without the key; names with markup show as text; join errors show in an alert."""

import pytest
from playwright.sync_api import expect

from conftest import wait_until

ROUND = 10  # trivia questions in a classroom round


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


def join(new_context, server, name):
    page = new_context().new_page()
    page.goto(server.url("/clase/"))
    page.locator("#name").fill(name)
    page.locator("#join-button").click()
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#me-name")).to_have_text(name.strip())
    expect(page.locator("#join")).to_be_hidden()
    return page


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
    players = [join(new_context, server, name) for name in names]
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
        expect(board.locator("#answered")).to_have_text("3 de 3 han respondido")
        expect(board.locator("#players .tick:not(.pending)")).to_have_count(3)
        expect(host.locator("#players .tick:not(.pending)")).to_have_count(3)
        expect(host.locator("#round-status")).to_contain_text(f"pregunta {number} de {ROUND} · 3 de 3 han respondido")
        if number < ROUND:
            host.locator("#next").click()
            expect(board.locator("#progress")).to_have_text(f"{number + 1} / {ROUND}")
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

    # Back on the class page, a student sees where they finished.
    players[2].goto(server.url("/clase/"))
    carla = next(row for row in podium if row["name"] == "Carla")
    expect(players[2].locator("#room-status")).to_have_text(
        f"Ronda terminada: has quedado en el puesto {carla['position']}.")


def test_host_controls_refuse_a_page_without_the_key(classroom, new_context):
    server, key = classroom
    student = join(new_context, server, "Ana")
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
    ana = join(new_context, server, "  Ana  ")
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
    players = [join(new_context, server, name) for name in ("Ana", "Bea")]

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

    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#podium")).to_be_visible()
    expect(board.locator("#players .player-progress")).to_have_count(0)
