"""The classroom leaderboard arrives as one whole snapshot and then patches (`classroom.patch`
events) that the pages' event hub applies: the rules of WebRoot/js/snapshot-patch.js checked in
the browser, and projector pages (one open from the start, one opened mid-round) that end showing
exactly the room's top 5 after thirty players answer each question of a round at once."""

import http.client
import json
import threading
import time

from playwright.sync_api import expect

from conftest import wait_until
from classroom_helpers import room

PLAYERS = 30
ROUND = 10  # questions in a trivia round
PLAYED = 3  # of them, answered by everybody at once


def test_patch_rules(server, page):
    page.goto(server.url("/"))
    results = page.evaluate("""async () => {
      const { applyPatch } = await import("/js/snapshot-patch.js");
      const base = { phase: "lobby", game: "trivia", players: [
        { id: 1, name: "Ana", score: 0 }, { id: 2, name: "Bea", score: 0 }, { id: 3, name: "Carla", score: 0 }] };
      const frozen = JSON.stringify(base);
      const sort = ["-score", "id"];
      const scored = applyPatch(base, { set: { answeredCount: 1 },
        lists: { players: { upsert: [{ id: 3, name: "Carla", score: 1 }], sort } } });
      const joined = applyPatch(scored, { lists: { players: { upsert: [{ id: 4, name: "Dani", score: 0 }], sort } } });
      const left = applyPatch(joined, { set: { game: null }, lists: { players: { remove: [1, 99], sort } } });
      const tie = applyPatch(left, { lists: { players: { upsert: [{ id: 4, name: "Dani", score: 1 }], sort } } });
      // A row that exists comes with only what changed: merged, the rest kept (Bea keeps her name).
      const merged = applyPatch(tie, { lists: { players: { upsert: [{ id: 2, score: 2 }], sort } } });
      const names = (snapshot) => snapshot.players.map((p) => `${p.name}:${p.score}`).join(" ");
      return { untouched: JSON.stringify(base) === frozen, scored: names(scored), count: scored.answeredCount,
               joined: names(joined), left: names(left), game: left.game, phase: left.phase, tie: names(tie), merged: names(merged),
               empty: JSON.stringify(applyPatch(base, {})) === frozen };
    }""")
    assert results == {
        "untouched": True, "scored": "Carla:1 Ana:0 Bea:0", "count": 1,
        "joined": "Carla:1 Ana:0 Bea:0 Dani:0", "left": "Carla:1 Bea:0 Dani:0", "game": None, "phase": "lobby",
        "tie": "Carla:1 Dani:1 Bea:0", "merged": "Bea:2 Carla:1 Dani:1", "empty": True,
    }


def call(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = None if body is None else json.dumps(body).encode()
    connection.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, (json.loads(text) if text else None), response.getheader("Set-Cookie")


def board_rows(page):
    return page.locator("#players .player-row").evaluate_all(
        "(rows) => rows.map((row) => [row.querySelector('.player-name').textContent,"
        " Number(row.querySelector('.player-score').textContent)])")


def test_leaderboards_end_showing_the_room_after_a_round_of_patches(classroom, new_context):  # noqa: F811
    server, key = classroom
    port = int(server.base_url.rsplit(":", 1)[1].strip("/"))
    host = {"X-Host-Key": key}
    cookies = []
    for number in range(1, PLAYERS + 1):
        status, body, cookie = call(port, "POST", "/api/classroom/join", {"name": f"Jugador {number}"})
        assert status == 201, body
        cookies.append(cookie.split(";")[0])
    early = new_context(viewport={"width": 1280, "height": 900}).new_page()
    early.goto(server.url("/clase/marcador.html"))
    expect(early.locator("#names li")).to_have_count(PLAYERS)

    assert call(port, "POST", "/api/classroom/host/game", {"game": "trivia"}, host)[0] == 200
    assert call(port, "POST", "/api/classroom/host/start", None, host)[0] == 200
    failures = []

    def play(index, cookie, number):
        deadline = time.monotonic() + 10
        while True:  # after the 3-2-1
            status, body, _ = call(port, "POST", "/api/classroom/round/answer",
                                   {"question": number, "answer": [index % 4]}, {"Cookie": cookie})
            if status != 409 or "cuenta atrás" not in body.get("error", "") or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        if status != 200:
            failures.append((index, number, status, body))

    late = None
    for number in range(1, PLAYED + 1):
        if number > 1:
            assert call(port, "POST", "/api/classroom/host/next", None, host)[0] == 200
        expect(early.locator("#progress")).to_have_text(f"{number} / {ROUND}")
        threads = [threading.Thread(target=play, args=(i, c, number)) for i, c in enumerate(cookies)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if number == 1:
            late = new_context(viewport={"width": 1280, "height": 900}).new_page()
            late.goto(server.url("/clase/marcador.html"))  # a whole snapshot mid-round, then patches
    assert not failures, failures[:3]

    final = room(server)
    assert final["answeredCount"] == PLAYERS and final["chart"]["question"] == PLAYED
    expected = [[row["name"], row["score"]] for row in final["players"][:5]]
    assert sum(score for _, score in expected) > 0
    for page in (early, late):
        expect(page.locator("#board-chart")).to_be_visible()  # everybody answered: it closed
        wait_until(lambda: board_rows(page) == expected, message="the board's top 5 in the room's order and scores")
