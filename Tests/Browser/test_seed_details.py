"""Browser tests of the seeds' last details: a play screen says which quiz it shows,
the launch screen comes once per browser session on whichever page is opened first, and the
manifest has a shortcut for every app."""

import re

from playwright.sync_api import expect

from quizzes_helpers import check_answer


def test_the_quizzes_play_screen_says_which_quiz(server, page):
    quizzes = server.loaded_state()["quizzes"]
    for number in (1, 3, len(quizzes)):
        quiz = quizzes[number - 1]
        page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
        expect(page.locator("#question")).to_have_text(quiz["question"])
        expect(page.locator("#title")).to_have_text(f"Quiz {number} de {len(quizzes)}")
        expect(page).to_have_title(re.compile(rf"^Quiz {number} de {len(quizzes)}: .+ · Quizzes · Adivina$"))
    # Answered right while only unanswered ones are listed: still the same quiz, the same title.
    page.goto(server.url("/quizzes/"))
    page.get_by_role("switch", name="Solo no acertados").check()
    page.goto(server.url(f"/quizzes/play.html?id={quizzes[2]['id']}"))
    check_answer(page, server.answer(quizzes[2]["id"]), "¡Correcto!")
    expect(page.locator("#answered")).to_be_visible()
    expect(page.locator("#title")).to_have_text(f"Quiz 3 de {len(quizzes)}")


def test_the_one_at_a_time_screen_numbers_its_quizzes(server, page):
    page.goto(server.url("/quiz/"))
    expect(page.locator("#question")).not_to_be_empty()
    expect(page.locator("#title")).to_have_text("Quiz 1")
    expect(page.locator("#bar-title")).to_have_text("Quiz 1")
    first = page.locator("#question").text_content()
    expect(page).to_have_title(re.compile(r"^Quiz 1: .+ · Quiz uno a uno · Adivina$"))
    page.click("#next")
    expect(page.locator("#title")).to_have_text("Quiz 2")
    expect(page.locator("#question")).not_to_have_text(first)


SEE_LAUNCH = """new MutationObserver(() => {
    const launch = document.getElementById('launch');
    if (launch) window.__launchSeen = launch.textContent.trim();
}).observe(document, { childList: true, subtree: true });"""


def launch_was(page):
    """What the launch screen did on this page ("shown"/"skipped") and the text it showed, if any."""
    return page.evaluate("() => [document.documentElement.dataset.launch, window.__launchSeen ?? null]")


def test_the_launch_screen_shows_once_per_session_on_the_first_page_opened(server, new_context):
    context = new_context(launch_screen=True)
    context.add_init_script(SEE_LAUNCH)
    page = context.new_page()
    page.goto(server.url("/books/"))                     # a bookmark to an app page
    assert launch_was(page) == ["shown", "Adivina"]
    expect(page.locator("#launch")).to_have_count(0)      # gone by itself once the page loaded
    expect(page.locator("#items > li").first).to_be_visible()

    for path in ("/quizzes/", "/"):                       # the same session: not again
        page.goto(server.url(path))
        assert launch_was(page)[0] == "skipped"
        expect(page.locator("#launch")).to_be_hidden()
    page.goto(server.url("/quizzes/"))
    assert launch_was(page) == ["skipped", None]
    other = context.new_page()                            # a new tab is a new session
    other.goto(server.url("/trivia/"))
    assert launch_was(other) == ["shown", "Adivina"]

    fresh = new_context(launch_screen=True)               # a new browser, the home page
    fresh.add_init_script(SEE_LAUNCH)
    home = fresh.new_page()
    home.goto(server.url("/"))
    assert launch_was(home) == ["shown", "Adivina"]
    expect(home.locator("#launch")).to_have_count(0)
    expect(home.locator("#apps li > a.app")).to_have_count(7)


def test_the_manifest_has_a_shortcut_for_every_app(server, page):
    page.goto(server.url("/"))
    apps = page.eval_on_selector_all("#apps li > a.app", "links => links.map(a => new URL(a.href).pathname)")
    names = page.locator("#apps .app-name").all_text_contents()
    manifest = page.request.get(server.url(page.get_attribute('link[rel="manifest"]', "href"))).json()
    shortcuts = manifest["shortcuts"]
    assert [s["url"] for s in shortcuts] == apps and len(apps) == 7
    assert [s["name"] for s in shortcuts] == [name.strip() for name in names]
    for shortcut in shortcuts:
        assert page.request.get(server.url(shortcut["url"])).ok, shortcut["url"]
        for icon in shortcut["icons"]:
            assert page.request.get(server.url(icon["src"])).ok, icon["src"]
