"""Issue 36, point 3: a phone carries on after the app is killed (kill -9) and started again on
the same port and data: its event streams reconnect by themselves, its cookie still works, the
interrupted round shows over, and the next round reaches it without joining again."""

import signal

from playwright.sync_api import expect

from classroom_helpers import call, open_host, room
from conftest import join_class, wait_until
from test_accessibility import audit, audited  # noqa: F401  (fixtures)


def start_round(host, set_id):
    assert call(host, "POST", "/api/classroom/host/game", {"game": "quizzes", "set": set_id})[0] == 200
    status, body = call(host, "POST", "/api/classroom/host/start")
    assert status == 200, body


def test_a_phone_carries_on_after_a_kill_9(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    ana = join_class(audited(viewport={"width": 390, "height": 844}), server, "Ana")
    quiz = {"kind": "truefalse", "question": "¿El agua hierve a 100 °C al nivel del mar?", "answer": True}
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Física", "quizzes": [quiz, quiz]})
    assert status == 201, body
    start_round(host, body["id"])
    expect(ana.locator("#question-screen .tile")).to_have_count(2)

    server.stop(signal.SIGKILL)
    server.start(port=server.port)
    assert room(server)["players"][0]["name"] == "Ana"
    expect(ana.locator("#question-screen .tile")).to_have_count(0)  # the interrupted round is over

    start_round(host, body["id"])  # the host's cookie (the kept key) still works
    expect(ana.locator("#question-screen .tile")).to_have_count(2)
    ana.locator("#question-screen .tile").first.click()
    wait_until(lambda: room(server)["answeredCount"] == 1, message="Ana's answer in the new round, with her old cookie")
    audit.check(ana, "phone: a round after the app started again")
    audit.assert_clean()
