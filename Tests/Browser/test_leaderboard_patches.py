"""The classroom leaderboard arrives as one whole snapshot and then patches (`classroom.patch`
events) that the pages' event hub applies: the rules of WebRoot/js/snapshot-patch.js checked in
the browser, and leaderboard pages (one open from the start, one opened mid-round) that end showing
exactly the room's state after thirty players answer a whole round at once."""

import http.client
import json
import threading

from playwright.sync_api import expect

from conftest import wait_until
from classroom_helpers import room

PLAYERS = 30
ROUND = 10


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
      const names = (snapshot) => snapshot.players.map((p) => `${p.name}:${p.score}`).join(" ");
      return { untouched: JSON.stringify(base) === frozen, scored: names(scored), count: scored.answeredCount,
               joined: names(joined), left: names(left), game: left.game, phase: left.phase, tie: names(tie),
               empty: JSON.stringify(applyPatch(base, {})) === frozen };
    }""")
    assert results == {
        "untouched": True, "scored": "Carla:1 Ana:0 Bea:0", "count": 1,
        "joined": "Carla:1 Ana:0 Bea:0 Dani:0", "left": "Carla:1 Bea:0 Dani:0", "game": None, "phase": "lobby",
        "tie": "Carla:1 Dani:1 Bea:0", "empty": True,
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
    expect(early.locator("#players .player-row")).to_have_count(PLAYERS)

    assert call(port, "POST", "/api/classroom/host/game", {"game": "trivia"}, host)[0] == 200
    assert call(port, "PUT", "/api/classroom/host/pace", {"selfPaced": True}, host)[0] == 200
    assert call(port, "POST", "/api/classroom/host/start", None, host)[0] == 200
    expect(early.locator("#answered")).to_have_text(f"Cada uno a su ritmo · 0 de {PLAYERS} han terminado")

    failures = []

    def play(index, cookie, questions):
        for _ in range(questions):
            status, body, _ = call(port, "POST", "/api/trivia/answer", {"index": index % 4}, {"Cookie": cookie})
            if status != 200:
                failures.append((index, status, body))

    def play_all(questions):
        threads = [threading.Thread(target=play, args=(i, c, questions)) for i, c in enumerate(cookies)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    play_all(ROUND // 2)
    late = new_context(viewport={"width": 1280, "height": 900}).new_page()
    late.goto(server.url("/clase/marcador.html"))  # a whole snapshot mid-round, then patches
    play_all(ROUND - ROUND // 2)
    assert not failures, failures[:3]

    final = room(server)
    assert final["answeredCount"] == PLAYERS
    expected = [[row["name"], row["score"]] for row in final["players"]]
    assert sum(score for _, score in expected) > 0
    for page in (early, late):
        expect(page.locator("#answered")).to_have_text(f"Cada uno a su ritmo · {PLAYERS} de {PLAYERS} han terminado")
        wait_until(lambda: board_rows(page) == expected, message="the board in the room's order and scores")
