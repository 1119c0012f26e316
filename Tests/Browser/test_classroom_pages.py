"""Browser tests of classroom mode against `adivina --classroom`, besides the whole rounds
(test_classroom.py, test_classroom_teacher.py): the game pages know nothing of a class;
single-player pages ask nothing about a classroom; the host controls refuse a page without the
key; join errors show in an alert and the host removes a player; a self-paced round, each player
opening their next question, shows each one's progress; the host locks the room, bans a device and
keeps a round out of the ranking."""

import re

from playwright.sync_api import expect

from conftest import join_class, wait_until
from a11y import CONTEXT
from test_accessibility import audit  # noqa: F401  (fixture)
from classroom_helpers import ROUND, room, alert, open_host, refused_join


def test_the_game_pages_know_nothing_of_a_class(classroom, new_context, audit):  # noqa: F811
    """A class plays on its own screens: a player who opens the game pages (a bookmark, a new tab)
    gets the single-player pages, which ask nothing about the class and load none of its code. A
    class player has no single-player models: each page says why in an alert (the server's reason
    for refusing its topic), and the phone's own page, sharing the browser's stream, stays live."""
    server, key = classroom
    ana = join_class(new_context(**CONTEXT).new_page(), server, "Ana")  # axe may run past the CSP
    asked = []
    for path in ("/quizzes/", "/quizzes/play.html?id=1", "/trivia/play.html"):
        page = ana.context.new_page()
        # The game page's own requests: the class's phone page, still open beside it, may ask
        # for the player (`/api/classroom/me`) whenever it likes.
        page.on("request", lambda r: asked.append(r.url) if "/api/classroom" in r.url or "/clase/" in r.url else None)
        page.goto(server.url(path))
        expect(page.get_by_role("alertdialog")).to_contain_text("Durante la clase solo se usan las páginas de la clase.")
        if path == "/quizzes/":
            audit.check(page, "a single-player page in class: the alert")
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map((entry) => entry.name)")
        assert not [url for url in loaded if "classroom" in url or "/clase/" in url], loaded
        page.close()
    assert asked == [], asked
    # The phone's page still follows its round: a second player joining shows on its lobby card.
    join_class(new_context().new_page(), server, "Bea")
    expect(ana.locator("#room-status")).to_contain_text("Estás con 1 compañero")
    audit.assert_clean()


def test_single_player_pages_ask_nothing_about_a_classroom(server, new_context):
    context = new_context()
    asked = []
    context.on("request", lambda r: asked.append(r.url) if "/api/classroom" in r.url else None)
    page = context.new_page()
    quiz = server.loaded_state()["quizzes"][0]
    # A marker cookie left from a class changes nothing either.
    context.add_cookies([{"name": "adivina_clase", "value": "1", "url": server.url("/")}])
    for path in ("/quizzes/", f"/quizzes/play.html?id={quiz['id']}", "/trivia/play.html"):
        page.goto(server.url(path))
        expect(page.locator("#screen, #quizzes").first).not_to_be_empty()
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#question")).to_have_text(quiz["question"])
    expect(page.locator("#check")).to_be_visible()
    assert asked == []


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


def test_a_phone_follows_its_own_round_view_alone(classroom, new_context):
    """The phone's one topic is the player's view (`round`): the lobby card's count and points, the
    round and a removal all come through it (the removal as the stream's last event, `bye`); it
    never follows the room's whole state, and asks nothing to learn it was removed."""
    server, key = classroom
    context = new_context()
    context.add_init_script("delete window.SharedWorker")  # the page's own stream, so its requests show
    phone = context.new_page()
    streams = []
    phone.on("request", lambda request: streams.append(request.url) if "/api/events" in request.url else None)
    join_class(phone, server, "Ana")
    expect(phone.locator("#room-status")).to_have_text("Esperando a que empiece la ronda… Aún no ha llegado nadie más.")
    expect(phone.locator("#me-score")).to_have_text("0 puntos")
    join_class(new_context().new_page(), server, "Bea")
    expect(phone.locator("#room-status")).to_have_text("Esperando a que empiece la ronda… Estás con 1 compañero.")

    host = open_host(new_context, server, key)
    asked = []
    phone.on("request", lambda request: asked.append(request.url) if "/api/classroom/" in request.url else None)
    host.get_by_role("button", name="Expulsar a Ana").click()
    alert(host).get_by_role("button", name="Expulsar").click()
    expect(phone.locator("#join-note")).to_have_text("El anfitrión te ha quitado de la clase. Puedes volver a unirte.")
    assert asked == [], f"the stream's farewell said it; the phone asked {asked}"
    assert streams, "the phone opened no event stream"
    assert all(re.search(r"[?&]topics=round(&|$)", url) for url in streams), streams


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
    expect(host.locator("#round-choice")).to_have_text("Ronda: Quizzes del servidor de preguntas")

    host.locator("#start").click()
    expect(host.locator("#end")).to_be_visible()
    expect(host.locator("#next")).to_be_hidden()  # nothing to move on: each one goes at their pace
    expect(host.locator("#bar-count")).to_have_text("Cada uno a su ritmo · 0 de 2 han terminado")
    expect(board.locator("#progress")).to_have_text(f"{ROUND} preguntas")
    expect(board.locator("#board-top-title")).to_have_text("Cada uno a su ritmo · 0 de 2 han terminado")

    # Each player opens their next question when they choose (its time starts then).
    ana, bea = players
    for number in (1, 2):
        expect(ana.locator("#open-question")).to_be_visible()
        expect(ana.locator("#round-question")).to_have_count(0)  # no text before it is opened
        ana.locator("#open-question").click()
        expect(ana.locator("#round-number")).to_have_text(f"Pregunta {number} de {ROUND}")
        expect(ana.locator("#round-question")).not_to_be_empty()
        ana.locator("#answer").fill("no lo sé")
        ana.locator("#send-answer").click()
    expect(ana.locator("#open-question")).to_be_visible()
    row = host.locator("#players .player-row").filter(has_text="Ana")
    expect(row.locator(".player-progress")).to_have_text(f"2/{ROUND}")
    expect(host.locator("#players .player-row").filter(has_text="Bea").locator(".player-progress")).to_have_text(f"0/{ROUND}")
    expect(bea.locator("#open-question")).to_be_visible()  # Bea is still on her first

    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#board-empty")).to_have_text("Nadie ha sumado puntos en esta ronda.")  # no podium with 0
    expect(board.locator("#podium")).to_be_hidden()
    expect(ana.locator("#end-line")).to_have_text(re.compile(r"^0 de 2 aciertos · 0 puntos · puesto 1 de 2$"))  # the 2 she opened


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
    expect(ana.locator("#question-screen .tile")).to_have_count(4)
    ana.locator("#question-screen .tile").first.click()
    expect(ana.locator("#your-answer")).to_be_visible()
    expect(host.locator("#save-ranking")).to_be_hidden()  # the settings are folded away during a round
    host.get_by_text("Ajustes de la ronda").click()
    host.locator("#save-ranking").click()
    expect(host.locator("#save-ranking")).not_to_be_checked()
    host.locator("#end").click()
    expect(alert(host)).to_contain_text("no se guardarán en el ranking")
    with host.expect_request(lambda r: r.url.endswith("/api/classroom/host/end")) as ending:
        alert(host).get_by_role("button", name="Terminar").click()
    assert ending.value.post_data_json == {"saveToRanking": False}, ending.value.post_data
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))  # Terminar leads to the results
    assert server.request("GET", "/api/ranking/state")[1]["entries"] == []


def test_the_host_releases_a_name_and_its_owner_takes_it_back(classroom, new_context):
    """A phone that lost its cookie and its code: the host releases the name, and the next join
    with it takes the player's place and points back (one row, not a ghost and a newcomer)."""
    server, key = classroom
    host = open_host(new_context, server, key)
    ana = join_class(new_context().new_page(), server, "Ana")
    before = next(player for player in room(server)["players"] if player["name"] == "Ana")
    ana.context.clear_cookies()
    refused_join(new_context().new_page(), server, "Ana", "Ya hay alguien llamado «Ana» en la clase")
    host.get_by_role("button", name="Liberar el nombre de Ana").click()
    expect(alert(host)).to_contain_text("¿Liberar el nombre de Ana?")
    with host.expect_response(lambda r: r.url.endswith(f"/host/players/{before['id']}/release")) as released:
        alert(host).get_by_role("button", name="Liberar").click()
    assert released.value.status == 200, released.value.text()
    ana.reload()
    ana.locator("#name").fill("Ana")
    ana.locator("#join-button").click()
    expect(ana.locator("#lobby")).to_be_visible()
    wait_until(lambda: [p["id"] for p in room(server)["players"] if p["name"] == "Ana"] == [before["id"]],
               message="Ana's one row, her own again")
    expect(host.locator("#players .player-row")).to_have_count(1)
