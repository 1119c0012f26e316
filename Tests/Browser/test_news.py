"""Browser tests of the news reader against the real server: the three tabs, the rows,
the article in its sandbox, favourites live and across a restart, the hostile article, progress,
the error banner while the WordPress stand-in is down, placeholders, and the layout."""

import re

import pytest
from playwright.sync_api import expect

from conftest import SCREEN_LAYOUTS, check_screen, focus_ring_visible, set_outage, tab_through, wait_until

HOSTILE_ID = 2715


# ---------- helpers ----------

def news_ready(server):
    """The news snapshot once the posts and every name are in."""
    return wait_until(
        lambda: (lambda s: s if s["posts"] and not s["loading"] and s["progress"] is None else None)(
            server.state("news")),
        message="the posts with their authors and categories")


def rows(page):
    return page.locator("#posts > li")


def row(page, post_id):
    return page.locator(f'#posts > li[data-id="{post_id}"]')


def cards(page):
    return page.locator("#favourites > li")


def open_list(page, server, tab=""):
    page.goto(server.url("/news/" + (f"#{tab}" if tab else "")))
    if not tab:
        expect(rows(page).first).to_be_visible()
    return page


def article(page):
    return page.frame_locator("#article")


def with_image(state):
    return next(p for p in state["posts"] if p["image"])


# ---------- tabs ----------

def test_launcher_opens_news_with_three_tabs_and_back_goes_through_them(server, page):
    state = news_ready(server)
    page.goto(server.url("/"))
    expect(page.locator("#app-news")).not_to_contain_text("próximamente")
    page.click("#app-news")
    expect(page).to_have_url(re.compile(r"/news/$"))
    tabs = page.get_by_role("tablist", name="Secciones").get_by_role("tab")
    expect(tabs).to_have_text(["Noticias", "Favoritos", "Acerca de"])
    expect(page.locator("#tab-noticias")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#large-title")).to_have_text("Noticias")
    expect(rows(page)).to_have_count(len(state["posts"]))

    page.click("#tab-favoritos")
    expect(page).to_have_url(re.compile(r"/news/#favoritos$"))
    expect(page.locator("#large-title")).to_have_text("Favoritos")
    expect(page.locator("#tab-favoritos")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#favourites-empty")).to_contain_text("Sin favoritos")
    expect(page.locator("#posts")).to_be_hidden()
    expect(page.locator("#reload")).to_be_hidden()

    page.click("#tab-acerca")
    expect(page.locator("#large-title")).to_have_text("Acerca de")
    expect(page.locator("#app-name")).to_have_text("Noticias")
    expect(page.locator("#app-version")).to_contain_text("Versión")
    expect(page.locator("#fact-posts .fact-value")).to_have_text(f"{len(state['posts'])} de {state['total']}")
    expect(page.locator("#fact-favourites .fact-value")).to_have_text("0")
    expect(page.locator("#fact-site .fact-value")).to_contain_text("/standin/news")
    expect(page.locator("#fact-storage")).to_contain_text("SQLite")

    page.go_back()
    expect(page.locator("#large-title")).to_have_text("Favoritos")
    page.go_back()
    expect(page.locator("#large-title")).to_have_text("Noticias")
    expect(page.locator("#tab-noticias")).to_have_attribute("aria-selected", "true")

    # Switching tabs stays in the page (no reload); the shown tab's link scrolls back to the top.
    page.evaluate("() => { window.sameDocument = true; }")
    page.click("#tab-acerca")
    page.click("#tab-noticias")
    expect(page.locator("#large-title")).to_have_text("Noticias")
    assert page.evaluate("() => window.sameDocument") is True
    page.mouse.wheel(0, 1500)
    wait_until(lambda: page.evaluate("() => scrollY") > 0, message="the list to scroll")
    page.click("#tab-noticias")
    wait_until(lambda: page.evaluate("() => scrollY") == 0, message="the list back at the top")


# ---------- the rows ----------

def test_rows_show_image_title_excerpt_categories_and_author_as_text(server, page):
    state = news_ready(server)
    open_list(page, server)
    expect(rows(page)).to_have_count(len(state["posts"]))
    ids = [int(i) for i in rows(page).evaluate_all("rows => rows.map(r => r.dataset.id)")]
    assert ids == [p["id"] for p in state["posts"]]        # newest first, as the model keeps them
    for post in state["posts"]:
        line = row(page, post["id"])
        expect(line.locator(".news-title")).to_have_text(post["title"])
        expect(line.locator(".news-excerpt")).to_have_text(post["excerpt"])
        expect(line.locator(".chip")).to_have_text([c["name"] for c in post["categories"]])
        expect(line.locator(".news-author")).to_have_text(post["authorName"])
        expect(line.locator(".news-title")).to_have_attribute("href", f"post.html?id={post['id']}")
    # Titles and excerpts are text: the hostile post's "<script>" is shown, not run.
    hostile = row(page, HOSTILE_ID)
    expect(hostile.locator(".news-excerpt")).to_contain_text("<script>")
    assert hostile.locator(".news-excerpt *, .news-title *").count() == 0
    # A featured image, with its alt text; a placeholder with a label where there is none.
    pictured = with_image(state)
    image = row(page, pictured["id"]).locator(".news-thumb img")
    expect(image).to_have_attribute("alt", f"Imagen destacada: {pictured['title']}")
    expect(row(page, pictured["id"]).locator(".news-thumb")).to_have_class(re.compile(r"\bloaded\b"))
    bare = next(p for p in state["posts"] if not p["image"])
    placeholder = row(page, bare["id"]).locator(".news-thumb")
    expect(placeholder.locator("img")).to_have_count(0)
    expect(placeholder).to_have_attribute("role", "img")
    expect(placeholder).to_have_attribute("aria-label", re.compile("sin imagen destacada", re.I))


def test_progress_while_names_load_and_placeholders_for_missing_or_broken_images(start_server, fake_wordpress, page):
    fake_wordpress.names_delay_s = 3.0
    server = start_server("--news-server", fake_wordpress.url)
    page.goto(server.url("/news/"))
    progress = page.locator("#progress")
    expect(progress).to_be_visible()
    expect(progress).to_contain_text("autores y categorías")
    expect(page.locator("#progress [role=progressbar]")).to_have_attribute("aria-valuemax", re.compile(r"^\d+$"))
    expect(progress).to_have_count(0)
    expect(rows(page)).to_have_count(3)
    expect(row(page, 11).locator(".news-title")).to_have_text("Primera & única")
    expect(row(page, 11).locator(".news-author")).to_have_text("Autora 1")
    expect(row(page, 11).locator(".chip")).to_have_text(["Categoría 1", "Categoría 2"])
    expect(row(page, 11).locator(".news-thumb")).to_have_class(re.compile(r"\bloaded\b"))
    expect(row(page, 12).locator(".news-thumb img")).to_have_count(0)
    broken = row(page, 13).locator(".news-thumb")
    expect(broken).to_have_class(re.compile(r"\bfailed\b"))
    expect(broken.locator(".sym-newspaper")).to_be_visible()
    expect(broken.locator("img")).to_have_attribute("alt", "Imagen destacada: Imagen rota")


# ---------- detail, favourites, Favoritos, restart ----------

def test_list_detail_favourite_favoritos_and_a_restart_keeps_the_favourite(server, new_context):
    state = news_ready(server)
    post = with_image(state)
    browser = new_context()
    page = open_list(browser.new_page(), server)
    watcher = open_list(new_context().new_page(), server, tab="favoritos")
    expect(watcher.locator("#favourites-empty")).to_be_visible()

    row(page, post["id"]).locator(".news-title").click()
    expect(page).to_have_url(re.compile(rf"/news/post\.html\?id={post['id']}$"))
    frame = page.locator("#article")
    zone = page.evaluate("() => Intl.DateTimeFormat().resolvedOptions().timeZone")
    expect(frame).to_have_attribute("src", f"/api/news/{post['id']}/article?tz={zone}")
    expect(article(page).locator("h1")).to_have_text(post["title"])
    expect(article(page).locator(".byline")).to_contain_text(post["authorName"])
    shown_date = page.evaluate(
        "d => new Intl.DateTimeFormat('es-ES', {day: 'numeric', month: 'short', year: 'numeric'}).format(new Date(d))",
        post["date"])
    expect(article(page).locator(".byline")).to_contain_text(shown_date)   # the list's format, the browser's zone
    expect(page.locator("#title")).to_have_text(post["title"])
    expect(page.locator("#tab-noticias")).to_have_attribute("aria-current", "page")

    star = page.locator("#favourite")
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    expect(cards(watcher)).to_have_count(1)                       # live in another browser
    expect(cards(watcher).locator(".card-link")).to_have_text(post["title"])
    expect(cards(watcher).locator(".card-author")).to_have_text(post["authorName"])
    expect(cards(watcher).locator(".card-image img")).to_have_attribute("alt", f"Imagen destacada: {post['title']}")

    page.go_back()
    expect(page).to_have_url(re.compile(r"/news/$"))
    expect(row(page, post["id"]).locator("button.star")).to_have_attribute("aria-pressed", "true")
    page.click("#tab-favoritos")
    expect(cards(page)).to_have_count(1)
    cards(page).locator(".card-link").click()
    expect(page).to_have_url(re.compile(rf"/news/post\.html\?id={post['id']}&from=favoritos$"))
    expect(page.locator("#back")).to_have_text("Favoritos")
    expect(page.locator("#tab-favoritos")).to_have_attribute("aria-current", "page")
    page.click("#back")
    expect(page.locator("#large-title")).to_have_text("Favoritos")

    # A second favourite from the list's star, then one taken away from the grid.
    other = next(p for p in state["posts"] if p["id"] != post["id"])
    page.click("#tab-noticias")
    row(page, other["id"]).locator("button.star").click()
    expect(cards(watcher)).to_have_count(2)
    page.click("#tab-favoritos")
    cards(page).filter(has_text=other["title"]).locator("button.star").click()
    expect(cards(page)).to_have_count(1)
    expect(cards(watcher)).to_have_count(1)

    server.restart()
    news_ready(server)
    open_list(page, server, tab="favoritos")
    expect(cards(page)).to_have_count(1)
    expect(cards(page).locator(".card-link")).to_have_text(post["title"])
    page.goto(server.url(f"/news/post.html?id={post['id']}"))
    expect(page.locator("#favourite")).to_have_attribute("aria-pressed", "true")
    assert [p["id"] for p in server.state("news")["posts"] if p["favourite"]] == [post["id"]]


def test_an_unknown_post_says_so(server, page):
    news_ready(server)
    page.goto(server.url("/news/post.html?id=987654"))
    expect(page.locator("#not-found")).to_be_visible()
    expect(page.locator("#article")).to_have_count(0)


# ---------- the hostile article ----------

def test_the_hostile_article_runs_nothing_in_the_apps_origin(server, page):
    news_ready(server)
    dialogs, console = [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("console", lambda message: console.append((message.type, message.text)))
    page.on("popup", lambda popup: dialogs.append(f"popup {popup.url}"))
    page.goto(server.url(f"/news/post.html?id={HOSTILE_ID}"))
    body = article(page).locator("article")
    expect(body).to_contain_text("Fin de la prueba.")
    # The iframe runs no script and has no origin of its own.
    sandbox = page.locator("#article").get_attribute("sandbox").split()
    assert "allow-scripts" not in sandbox and "allow-same-origin" not in sandbox, sandbox
    # The markup is there, inert: hovering the onmouseover box and waiting on the onerror image.
    article(page).locator("div[onmouseover]").hover()
    expect(article(page).locator("img[onerror]")).to_have_count(1)
    frame = next(f for f in page.frames if f"/api/news/{HOSTILE_ID}/article" in f.url)
    assert frame.evaluate("() => self.origin") == "null"
    assert page.evaluate("() => [typeof window.alert, document.cookie]") == ["function", ""]
    # Everything the browser said is about what it blocked; nothing ran.
    assert not dialogs, dialogs
    unexpected = [text for kind, text in console
                  if not re.search(r"Blocked script execution|Content Security Policy|sandboxed", text)]
    assert not unexpected, unexpected
    # The article's own headers: scripts off even if it were opened outside the app.
    response = page.request.get(server.url(f"/api/news/{HOSTILE_ID}/article"))
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "sandbox" in policy and "allow-scripts" not in policy


def test_pulling_the_list_down_refreshes_it(server, new_context):
    state = news_ready(server)
    page = new_context(has_touch=True, is_mobile=True).new_page()
    open_list(page, server)
    cdp = page.context.new_cdp_session(page)
    x, y = 160, 200
    with page.expect_request(lambda r: r.url.endswith("/api/news/reload") and r.method == "POST"):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + step * 20}]})
        expect(page.locator("#pull-indicator")).to_have_class(re.compile(r"\barmed\b"))
        expect(page.locator("#pull-indicator")).to_contain_text("Suelta para actualizar")
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.locator("#pull-indicator")).not_to_have_class(re.compile(r"\brefreshing\b"))
    expect(rows(page)).to_have_count(len(state["posts"]))
    # A short pull does nothing.
    requests = []
    page.on("request", lambda r: requests.append(r.url) if r.url.endswith("/api/news/reload") else None)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + 40}]})
    expect(page.locator("#pull-indicator")).to_contain_text("Desliza para actualizar")
    expect(page.locator("#pull-indicator")).not_to_have_class(re.compile(r"\barmed\b"))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.locator("#pull-indicator")).not_to_have_class(re.compile(r"\bpulling\b"))
    assert not requests, requests


# ---------- errors ----------

def test_error_banner_while_the_wordpress_stand_in_is_down_and_retry(server, page):
    state = news_ready(server)
    open_list(page, server)
    set_outage(server, "news", True, status=503)
    page.click("#reload")
    banner = page.locator("#error-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("No se pudieron actualizar las noticias")
    expect(rows(page)).to_have_count(len(state["posts"]))        # the stored posts stay
    expect(page.get_by_role("alertdialog")).to_have_count(0)      # one message, in the banner
    set_outage(server, "news", False)
    banner.get_by_role("button", name="Reintentar").click()
    expect(banner).to_have_count(0)
    expect(page.locator("#reload")).to_be_enabled()
    expect(rows(page)).to_have_count(len(state["posts"]))


# ---------- keyboard, layout, themes ----------

def test_the_list_and_the_tabs_work_by_keyboard_alone(server, page):
    state = news_ready(server)
    first = state["posts"][0]
    open_list(page, server)
    tab_through(page, None, page.locator("#reload"), row(page, first["id"]).locator(".news-title"))  # past the back link
    assert focus_ring_visible(page), "the focused row has no visible focus ring"
    tab_through(page, row(page, first["id"]).locator("button.star"))
    page.keyboard.press("Enter")
    expect(row(page, first["id"]).locator("button.star")).to_have_attribute("aria-pressed", "true")
    page.locator("#tab-favoritos").focus()
    page.keyboard.press("Enter")
    # The tab switches on `hashchange`, after the key press returns: the cards exist (hidden)
    # before that, so wait for the view itself.
    expect(page.locator("#view-favoritos")).to_be_visible()
    expect(cards(page)).to_have_count(1)
    page.keyboard.press("Shift+Tab")                   # the tab list is one stop in the Tab order
    expect(cards(page).locator("button.star")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(cards(page).locator(".card-link")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#title")).to_have_text(first["title"])


@pytest.mark.parametrize("screen", ["noticias", "favoritos", "acerca", "detail"])
@pytest.mark.parametrize("viewport,scheme", SCREEN_LAYOUTS)
def test_news_screens_fit_the_screen_in_both_themes(server, new_context, screen, viewport, scheme):
    state = news_ready(server)
    post = with_image(state)
    assert server.request("PUT", f"/api/news/{post['id']}/favourite")[0] == 200
    path, ready = {
        "noticias": ("/news/", "#posts > li"),
        "favoritos": ("/news/#favoritos", "#favourites > li"),
        "acerca": ("/news/#acerca", "#facts > li"),
        "detail": (f"/news/post.html?id={post['id']}", "#article"),
    }[screen]
    page = check_screen(new_context, server, path, ready, viewport, scheme)
    tabbar = page.locator("#tabbar").bounding_box()
    assert tabbar["y"] + tabbar["height"] <= viewport["height"] + 1 and tabbar["width"] == viewport["width"], tabbar
    if screen == "detail":
        frame = page.locator("#article").bounding_box()
        assert frame["height"] >= 150 and frame["x"] >= 0 and frame["x"] + frame["width"] <= viewport["width"], frame

