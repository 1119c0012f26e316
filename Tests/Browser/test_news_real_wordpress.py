"""The news reader against a real WordPress: Debian's `wordpress` on MariaDB behind
PHP's built-in server, with 46 posts made through WordPress's own functions — 12 with a featured
image, one by an author who was deleted, hostile titles, an empty title, a password-protected
post, an embedded YouTube player. The tests change the site (trash, draft, renames, plain
permalinks, an outage) and check what the reader shows after a reload.

Skipped, saying why, only when the packages are not installed (`scripts/test` installs them)."""

import re
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from conftest import wait_until
from real_wordpress import RealWordPress

POSTS = 46
BASE = datetime(2026, 10, 22, 0, 30)        # post i is published at BASE + 6 h × i, Madrid time
HOSTILE_TITLE = "Swift 6 > Swift 5 y 3 < 4: ¿qué cambia?"
INLINE_TITLE = "Usa <code>@Observable</code>: guía & trucos"
LONG_TEXT = " ".join(["SwiftUI describe la interfaz como una función del estado y la redibuja cuando cambia."] * 8)


def local_date(i):
    return (BASE + timedelta(hours=6 * i)).strftime("%Y-%m-%d %H:%M:%S")


@pytest.fixture(scope="module")
def site():
    missing = RealWordPress.missing()
    if missing:
        pytest.skip(f"a real WordPress needs Debian's packages: {missing} (scripts/test installs them with apt)")
    wordpress = RealWordPress().start()
    try:
        wordpress.authors = {login: wordpress.tool("user", login=login, name=name)["id"]
                             for login, name in [("lucia", "Lucía Ferrer"), ("marcos", "Marcos Villalba"),
                                                 ("borrada", "Autora Borrada")]}
        wordpress.categories = {name: wordpress.tool("category", name=name)["id"]
                                for name in ["Swift", "SwiftUI", "Xcode & herramientas", "Eventos"]}
        images = {i: wordpress.tool("image", name=f"imagen-{i}", hue=i)["id"] for i in range(POSTS, 0, -4)}
        posts = []
        for i in range(1, POSTS + 1):
            post = {"title": f"Entrada número {i}", "content": f"<p>{LONG_TEXT}</p><p>Fin de la entrada {i}.</p>",
                    "author": wordpress.authors["lucia" if i % 2 else "marcos"],
                    "categories": [list(wordpress.categories.values())[i % 4]], "date": local_date(i),
                    "image": images.get(i)}
            post.update({
                46: {"title": HOSTILE_TITLE},
                45: {"title": INLINE_TITLE},
                44: {"title": ""},
                43: {"title": "Entrada con contraseña", "password": "secreto"},
                42: {"title": "Un vídeo", "content": '<p>Mira:</p><iframe width="560" height="315" '
                     'src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>'},
                41: {"title": "Una autora que ya no está", "author": wordpress.authors["borrada"]},
            }.get(i, {}))
            posts.append(post)
        wordpress.ids = dict(zip(range(1, POSTS + 1), wordpress.tool("posts", posts=posts)["ids"]))
        wordpress.tool("forget_user", id=wordpress.authors["borrada"])
        yield wordpress
    finally:
        wordpress.stop()


def rows(page):
    return page.locator("#posts > li")


def row(page, post_id):
    return page.locator(f'#posts > li[data-id="{post_id}"]')


def open_news(new_context, server, **options):
    page = new_context(**options).new_page()
    page.goto(server.url("/news/"))
    expect(rows(page)).to_have_count(20, timeout=30_000)
    wait_until(lambda: server.state("news")["progress"] is None and not server.state("news")["loading"],
               timeout=30, message="the first page with its names")
    return page


def test_every_image_every_post_and_no_error_that_is_not_one(site, start_server, new_context):
    server = start_server("--news-server", site.url)
    page = open_news(new_context, server)
    expect(page.locator("#list-header")).to_have_text("46 entradas")
    expect(page.locator("#error-banner")).to_have_count(0)
    # Featured images in the medium size WordPress made (300 × 188), one per pictured post.
    pictured = [site.ids[i] for i in range(POSTS, POSTS - 20, -1) if i % 4 == 2]
    for post_id in pictured:
        image = row(page, post_id).locator(".news-thumb img")
        expect(image).to_have_attribute("src", re.compile(r"/wp-content/uploads/.+-300x188\.jpg$"))
        expect(row(page, post_id).locator(".news-thumb")).to_have_class(re.compile(r"\bloaded\b"))
    expect(page.locator(".news-thumb img")).to_have_count(len(pictured))
    # The deleted author is a fact, not an error.
    expect(row(page, site.ids[41]).locator(".news-author")).to_have_text("Autor desconocido")
    expect(row(page, site.ids[40]).locator(".news-author")).to_have_text("Marcos Villalba")
    expect(row(page, site.ids[39]).locator(".chip")).to_have_text(["Eventos"])
    # "Cargar más", then the end of the list loads the last page by itself. The button is pressed
    # from the keyboard: a mouse must scroll it into view first, and the end of the list in view
    # loads the next page by itself, so a click could come after that page and load the last one.
    page.get_by_role("button", name=re.compile("^Cargar más")).focus()
    page.keyboard.press("Enter")
    expect(rows(page)).to_have_count(40)
    expect(rows(page).nth(20).locator(".news-title")).to_be_focused()  # reading goes on at the first new post
    page.locator("#load-more").scroll_into_view_if_needed()
    expect(rows(page)).to_have_count(POSTS)
    expect(page.locator("#more-slot")).to_be_hidden()
    ids = [int(i) for i in rows(page).evaluate_all("rows => rows.map(r => r.dataset.id)")]
    assert ids == [site.ids[i] for i in range(POSTS, 0, -1)], "newest first, every post once"
    page.click("#tab-acerca")
    expect(page.locator("#fact-status .fact-value")).to_have_text("Al día")
    expect(page.locator("#fact-posts .fact-value")).to_have_text("46")
    assert "null" not in page.locator("#view-acerca").inner_text()


def test_text_as_wordpress_renders_it_protected_posts_and_videos(site, start_server, new_context):
    server = start_server("--news-server", site.url)
    page = open_news(new_context, server, timezone_id="Europe/Madrid")
    expect(row(page, site.ids[46]).locator(".news-title")).to_have_text(HOSTILE_TITLE)
    expect(row(page, site.ids[45]).locator(".news-title")).to_have_text("Usa @Observable: guía & trucos")
    expect(row(page, site.ids[44]).locator(".news-title")).to_have_text("(Sin título)")
    # The excerpt (55 words) is cut at three lines.
    excerpt = row(page, site.ids[40]).locator(".news-excerpt")
    lines = excerpt.evaluate("e => e.clientHeight / parseFloat(getComputedStyle(e).lineHeight)")
    assert round(lines) == 3, lines
    assert excerpt.evaluate("e => e.scrollHeight > e.clientHeight + 1")
    # The byline's date in the browser's zone, as the list shows it (1 nov 2026 in Madrid).
    listed = row(page, site.ids[40]).locator(".news-date")
    expect(listed).to_have_text("1 nov 2026")
    row(page, site.ids[40]).locator(".news-title").click()
    expect(page.frame_locator("#article").locator(".byline")).to_have_text("Lucía Ferrer · 1 nov 2026" if 40 % 2 else "Marcos Villalba · 1 nov 2026")
    # The untitled post's bar.
    page.goto(server.url(f"/news/post.html?id={site.ids[44]}"))
    expect(page.locator("#title")).to_have_text("(Sin título)")
    # A protected post: a notice and a link to the site.
    page.goto(server.url(f"/news/post.html?id={site.ids[43]}"))
    expect(page.locator("#protected")).to_contain_text("protegida con contraseña")
    expect(page.locator("#read-on-site")).to_have_attribute("href", re.compile(rf"^{re.escape(site.url)}/"))
    expect(page.locator("#article")).to_have_count(0)
    # The YouTube player is a card to the video; the article's policy is unchanged.
    page.goto(server.url(f"/news/post.html?id={site.ids[42]}"))
    card = page.frame_locator("#article").locator(".embed-card")
    expect(card).to_contain_text("Ver el vídeo en YouTube")
    expect(card).to_have_attribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    expect(page.frame_locator("#article").locator("iframe")).to_have_count(0)


def test_a_reload_follows_the_site(site, start_server, new_context):
    server = start_server("--news-server", site.url)
    page = open_news(new_context, server)
    favourite, drafted = site.ids[38], site.ids[37]
    row(page, favourite).locator("button.star").click()
    expect(row(page, favourite).locator("button.star")).to_have_attribute("aria-pressed", "true")
    site.tool("trash", id=favourite)
    site.tool("status", id=drafted, status="draft")
    site.tool("rename_user", id=site.authors["marcos"], name="Marcos V. Gil")
    site.tool("rename_category", id=site.categories["Eventos"], name="Eventos y charlas")
    page.click("#reload")
    expect(row(page, favourite)).to_have_count(0)
    expect(row(page, drafted)).to_have_count(0)
    expect(row(page, site.ids[40]).locator(".news-author")).to_have_text("Marcos V. Gil")
    expect(row(page, site.ids[39]).locator(".chip")).to_have_text(["Eventos y charlas"])
    expect(page.locator("#list-header")).to_have_text("44 entradas")
    page.click("#tab-favoritos")
    card = page.locator(f'#favourites > li[data-id="{favourite}"]')
    expect(card.locator(".card-gone")).to_have_text("Ya no está en el sitio")
    card.locator(".card-link").click()
    expect(page.locator("#gone-note")).to_be_visible()
    expect(page.frame_locator("#article").locator("article")).to_contain_text("Fin de la entrada 38.")
    # After a restart, the same.
    server.restart()
    page.goto(server.url("/news/#favoritos"))
    expect(page.locator(f'#favourites > li[data-id="{favourite}"] .card-gone')).to_be_visible()
    assert favourite not in [p["id"] for p in server.state("news")["posts"] if p["onSite"]]


def test_an_outage_ends_by_itself(site, start_server, new_context):
    server = start_server("--news-server", site.url)
    page = open_news(new_context, server)
    site.stop_php()
    try:
        page.click("#reload")
        expect(page.locator("#error-banner")).to_be_visible(timeout=20_000)
        expect(page.locator("#retry-note")).to_have_text(re.compile(r"^Nuevo intento automático a las \d\d:\d\d:\d\d\.$"))
        expect(rows(page)).to_have_count(20)
    finally:
        site.start_php()
    expect(page.locator("#error-banner")).to_have_count(0, timeout=30_000)
    expect(page.locator("#retry-note")).to_be_hidden()


def test_plain_permalinks(site, start_server, new_context):
    site.tool("permalinks", structure="")
    try:
        server = start_server("--news-server", site.url)
        page = open_news(new_context, server)
        expect(page.locator("#error-banner")).to_have_count(0)
        expect(row(page, site.ids[46]).locator(".news-title")).to_have_text(HOSTILE_TITLE)
    finally:
        site.tool("permalinks", structure="/%postname%/")
