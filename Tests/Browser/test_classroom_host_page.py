"""The host's page (issue 39, point 10): at 320 px no link breaks inside a word, and during a
host-paced round the host sees the room's question (the QR code folds away)."""

from playwright.sync_api import expect

from classroom_helpers import call, open_host
from conftest import join_class
from round_pages import broken_words
from test_accessibility import audit, audited  # noqa: F401  (fixtures)


def test_the_host_page_at_320_px_and_during_a_round(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    host.set_viewport_size({"width": 320, "height": 640})
    expect(host.locator("#join-url")).not_to_be_empty()
    assert broken_words(host, "a") == [], "a link breaks inside a word at 320 px"
    ana = join_class(audited(viewport={"width": 390, "height": 844}), server, "Ana")
    quiz = {"kind": "truefalse", "question": r"¿Es $$\frac{1}{2} > \frac{1}{3}$$?", "answer": True}
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Fracciones", "quizzes": [quiz]})
    assert status == 201, body
    assert call(host, "POST", "/api/classroom/host/game", {"game": "quizzes", "set": body["id"]})[0] == 200
    host.locator("#start").click()
    expect(host.locator("#host-question-number")).to_have_text("Pregunta 1 de 1")
    expect(host.locator("#host-question-text math")).to_have_count(1)
    expect(host.locator("#qr")).to_be_hidden()
    expect(host.locator("#join-url")).to_be_visible()
    box = host.locator("#host-question").bounding_box()
    assert box["y"] < 640, box  # in view, not pushed down by the QR code
    audit.check(host, "host page: the room's question during a round")
    expect(ana.locator("#question-screen .tile")).to_have_count(2)
    audit.assert_clean()
