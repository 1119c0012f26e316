"""The projector at 1280×720 and 1920×1080 (issue 39, point 6): in the lobby the QR code fills at
least 40 % of the screen's height and the join link is one line; a question's tiles are 2×2 at
every size, grow with the screen, and no option breaks inside a word; the closed question's chart
and the podium grow with the screen too (at least half its width, nothing overflowing)."""

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

def test_the_projector_fills_the_screen_at_720p_and_1080p(classroom, audited, audit, tmp_path):  # noqa: F811
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
    others = [join_class(audited(viewport={"width": 360, "height": 740}), server, name) for name in ("Bea", "Carla")]
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

    # Everybody answers right: the question closes, its chart on the projector; then the podium,
    # the three sharing the first place.
    for phone in [ana, *others]:
        phone.locator("#question-screen .tile").first.click()
    for board, size in zip(boards, SIZES):
        expect(board.locator("#board-chart-slot .option-row")).to_have_count(4)
        fills(board, size, "#board-chart-slot", tmp_path / f"chart-{size['width']}.png")
    audit.check(boards[1], "projector chart, 1080p")
    host.locator("#next").click()
    for board, size in zip(boards, SIZES):
        expect(board.locator("#podium > li")).to_have_count(3)
        fills(board, size, "#podium > li", tmp_path / f"podium-{size['width']}.png")
    audit.check(boards[1], "projector podium, 1080p")
    audit.assert_clean()


def fills(board, size, selector, shot):
    """What `selector` finds spans at least half the screen's width and a quarter of its height,
    and nothing overflows the screen (no scrolling either way); the screen is kept in `shot`."""
    board.screenshot(path=str(shot))
    name = shot.stem
    boxes = [found.bounding_box() for found in board.locator(selector).all()]
    width = max(b["x"] + b["width"] for b in boxes) - min(b["x"] for b in boxes)
    height = max(b["y"] + b["height"] for b in boxes) - min(b["y"] for b in boxes)
    assert width >= 0.5 * size["width"] and height >= 0.25 * size["height"], (name, size, boxes)
    overflow = board.evaluate("""() => [document.documentElement.scrollWidth - innerWidth,
                                        document.documentElement.scrollHeight - innerHeight]""")
    assert overflow[0] <= 0 and overflow[1] <= 0, (name, size, overflow)
