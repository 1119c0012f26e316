"""The projector at 1280×720 and 1920×1080 (issue 39, point 6): in the lobby the QR code fills at
least 40 % of the screen's height and the join link is one line; a question's tiles are 2×2 at
every size, grow with the screen, and no option breaks inside a word."""

import re

from playwright.sync_api import expect

from classroom_helpers import call, open_host
from conftest import join_class
from round_pages import broken_words
from test_accessibility import audit, audited  # noqa: F401  (fixtures)


SIZES = [{"width": 1280, "height": 720}, {"width": 1920, "height": 1080}]
OPTIONS = ["@Observable", "@ObservedObject", "@StateObject", "@Bindable"]
QUIZ = {"kind": "choice", "question": "¿Qué macro hace observable una clase en Swift 5.9?", "multiple": False,
        "options": [{"text": text, "right": index == 0} for index, text in enumerate(OPTIONS)]}

def test_the_projector_fills_the_screen_at_720p_and_1080p(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    boards = [audited(viewport=size) for size in SIZES]
    for board, size in zip(boards, SIZES):
        board.goto(server.url("/clase/marcador.html"))
        expect(board.locator("#qr")).to_be_visible()
        box = board.locator("#qr").bounding_box()
        assert box["height"] >= 0.4 * size["height"], (size, box)
        link = board.locator("#join-url")
        expect(link).to_have_text(re.compile(r"^https?://\S+$"))
        height = link.evaluate("(node) => { const range = document.createRange(); range.selectNodeContents(node); return range.getClientRects().length; }")
        assert height == 1, f"the join link wraps at {size}"
    audit.check(boards[1], "projector lobby, 1080p")

    ana = join_class(audited(viewport={"width": 390, "height": 844}), server, "Ana")
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Swift", "quizzes": [QUIZ]})
    assert status == 201, body
    host.reload()
    host.get_by_role("button", name="Jugar «Swift»").click()
    host.locator("#start").click()
    for board, size in zip(boards, SIZES):
        tiles = board.locator("#board-tiles li")
        expect(tiles).to_have_count(4)
        expect(board.locator("#board-tiles .tile-text").first).to_be_visible()
        boxes = [tile.bounding_box() for tile in tiles.all()]
        assert len({round(b["x"]) for b in boxes}) == 2 and len({round(b["y"]) for b in boxes}) == 2, (size, boxes)
        block = board.locator("#board-tiles").bounding_box()
        assert block["width"] >= 0.85 * size["width"] and block["height"] >= 0.3 * size["height"], (size, block)
        assert broken_words(board, "#board-tiles .tile-text") == [], f"an option breaks inside a word at {size}"
    audit.check(boards[1], "projector question, 1080p")
    expect(ana.locator("#question-screen .tile")).to_have_count(4)
    audit.assert_clean()
