"""A timed classroom round in the browser: the host sets the timer and speed points on the page,
the projector, the host's bar and every phone show the same countdown, a reload or a dropped
network keeps it, the question closes when time is up and the projector and the host show the
chart with the right answer, the player who did not answer sees it, the host gives a player extra
time; self-paced, each player's time starts when they open their question."""

import re

from playwright.sync_api import expect

from conftest import join_class, wait_until
from classroom_helpers import QUIZ_BY_QUESTION, room, alert, open_host, host_board_and_players


def tiles(page):
    return page.locator("#question-screen .tile")


def seconds_left(page, countdown):
    return int(page.locator(f"#{countdown} .countdown-seconds").inner_text())


def test_a_timed_trivia_round_with_speed_points_a_chart_and_extra_time(classroom, new_context):
    server, key = classroom
    names = ["Ana", "Bea", "Carla"]
    host, board, players = host_board_and_players(new_context, server, key, names)

    expect(host.locator("#speed-points")).to_be_disabled()  # speed points need a timer
    # 30 s, not 10: everything below happens while the question is open, and on a busy machine
    # the reloads and the dropped network took longer than 10 s; the chart then comes by itself.
    host.locator("#seconds").select_option("30")
    expect(host.locator("#speed-points")).to_be_enabled()
    host.locator("#speed-points").click()
    host.locator("#game-trivia").click()
    wait_until(lambda: (room(server).get("timer") or {}).get("speedPoints") is True, message="the timer on the server")
    assert room(server)["timer"] == {"seconds": 30, "speedPoints": True}
    host.locator("#start").click()

    for page in players:
        expect(tiles(page)).to_have_count(4)
        expect(page.locator("#player-countdown")).to_be_visible()
    expect(board.locator("#board-countdown")).to_be_visible()
    expect(host.locator("#host-bar #host-countdown")).to_be_visible()
    seconds = seconds_left(board, "board-countdown")
    assert 1 <= seconds <= 30, seconds
    expect(board.locator("#board-chart")).to_have_count(0)  # never an answer while it is open

    # A reload is not a loss: the same question with the time that is left.
    players[1].reload()
    expect(tiles(players[1])).to_have_count(4)
    expect(players[1].locator("#player-countdown")).to_be_visible()
    assert seconds_left(players[1], "player-countdown") <= seconds

    # A dropped network is not a loss either: the banner, then the same question.
    players[0].context.set_offline(True)
    expect(players[0].locator("#connection")).to_be_visible()
    players[0].context.set_offline(False)
    expect(players[0].locator("#connection")).to_have_count(0)
    expect(tiles(players[0])).to_have_count(4)

    for page in players[:2]:
        tiles(page).first.click()
        expect(page.locator("#answer-status")).to_be_visible()
    # Carla does not answer: when time is up the question closes for everybody.
    expect(board.locator("#board-chart")).to_be_visible(timeout=60_000)
    expect(board.locator("#board-chart .option-row.right")).to_have_count(1)
    expect(board.locator("#board-correct-answer")).to_have_text(re.compile(r"^[ABCD]: .+"))
    expect(board.locator("#board-countdown")).to_be_hidden()
    expect(host.locator("#host-chart")).to_be_visible()
    expect(players[2].locator("#verdict-title")).to_have_text("Sin respuesta")
    expect(players[0].locator("#verdict-points")).to_have_text(re.compile(r"^\+\d+ puntos?$"))
    late = players[2].evaluate("() => fetch('/api/classroom/round/answer', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                               " body: JSON.stringify({question: 1, answer: [0]})}).then((r) => r.status)")
    assert late == 409

    # Extra time for Carla: only the host sees it.
    host.get_by_role("button", name="Tiempo extra de Carla").click()
    with host.expect_response(lambda r: r.url.endswith("/time")) as given:
        alert(host).get_by_role("button", name="×2").click()
    assert given.value.status == 200
    expect(host.locator("#players .player-row").filter(has_text="Carla").locator(".player-extra")).to_have_text("×2")
    expect(board.locator(".player-extra")).to_have_count(0)

    host.locator("#next").click()
    expect(board.locator("#board-countdown")).to_be_visible()
    expect(board.locator("#board-chart")).to_be_hidden()
    expect(tiles(players[2])).to_have_count(4)
    ends = room(server)["deadline"]
    assert ends["question"] == 2 and ends["endsAt"] - ends["openedAt"] == 30_000
    wait_until(lambda: seconds_left(players[2], "player-countdown") > 30,
               message="Carla's own countdown counting her ×2 time")
    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#board-title")).to_have_text("¡Podio!")


def test_the_hosts_timer_choice_survives_the_rooms_news_before_a_game_is_picked(classroom, new_context):
    """Until a game is picked the timer is the host's own choice: the room's news (a player joins,
    the pace changes) must not wipe it nor switch speed points off again (a race CI once lost)."""
    server, key = classroom
    host, board, (ana,) = host_board_and_players(new_context, server, key, ["Ana"])
    host.locator("#seconds").select_option("20")
    host.locator("#speed-points").click()
    host.locator("#self-paced").check()
    wait_until(lambda: room(server).get("selfPaced") is True, message="the pace on the server")
    join_class(new_context().new_page(), server, "Bea")
    expect(host.locator("#players-header")).to_have_text("Jugadores (2)")
    expect(host.locator("#seconds")).to_have_value("20")
    expect(host.locator("#speed-points")).to_be_checked()
    expect(host.locator("#speed-points")).to_be_enabled()
    host.locator("#game-trivia").click()
    wait_until(lambda: room(server).get("timer") == {"seconds": 20, "speedPoints": True},
               message=f"the host's timer on the server: {room(server).get('timer')}")
    # Once a game is picked the server's choice is shown; a change is kept while it is sent.
    host.locator("#seconds").select_option("30")
    wait_until(lambda: room(server).get("timer") == {"seconds": 30, "speedPoints": True},
               message=f"the new timer on the server: {room(server).get('timer')}")
    expect(host.locator("#seconds")).to_have_value("30")
    expect(host.locator("#speed-points")).to_be_checked()

    # A switch held on its way: the room's news crossing it does not undo the click...
    held = []
    host.route("**/api/classroom/host/lock", lambda route: held.append(route))
    host.locator("#locked").check()
    join_class(new_context().new_page(), server, "Carla")
    expect(host.locator("#players-header")).to_have_text("Jugadores (3)")
    expect(host.locator("#locked")).to_be_checked()
    assert len(held) == 1 and room(server)["locked"] is False
    held[0].continue_()
    wait_until(lambda: room(server)["locked"] is True, message="the room locked on the server")
    # ...and a refusal puts the server's value back, with the reason.
    host.unroute("**/api/classroom/host/lock")
    host.route("**/api/classroom/host/lock", lambda route: route.fulfill(
        status=409, content_type="application/json", body='{"error": "Ahora no se puede."}'))
    host.locator("#locked").click()
    expect(alert(host)).to_contain_text("Ahora no se puede.")
    alert(host).get_by_role("button", name="Aceptar").click()
    expect(host.locator("#locked")).to_be_checked()


def test_a_choice_changed_while_the_game_pick_is_on_its_way_goes_after_it(classroom, new_context):
    """The host picks a game and changes the timer before the pick's reply (and its news) came:
    the change is not lost, and reaches the server after the pick, not before it."""
    server, key = classroom
    host = open_host(new_context, server, key)
    held = []
    host.route("**/api/classroom/host/game", lambda route: route.continue_() if held else held.append(route))
    host.locator("#seconds").select_option("20")
    with host.expect_request("**/api/classroom/host/game"):
        host.locator("#game-trivia").click()
    host.locator("#seconds").select_option("30")
    host.locator("#speed-points").click()
    expect(host.locator("#game-trivia")).to_have_attribute("aria-pressed", "true")
    assert len(held) == 1 and room(server)["game"] is None  # the change waits for the pick
    with host.expect_response(lambda r: r.url.endswith("/host/game") and r.request.post_data_json.get("seconds") == 30):
        held[0].continue_()
    assert room(server).get("timer") == {"seconds": 30, "speedPoints": True}, room(server).get("timer")
    expect(host.locator("#seconds")).to_have_value("30")
    expect(host.locator("#speed-points")).to_be_checked()
    expect(host.locator("#game-trivia")).to_have_attribute("aria-pressed", "true")


def test_a_self_paced_timed_quizzes_round_gives_each_player_their_own_time(classroom, new_context):
    """Self-paced and timed, each player's time starts when they open their question ("Ver la
    pregunta": `POST /api/classroom/round/open`); its text reaches them only then;
    the answer's reply carries the points, shown on the way to the next question."""
    server, key = classroom
    host, board, (ana, bea) = host_board_and_players(new_context, server, key, ["Ana", "Bea"])
    host.locator("#self-paced").check()
    host.locator("#seconds").select_option("20")
    host.locator("#speed-points").click()
    host.locator("#game-quizzes").click()
    wait_until(lambda: room(server).get("selfPaced") is True and (room(server).get("timer") or {}).get("speedPoints") is True,
               message="a self-paced timed round on the server")
    host.locator("#start").click()

    opened = []
    ana.on("request", lambda r: opened.append(r.post_data_json) if r.url.endswith("/api/classroom/round/open") else None)
    expect(ana.locator("#open-question")).to_be_visible()
    expect(board.locator("#board-countdown")).to_be_hidden()  # no room countdown: each has their own
    ana.locator("#open-question").click()  # the player chose to open it: no 3-2-1
    expect(ana.locator("#round-question")).not_to_be_empty()
    expect(ana.locator("#player-countdown")).to_be_visible()
    assert opened == [{"round": 1, "question": 1}], opened
    assert 1 <= seconds_left(ana, "player-countdown") <= 20
    # Bea has not opened anything: her time has not started, and the text is not hers yet.
    view = bea.evaluate("() => fetch('/api/classroom/round').then((r) => r.json())")
    assert view["phase"] == "unopened" and view["text"] is None and view["deadline"] is None, view

    answer = QUIZ_BY_QUESTION[ana.locator("#round-question").inner_text()]
    ana.locator("#answer").fill(answer)
    with ana.expect_response(lambda r: r.url.endswith("/round/answer")) as checked:
        ana.locator("#send-answer").click()
    reply = checked.value.json()
    assert reply["result"] is True and 500 <= reply["points"] <= 1000, reply
    expect(ana.locator("#last-result")).to_have_text(f"Tu respuesta a la pregunta 1: correcta · +{reply['points']} puntos")
    expect(ana.locator("#open-question")).to_be_visible()  # on to her next question, when she wants
    expect(ana.locator("#round-number")).to_have_count(0)
    expect(host.locator("#players .player-row").filter(has_text="Ana").locator(".player-score")).to_have_text(str(reply["points"]))
