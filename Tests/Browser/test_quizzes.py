"""Browser tests of the Quizzes apps against the real server: the launcher, a whole
round live in other pages, the shared SSE stream across tabs, the favourites and the filter, the
pages' layout in both themes and the list by keyboard. The play screen is in test_quizzes_play.py;
reload, restart, the stream indicator, a failing quiz server and the one-at-a-time screen in
test_quizzes_server.py.

Every state change must arrive over SSE: the tests act in one page and watch the others."""

import re

import pytest
from playwright.sync_api import expect

from conftest import SCREEN_LAYOUTS, focus_ring_visible, tab_through
from quizzes_helpers import WRONG, rows, row, open_list, open_play, alert, check_answer


# ---------- home ----------

def test_home_lists_every_app_quizzes_first_each_one_a_link(server, page):
    page.goto(server.url("/"))
    names = page.locator("#apps .app-name")
    expect(names.first).to_contain_text("Quizzes")
    expect(names.nth(1)).to_contain_text("Quiz uno a uno")
    expect(names).to_have_text(["Quizzes", "Quiz uno a uno", "Libros", "Partidos", "Películas", "Trivia", "Noticias"])
    expect(page.locator("#apps")).not_to_contain_text("próximamente")
    expect(page.locator("#apps li > a.app")).to_have_count(7)
    # The launch screen goes away by itself and the icons are drawn.
    expect(page.locator("#launch")).to_be_hidden()
    assert page.evaluate("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    page.click("#app-quizzes")
    expect(page).to_have_url(re.compile(r"/quizzes/$"))
    expect(rows(page).first).to_be_visible()


def test_favicon_manifest_and_icons_are_served(server, page):
    page.goto(server.url("/"))
    manifest_href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.request.get(server.url(manifest_href))
    assert manifest.ok
    data = manifest.json()
    assert data["name"] == "Adivina" and data["start_url"] == "/"
    for icon in data["icons"]:
        assert page.request.get(server.url(icon["src"])).ok, icon["src"]
    for href in page.eval_on_selector_all('link[rel~="icon"], link[rel="apple-touch-icon"]',
                                          "links => links.map(l => l.getAttribute('href'))"):
        assert page.request.get(server.url(href)).ok, href


# ---------- a whole round, live in other pages ----------

def test_whole_round_in_two_pages_updates_the_score_live(server, new_context):
    state = server.loaded_state()
    quizzes = state["quizzes"]
    browser_a = new_context()
    player = open_list(browser_a.new_page(), server)
    watcher = open_list(browser_a.new_page(), server)                 # same browser: shared worker
    other_browser = open_list(new_context().new_page(), server)       # another browser
    for page in (player, watcher, other_browser):
        expect(page.locator("#score")).to_have_text("0")
        expect(rows(page)).to_have_count(len(quizzes))

    for index, quiz in enumerate(quizzes):
        row(player, quiz["id"]).locator("a").click()
        expect(player).to_have_url(re.compile(rf"/quizzes/play\.html\?id={quiz['id']}$"))
        expect(player.locator("#question")).to_have_text(quiz["question"])
        if index == 0:
            check_answer(player, WRONG, "Incorrecto")
            expect(watcher.locator("#score")).to_have_text("0")
        check_answer(player, server.answer(quiz["id"]), "¡Correcto!")
        for page in (watcher, other_browser):
            expect(page.locator("#score")).to_have_text(str(index + 1))
            expect(row(page, quiz["id"]).locator(".badge-right")).to_be_visible()
        expect(player.locator("#score")).to_have_text(str(index + 1))
        player.go_back()
        expect(player).to_have_url(re.compile(r"/quizzes/$"))

    expect(player.locator("#score")).to_have_text(str(len(quizzes)))
    record = int(watcher.locator("#record").inner_text())
    assert record >= len(quizzes)
    assert server.state()["score"] == len(quizzes)


def test_ten_tabs_of_one_browser_all_stay_live(server, context):
    state = server.loaded_state()
    pages = [open_list(context.new_page(), server) for _ in range(10)]
    quiz = state["quizzes"][0]
    # The tenth tab can still act: the shared stream leaves connections free.
    last = pages[-1]
    open_play(last, server, quiz)
    check_answer(last, server.answer(quiz["id"]), "¡Correcto!")
    for page in pages[:-1]:
        expect(page.locator("#score")).to_have_text("1")


def test_tabs_on_different_topics_share_the_stream_and_stay_live(server, context):
    state = server.loaded_state()
    listing = open_list(context.new_page(), server)
    single = context.new_page()
    single.goto(server.url("/quiz/"))            # adds the `quiz` topic to the shared stream
    expect(single.locator("#question")).to_be_visible()
    late = open_list(context.new_page(), server)  # joins later: gets the latest snapshot at once
    quiz = state["quizzes"][0]
    status, body = server.request("POST", f"/api/quizzes/{quiz['id']}/check", {"answer": server.answer(quiz["id"])})
    assert status == 200 and body["result"] is True, body
    expect(listing.locator("#score")).to_have_text("1")
    expect(late.locator("#score")).to_have_text("1")
    question = single.locator("#question").inner_text()
    current = server.state("quiz")["quiz"]
    status, body = server.request("POST", f"/api/quiz/{current['id']}/check", {"answer": server.answer(current["id"], app="quiz")})
    assert status == 200 and body["result"] is True, body
    expect(single.locator("#score")).to_have_text("1")
    expect(single.locator("#last-result")).to_contain_text("es correcto")
    assert question == current["question"]


def test_a_tab_asking_for_an_unknown_topic_does_not_stop_the_others(server, context):
    state = server.loaded_state()
    listing = open_list(context.new_page(), server)
    stray = context.new_page()
    stray.goto(server.url("/"))
    stray.evaluate("() => import('/js/events.js').then(m => m.subscribe('no-such-topic', () => {}))")
    expect(alert(stray)).to_contain_text("No disponible")
    quiz = state["quizzes"][0]
    status, body = server.request("POST", f"/api/quizzes/{quiz['id']}/check", {"answer": server.answer(quiz["id"])})
    assert status == 200 and body["result"] is True, body
    expect(listing.locator("#score")).to_have_text("1")
    expect(listing.locator("#connection")).to_have_count(0)


def test_pages_stay_live_without_shared_worker(server, new_context):
    """Browsers without SharedWorker open their own stream and still get every change."""
    context = new_context()
    context.add_init_script("delete window.SharedWorker")
    quiz = server.loaded_state()["quizzes"][0]
    watcher = open_list(context.new_page(), server)
    player = open_play(context.new_page(), server, quiz)
    assert watcher.evaluate("() => typeof SharedWorker") == "undefined"
    check_answer(player, server.answer(quiz["id"]), "¡Correcto!")
    expect(watcher.locator("#score")).to_have_text("1")


# ---------- favourites, filter ----------

def test_favourite_star_toggles_and_shows_in_every_page(server, context):
    quiz = server.loaded_state()["quizzes"][0]
    first = open_list(context.new_page(), server)
    second = open_list(context.new_page(), server)
    star = row(first, quiz["id"]).locator("button.star")
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    expect(row(second, quiz["id"]).locator("button.star")).to_have_attribute("aria-pressed", "true")
    assert next(q for q in server.state()["quizzes"] if q["id"] == quiz["id"])["favourite"] is True

    open_play(second, server, quiz)
    nav_star = second.locator("#favourite")
    expect(nav_star).to_have_attribute("aria-pressed", "true")
    nav_star.click()
    expect(nav_star).to_have_attribute("aria-pressed", "false")
    expect(star).to_have_attribute("aria-pressed", "false")


def test_only_unanswered_filter_hides_right_answers_in_every_page(server, context):
    quizzes = server.loaded_state()["quizzes"]
    quiz = quizzes[0]
    player = open_play(context.new_page(), server, quiz)
    check_answer(player, server.answer(quiz["id"]), "¡Correcto!")
    first = open_list(context.new_page(), server)
    second = open_list(context.new_page(), server)

    first.get_by_role("switch", name="Solo no acertados").check()
    for page in (first, second):
        expect(page.get_by_role("switch", name="Solo no acertados")).to_be_checked()
        expect(rows(page)).to_have_count(len(quizzes) - 1)
        expect(row(page, quiz["id"])).to_have_count(0)
    assert server.state()["onlyUnanswered"] is True

    second.get_by_role("switch", name="Solo no acertados").uncheck()
    for page in (first, second):
        expect(rows(page)).to_have_count(len(quizzes))
        expect(row(page, quiz["id"]).locator(".badge-right")).to_be_visible()


# ---------- layout, themes, accessibility ----------

@pytest.mark.parametrize("path", ["/", "/quizzes/", "/quizzes/play.html?id={id}", "/quiz/"])
@pytest.mark.parametrize("viewport,scheme", SCREEN_LAYOUTS)
def test_pages_fit_the_screen_in_both_themes(server, new_context, path, viewport, scheme):
    quiz = server.loaded_state()["quizzes"][0]
    page = new_context(viewport=viewport, color_scheme=scheme).new_page()
    page.goto(server.url(path.format(id=quiz["id"])))
    page.wait_for_load_state("load")
    if "quizzes" in path or path == "/quiz/":
        expect(page.locator("#quizzes > li, #question").first).to_be_visible()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at {viewport}"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    if path != "/":
        assert background == ("rgb(0, 0, 0)" if scheme == "dark" else "rgb(242, 242, 247)"), background
    missing_alt = page.evaluate("() => [...document.images].filter(i => !i.hasAttribute('alt')).map(i => i.src)")
    assert not missing_alt, missing_alt


def test_list_is_usable_by_keyboard_alone(server, page):
    quiz = server.loaded_state()["quizzes"][0]
    open_list(page, server)
    tab_through(page, None, page.locator("#reload"),                           # past the back link
                page.get_by_role("switch", name="Solo no acertados"), row(page, quiz["id"]).locator("a"))
    assert focus_ring_visible(page), "the focused row has no visible focus ring"
    tab_through(page, row(page, quiz["id"]).locator("button.star"))
    page.keyboard.press("Enter")
    expect(row(page, quiz["id"]).locator("button.star")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#question")).to_have_text(quiz["question"])
