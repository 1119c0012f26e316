"""Browser tests of classroom mode (issue 7) against `adivina --classroom`, besides the whole
host-paced rounds (test_classroom.py): game pages opened directly (a new tab, a bookmark) follow
the room; single-player pages ask nothing about a classroom; the host controls refuse a page
without the key; names with markup show as text; join errors show in an alert and the host removes
a player; a self-paced quizzes round shows each player's progress; the host locks the room, bans a
device and keeps a round out of the ranking."""

from playwright.sync_api import expect

from conftest import join_class, wait_until
from classroom_helpers import (ROUND, QUIZ_ANSWERS, room, alert, open_host, failed_responses,
                               round_quiz_ids, answer_quiz, refused_join)


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

    # Host-paced, the player's list holds only the question the room is on.
    assert len(ids) == 1, ids
    # A new tab on another quiz (a bookmark, say): host-paced, it shows the room's question.
    tab = ana.context.new_page()
    failures_tab = failed_responses(tab)
    tab.goto(server.url(f"/quizzes/play.html?id={ids[0] + 1000}"))
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
    expect(rows).to_have_count(1)  # no question the room has not reached
    expect(rows.nth(0).locator(".badge-right")).to_be_visible()
    expect(listing.locator("#quizzes a[href]")).to_have_count(0)  # nothing to open before the host moves on

    host.locator("#next").click()
    expect(rows).to_have_count(2)
    ids = round_quiz_ids(ana)
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
    other = refused_join(new_context().new_page(), server, "ana", "Ya hay alguien llamado «ana» en la clase")
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


def test_a_click_on_a_players_button_survives_the_rooms_news(classroom, new_context):
    """The room's news between the press and the release of a click on a player's button (in a
    class, news comes with every answer) does not swallow the click: the row is kept, not redrawn."""
    server, key = classroom
    host = open_host(new_context, server, key)
    join_class(new_context().new_page(), server, "Ana")
    button = host.get_by_role("button", name="Expulsar a Ana")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    host.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    host.mouse.down()
    join_class(new_context().new_page(), server, "Bea")
    expect(host.locator("#players-header")).to_have_text("Jugadores (2)")
    host.mouse.up()
    expect(alert(host)).to_contain_text("¿Expulsar a Ana?")
    alert(host).get_by_role("button", name="Cancelar").click()
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


def test_the_host_locks_the_room_bans_a_device_and_keeps_a_round_out_of_the_ranking(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    ana = join_class(new_context().new_page(), server, "Ana")
    join_class(new_context().new_page(), server, "Bea")

    # Closing the class: nobody new joins, with the reason in an alert; opening it again.
    host.locator("#locked").click()
    expect(host.locator("#locked")).to_be_checked()
    wait_until(lambda: room(server)["locked"], message="the room locked on the server")
    late = refused_join(
        new_context().new_page(), server, "Carla", "La clase está cerrada: el profesor no deja entrar a nadie más.")
    host.locator("#locked").click()
    expect(host.locator("#locked")).not_to_be_checked()
    wait_until(lambda: not room(server)["locked"], message="the room open again")
    late.locator("#join-button").click()
    expect(late.locator("#lobby")).to_be_visible()

    # Removing with "Bloquear" asks the server to ban the device for the round (loopback, the
    # teacher's own machine, is never banned: see ClassroomIntegrityTests for a real device).
    host.get_by_role("button", name="Expulsar a Bea").click()
    expect(alert(host)).to_contain_text("«Bloquear» además impide que vuelva a entrar")
    with host.expect_request(lambda r: r.method == "DELETE") as removal:
        alert(host).get_by_role("button", name="Bloquear").click()
    assert removal.value.url.endswith("?ban=true"), removal.value.url
    expect(host.locator("#players .player-row")).to_have_count(2)

    # A round whose scores the host keeps out of the ranking.
    host.locator("#game-trivia").click()
    host.locator("#start").click()
    expect(host.locator("#end")).to_be_visible()
    status = ana.evaluate("() => fetch('/api/trivia/answer', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                          " body: JSON.stringify({index: 0})}).then((r) => r.status)")
    assert status == 200
    host.locator("#save-ranking").click()
    expect(host.locator("#save-ranking")).not_to_be_checked()
    host.locator("#end").click()
    expect(alert(host)).to_contain_text("no se guardarán en el ranking")
    with host.expect_request(lambda r: r.url.endswith("/api/classroom/host/end")) as ending:
        alert(host).get_by_role("button", name="Terminar").click()
    assert ending.value.post_data_json == {"saveToRanking": False}, ending.value.post_data
    expect(host.locator("#start")).to_be_visible()
    assert server.request("GET", "/api/ranking/state")[1]["entries"] == []
