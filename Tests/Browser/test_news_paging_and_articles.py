"""Browser tests of the news reader's paging and articles on the fast stand-ins: "Cargar más" (by keyboard and
by reaching the end of the list), excerpts clamped to three lines, an embedded YouTube player
made a card, a password-protected post's notice, "(Sin título)", the next automatic try while
the site is down; each with its contrast checked (WCAG 2.2 AA) in light and dark. The same
against a real WordPress: test_news_real_wordpress.py."""

import re

import pytest
from playwright.sync_api import expect

from conftest import focus_ring_visible, set_outage
from fake_wordpress import FakeWordPress
from test_news import article, news_ready, open_list, row, rows
CONTRAST = """(element) => {
  const parse = (text) => {
    const numbers = (text.match(/[\\d.]+/g) || []).map(Number);
    if (text.startsWith("color(srgb")) return [numbers[0] * 255, numbers[1] * 255, numbers[2] * 255, numbers[3] ?? 1];
    return [numbers[0], numbers[1], numbers[2], numbers[3] ?? 1];
  };
  const over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const layers = [];
  for (let node = element; node; node = node.parentElement) {
    const colour = parse(getComputedStyle(node).backgroundColor);
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] === 1) break;
  }
  let background = [255, 255, 255, 1];
  if (matchMedia("(prefers-color-scheme: dark)").matches && !layers.some((l) => l[3] === 1)) background = [0, 0, 0, 1];
  for (const layer of layers.reverse()) background = over(layer, background);
  const text = over(parse(getComputedStyle(element).color), background);
  const luminance = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [luminance(text), luminance(background)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def expect_contrast(locator, minimum=4.5):
    ratio = locator.evaluate(CONTRAST)
    assert ratio >= minimum, f"{locator} has contrast {ratio:.2f}, below {minimum}"


def test_cargar_mas_loads_the_next_page_by_keyboard_and_the_end_of_the_list_by_itself(server, new_context):
    state = news_ready(server)
    assert state["total"] == 28 and state["hasMore"] is True
    page = open_list(new_context().new_page(), server)
    expect(rows(page)).to_have_count(20)
    expect(page.locator("#list-header")).to_have_text("28 entradas")
    more = page.get_by_role("button", name="Cargar más (quedan 8)")
    expect(more).to_be_visible()
    more.focus()          # scrolling it into view may already load the page: either way, the focus stays
    assert focus_ring_visible(page)
    page.keyboard.press("Enter")
    expect(rows(page)).to_have_count(28)
    expect(rows(page).nth(20).locator(".news-title")).to_be_focused()   # reading goes on at the first new post
    expect(page.locator("#more-slot")).to_be_hidden()
    expect(page.locator("#list-footer")).not_to_contain_text("Se muestran")


def test_the_end_of_the_list_loads_the_next_page_by_itself(start_server, new_context):
    server = start_server()
    news_ready(server)
    page = open_list(new_context(viewport={"width": 390, "height": 700}).new_page(), server)
    expect(rows(page)).to_have_count(20)
    page.mouse.wheel(0, 20_000)
    expect(rows(page)).to_have_count(28)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_excerpts_are_clamped_to_three_lines(server, new_context, scheme):
    news_ready(server)
    page = open_list(new_context(viewport={"width": 320, "height": 640}, color_scheme=scheme).new_page(), server)
    lines = page.locator(".news-excerpt").evaluate_all(
        "es => es.map(e => [Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight)), e.scrollHeight > e.clientHeight + 1])")
    assert all(count <= 3 for count, _ in lines), lines
    assert any(clipped for _, clipped in lines), "no excerpt long enough to be clamped"
    expect_contrast(page.locator(".news-excerpt").first)
    expect_contrast(page.locator(".chip").first)
    expect_contrast(page.locator("#load-more"))


@pytest.fixture
def wordpress_with_a_video_and_a_protected_post():
    fake = FakeWordPress(posts=[
        {"id": 21, "title": "Un vídeo", "author": 1, "categories": [1], "image": None,
         "content": '<p>Mira:</p><iframe src="https://www.youtube.com/embed/abc123" allowfullscreen></iframe>'},
        {"id": 22, "title": "Con contraseña", "author": 1, "categories": [1], "image": None, "protected": True},
        {"id": 23, "title": "", "author": 2, "categories": [2], "image": None},
    ]).start()
    yield fake
    fake.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_video_becomes_a_card_and_a_protected_post_a_notice(
        start_server, wordpress_with_a_video_and_a_protected_post, new_context, scheme):
    server = start_server("--news-server", wordpress_with_a_video_and_a_protected_post.url)
    news_ready(server)
    context = new_context(color_scheme=scheme)
    context.route("https://www.youtube.com/**", lambda route: route.fulfill(body="YouTube", content_type="text/plain"))
    page = context.new_page()
    page.goto(server.url("/news/"))
    expect(row(page, 23).locator(".news-title")).to_have_text("(Sin título)")
    row(page, 21).locator(".news-title").click()
    card = article(page).locator(".embed-card")
    expect(card).to_contain_text("Ver el vídeo en YouTube")
    expect(card).to_have_attribute("href", "https://www.youtube.com/watch?v=abc123")
    expect(article(page).locator("iframe, video")).to_have_count(0)
    expect_contrast(card.locator("strong"))
    policy = page.request.get(server.url("/api/news/21/article")).headers["content-security-policy"]
    assert "default-src 'none'" in policy and "allow-scripts" not in policy and "frame-src" not in policy
    # The card is a link reached by keyboard, opening the video outside the sandbox.
    page.locator("#article").focus()
    frame = next(f for f in page.frames if "/api/news/21/article" in f.url)
    frame.locator(".embed-card").focus()
    assert frame.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") != "none"
    with page.expect_popup() as popup:
        page.keyboard.press("Enter")
    expect(popup.value).to_have_url("https://www.youtube.com/watch?v=abc123")
    popup.value.close()

    page.goto(server.url("/news/post.html?id=22"))
    notice = page.locator("#protected")
    expect(notice).to_contain_text("protegida con contraseña")
    link = page.get_by_role("link", name="Leer en el sitio")
    expect(link).to_have_attribute("href", f"{wordpress_with_a_video_and_a_protected_post.url}/?p=22")
    expect(link).to_have_attribute("target", "_blank")
    expect_contrast(notice.locator(".empty-message"))
    expect_contrast(link)
    expect(page.locator("#article")).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_next_try_shows_while_the_site_is_down(server, new_context, scheme):
    news_ready(server)
    page = open_list(new_context(color_scheme=scheme).new_page(), server)
    set_outage(server, "news", True, status=503)
    page.click("#reload")
    note = page.locator("#retry-note")
    expect(note).to_have_text(re.compile(r"^Nuevo intento automático a las \d\d:\d\d:\d\d\.$"))
    expect_contrast(note)
    set_outage(server, "news", False)
    expect(page.locator("#error-banner")).to_have_count(0)   # the retry 5 s later works
    expect(note).to_be_hidden()
