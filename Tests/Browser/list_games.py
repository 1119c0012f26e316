"""What the browser tests of the list games (Libros, Partidos, Películas) share: the stand-in's
own data (which holds the right answers the pages never get), its outage switch, the alert, and
the layout checks at 320 px, in landscape and on a desktop, light and dark."""

import re

import pytest
from playwright.sync_api import expect

from conftest import focus_ring_visible, set_outage, tab_through, wait_until

LAYOUTS = [
    ({"width": 320, "height": 568}, "light"),
    ({"width": 320, "height": 568}, "dark"),
    ({"width": 568, "height": 320}, "dark"),
    ({"width": 1440, "height": 900}, "light"),
]


STAND_INS = {"books": "/standin/books/", "matches": "/standin/matches/partidos.json",
             "movies": "/standin/movies/movies.json"}
"""Where each list game's stand-in serves its list (with the answers)."""


def items_fixture(app):
    """The fixture named `app`: the stand-in's items of `app` by id, once the app's list has loaded."""
    return pytest.fixture(name=app)(lambda server: loaded_stand_in_items(server, app, STAND_INS[app]))


def stand_in_items(server, path):
    """The stand-in's list with the answers (e.g. `/standin/books/`), keyed by id."""
    status, body = server.request("GET", path)
    assert status == 200, (status, body)
    return {item["id"]: item for item in body}


def loaded_stand_in_items(server, app, path):
    """The stand-in's items with their answers (see `stand_in_items`) once `app` has loaded them."""
    loaded(server, app, app)
    return stand_in_items(server, path)


def loaded(server, app, list_key):
    """The app's state once its first download has finished with items in it."""
    return wait_until(lambda: (lambda s: s if s[list_key] and not s["loading"] else None)(server.state(app)),
                      message=f"the first list of {app}")


def alert(page):
    return page.get_by_role("alertdialog")


def answer_and_close(page, button, title):
    """Clicks `button`, sees the alert `title` and closes it with Enter; returns its message."""
    button.click()
    expect(alert(page)).to_be_visible()
    expect(alert(page).locator(".alert-title")).to_have_text(title)
    message = alert(page).locator(".alert-message").inner_text()
    page.keyboard.press("Enter")
    expect(alert(page)).to_have_count(0)
    return message


def images_have_alt_and_load(page):
    """Every image of the page has an alt text and has loaded."""
    page.wait_for_function("() => [...document.images].every(i => i.complete)")
    missing_alt = page.evaluate("() => [...document.images].filter(i => !i.getAttribute('alt')).map(i => i.src)")
    assert not missing_alt, f"images without alt text: {missing_alt}"
    broken = page.evaluate("() => [...document.images].filter(i => i.naturalWidth === 0).map(i => i.src)")
    assert not broken, f"images that did not load: {broken}"


def check_layout(new_context, url, viewport, scheme, ready_selector):
    """Opens `url` at `viewport` in `scheme`: no sideways scrolling, the theme's background,
    alt texts on every image. Returns the page."""
    page = new_context(viewport=viewport, color_scheme=scheme).new_page()
    page.goto(url)
    expect(page.locator(ready_selector).first).to_be_visible()
    images_have_alt_and_load(page)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{url} scrolls sideways by {overflow}px at {viewport}"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == ("rgb(0, 0, 0)" if scheme == "dark" else "rgb(242, 242, 247)"), background
    # Nothing sticks out of the content column (long names wrap or are cut with an ellipsis).
    wider = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map(e => e.id || e.className)""")
    assert not wider, f"elements wider than the screen at {viewport}: {wider}"
    return page


# ---------- the pages ----------

def rows(page):
    return page.locator("#items > li")


def row(page, item_id):
    return page.locator(f'#items > li[data-id="{item_id}"]')


def open_list(page, server, app, title=None, count=None):
    """Opens the list of `app` and waits for its rows; checks its large `title` and `count` rows if given."""
    page.goto(server.url(f"/{app}/"))
    expect(rows(page).first).to_be_visible()
    if title is not None:
        expect(page.locator("h1")).to_have_text(title)
    if count is not None:
        expect(rows(page)).to_have_count(count)
    return page


def open_from_list(page, app, item_id, heading):
    """Clicks the row of `item_id` on the list: its detail opens, with the large title `heading`."""
    row(page, item_id).locator("a").click()
    expect(page).to_have_url(re.compile(rf"/{app}/play\.html\?id={item_id}$"))
    expect(page.locator("h1")).to_have_text(heading)


def open_detail(page, server, app, item_id, ready):
    """Opens the detail page of `item_id` and waits for `ready` (a locator maker) to be visible."""
    page.goto(server.url(f"/{app}/play.html?id={item_id}"))
    expect(ready(page)).to_be_visible()
    return page


# ---------- checks every list game passes ----------

def check_score_is_live(new_context, server, app, open_item, buttons, first, second):
    """Opens `first` in a browser and its list in another tab of it, `second` in another browser;
    answering `first` right shows the new score in all three and the tick in the list. Returns the
    three pages (player, same browser's list, other browser's detail)."""
    browser_a = new_context()
    player = open_item(browser_a.new_page(), server, first)
    same_browser_list = open_list(browser_a.new_page(), server, app)
    other_browser_detail = open_item(new_context().new_page(), server, second)
    pages = (player, same_browser_list, other_browser_detail)
    for page in pages:
        expect(page.locator("#score")).to_have_text("0")
    right, _ = buttons(player, first)
    answer_and_close(player, right, "¡Correcto!")
    for page in pages:
        expect(page.locator("#score")).to_have_text("1")
    expect(row(same_browser_list, first["id"]).locator(".badge-right")).to_be_visible()
    return pages

def answer_right_and_go_back(page, app, item_id, right, said):
    """Answers with `right`: "¡Correcto!", the score 1 and the result line saying `said`; back on
    the list, the row has its badge and the score is still 1."""
    answer_and_close(page, right, "¡Correcto!")
    expect(page.locator("#score")).to_have_text("1")
    expect(page.locator("#last-result")).to_contain_text(said)
    page.click("#back")
    expect(page).to_have_url(re.compile(rf"/{app}/$"))
    expect(row(page, item_id).locator(".badge-right")).to_be_visible()
    expect(page.locator("#score")).to_have_text("1")


def check_keyboard_play(page, server, app, item_id, opened, first, right, close="Enter"):
    """Plays `item_id` by keyboard alone: Tab past the back link to the reload button, on to the
    row (with its focus ring); Enter opens it (`opened`: a selector and the text it shows); Tab
    past the back link to the first answer button `first`, on to `right` if it is another; Enter
    answers: "¡Correcto!"; `close` closes the alert and the focus is back on `right`."""
    open_list(page, server, app)
    tab_through(page, None, page.locator("#reload"), row(page, item_id).locator("a"))   # past the back link
    assert focus_ring_visible(page), "the focused row has no visible focus ring"
    page.keyboard.press("Enter")
    expect(page.locator(opened[0])).to_have_text(opened[1])
    tab_through(page, None, page.locator(first))                                         # past the back link
    assert focus_ring_visible(page), "the focused button has no visible focus ring"
    if right != first:
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(alert(page).locator(".alert-title")).to_have_text("¡Correcto!")
    page.keyboard.press(close)
    expect(alert(page)).to_have_count(0)
    expect(page.locator(right)).to_be_focused()


def check_home_opens(server, page, app, count):
    """The launcher's tile of `app` is available and opens its list with `count` rows."""
    page.goto(server.url("/"))
    tile = page.locator(f"#app-{app}")
    expect(tile).not_to_contain_text("próximamente")
    tile.click()
    expect(page).to_have_url(re.compile(rf"/{app}/$"))
    expect(rows(page)).to_have_count(count)


def check_outage_banner(server, page, app, count, title):
    """With the stand-in down a reload shows the banner `title` over the last good list (also in
    a detail page); "Reintentar" once it is up again clears it everywhere."""
    open_list(page, server, app)
    set_outage(server, app, True)
    page.click("#reload")
    banner = page.locator("#error-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(title)
    expect(rows(page)).to_have_count(count)     # the last good list stays
    detail = page.context.new_page()
    detail.goto(server.url(f"/{app}/" + page.locator("#items a").first.get_attribute("href")))
    expect(detail.locator("#error-banner")).to_be_visible()
    set_outage(server, app, False)
    banner.get_by_role("button", name="Reintentar").click()
    expect(banner).to_have_count(0)
    expect(detail.locator("#error-banner")).to_have_count(0)
    expect(rows(page)).to_have_count(count)
