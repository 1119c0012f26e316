"""Browser tests of the Quizzes apps against the real server (issue 4): the launcher, the live
list, the play screen, the one-at-a-time screen, the shared SSE stream and its indicator.

Every state change must arrive over SSE: the tests act in one page and watch the others."""

import re
import signal

import pytest
from playwright.sync_api import expect

from conftest import SCREEN_LAYOUTS, focus_ring_visible, tab_through
from fake_quiz_server import TOKEN

WRONG = "respuesta que seguro que no es"


# ---------- helpers ----------

def rows(page):
    return page.locator("#quizzes > li")


def row(page, quiz_id):
    return page.locator(f'#quizzes > li[data-id="{quiz_id}"]')


def open_list(page, server):
    page.goto(server.url("/quizzes/"))
    expect(rows(page).first).to_be_visible()
    return page


def open_play(page, server, quiz):
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#question")).to_have_text(quiz["question"])
    return page


def alert(page):
    return page.get_by_role("alertdialog")


def check_answer(page, text, title):
    """Types `text`, presses Comprobar, sees the alert `title` and closes it with Enter."""
    page.fill("#answer", text)
    page.click("#check")
    expect(alert(page)).to_be_visible()
    expect(alert(page).locator(".alert-title")).to_have_text(title)
    page.keyboard.press("Enter")
    expect(alert(page)).to_have_count(0)


def first_with_attachment(state):
    return next(q for q in state["quizzes"] if q["attachment"])


def long_press(page, locator, then):
    """Holds a touch on `locator` until `then` is visible, then lifts it (Chromium's CDP touch)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    expect(then).to_be_visible()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def record_animation_samples(page):
    """Samples the answer field every few milliseconds into window.__samples."""
    page.evaluate("""() => {
        window.__samples = [];
        const input = document.getElementById('answer');
        window.__sampler = setInterval(() => window.__samples.push(input.value), 5);
    }""")


def assert_filled_with_animation(page, answer):
    expect(page.locator("#answer")).to_have_attribute("data-filling", "true")
    expect(page.locator("#answer")).to_have_value(answer)
    expect(page.locator("#answer")).not_to_have_attribute("data-filling", "true")
    samples = page.evaluate("() => { clearInterval(window.__sampler); return window.__samples; }")
    partial = [s for s in samples if s and s != answer and answer.startswith(s)]
    if len(answer) > 1:
        assert partial, f"the answer appeared at once, not typed in: {sorted(set(samples))}"


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


# ---------- the play screen ----------

def test_alert_answers_to_the_keyboard(server, page):
    quiz = server.loaded_state()["quizzes"][0]
    open_play(page, server, quiz)
    page.fill("#answer", WRONG)
    page.press("#answer", "Enter")
    expect(alert(page)).to_be_visible()
    expect(alert(page)).to_contain_text("Incorrecto")
    expect(alert(page).get_by_role("button", name="Aceptar")).to_be_focused()
    page.keyboard.press("Escape")
    expect(alert(page)).to_have_count(0)
    expect(page.locator("#answer")).to_be_focused()

    page.fill("#answer", "  " + server.answer(quiz["id"]).upper() + " ")
    page.press("#answer", "Enter")
    expect(alert(page)).to_contain_text("¡Correcto!")
    page.keyboard.press("Enter")
    expect(alert(page)).to_have_count(0)
    expect(page.locator("#answered")).to_be_visible()
    expect(page.locator("#score")).to_have_text("1")


def test_context_menu_on_the_author_photo_fills_and_clears(server, page):
    quiz = server.loaded_state()["quizzes"][0]
    answer = server.answer(quiz["id"])
    open_play(page, server, quiz)
    photo = page.locator("#author-photo")
    menu = page.get_by_role("menu")

    photo.click(button="right")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem")).to_have_text(["Limpiar", "Rellenar con la respuesta correcta"])
    menu.get_by_role("menuitem", name="Rellenar con la respuesta correcta").click()
    expect(menu).to_have_count(0)
    expect(page.locator("#answer")).to_have_value(answer)

    photo.click(button="right")
    menu.get_by_role("menuitem", name="Limpiar").click()
    expect(page.locator("#answer")).to_have_value("")

    # By keyboard: focus the photo, Enter opens, arrows move, Enter picks, Escape closes.
    photo.focus()
    page.keyboard.press("Enter")
    expect(menu.get_by_role("menuitem", name="Limpiar")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator("#answer")).to_have_value(answer)
    photo.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(photo).to_be_focused()


def test_long_press_on_the_author_photo_opens_the_context_menu(server, new_context):
    quiz = server.loaded_state()["quizzes"][0]
    page = new_context(has_touch=True, is_mobile=True).new_page()
    open_play(page, server, quiz)
    page.fill("#answer", "algo")
    menu = page.get_by_role("menu")
    long_press(page, page.locator("#author-photo"), menu)
    menu.get_by_role("menuitem", name="Limpiar").tap()
    expect(page.locator("#answer")).to_have_value("")


def test_double_click_on_the_attachment_types_the_answer_in(server, page):
    quiz = first_with_attachment(server.loaded_state())
    answer = server.answer(quiz["id"])
    open_play(page, server, quiz)
    record_animation_samples(page)
    page.locator("#attachment").dblclick()
    assert_filled_with_animation(page, answer)
    check_answer(page, answer, "¡Correcto!")


def test_double_tap_on_the_attachment_types_the_answer_in(server, new_context):
    quiz = first_with_attachment(server.loaded_state())
    answer = server.answer(quiz["id"])
    page = new_context(has_touch=True, is_mobile=True).new_page()
    open_play(page, server, quiz)
    record_animation_samples(page)
    page.locator("#attachment").scroll_into_view_if_needed()
    box = page.locator("#attachment").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
    assert_filled_with_animation(page, answer)


def test_play_screen_is_deep_linkable_and_back_returns_to_the_list(server, page):
    quizzes = server.loaded_state()["quizzes"]
    open_list(page, server)
    row(page, quizzes[1]["id"]).locator("a").click()
    expect(page.locator("#question")).to_have_text(quizzes[1]["question"])
    page.go_back()
    expect(page).to_have_url(re.compile(r"/quizzes/$"))
    expect(rows(page)).to_have_count(len(quizzes))
    page.go_forward()
    expect(page.locator("#question")).to_have_text(quizzes[1]["question"])
    page.click("#back")
    expect(page).to_have_url(re.compile(r"/quizzes/$"))

    page.goto(server.url("/quizzes/play.html?id=987654321"))
    expect(page.locator("#not-found")).to_be_visible()


# ---------- reload, record, stream ----------

def test_reload_resets_the_score_and_keeps_the_record(server, context):
    quiz = server.loaded_state()["quizzes"][0]
    player = open_play(context.new_page(), server, quiz)
    check_answer(player, server.answer(quiz["id"]), "¡Correcto!")
    page = open_list(context.new_page(), server)
    expect(page.locator("#score")).to_have_text("1")
    expect(page.locator("#record")).to_have_text("1")
    page.click("#reload")
    expect(page.locator("#score")).to_have_text("0")
    expect(page.locator("#record")).to_have_text("1")
    expect(page.locator("#reload")).to_be_enabled()
    expect(page.locator("#quizzes .badge-right:visible")).to_have_count(0)


def test_record_survives_a_server_restart(server, page):
    quizzes = server.loaded_state()["quizzes"][:2]
    for quiz in quizzes:
        open_play(page, server, quiz)
        check_answer(page, server.answer(quiz["id"]), "¡Correcto!")
    open_list(page, server)
    expect(page.locator("#record")).to_have_text("2")
    server.restart()
    server.loaded_state()
    open_list(page, server)
    expect(page.locator("#score")).to_have_text("0")
    expect(page.locator("#record")).to_have_text("2")


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_adivina_exits_0_on_a_stop_signal_with_pages_connected(server, page, signal_number):
    server.loaded_state()
    open_list(page, server)                    # an open SSE stream and keep-alive connections
    assert server.stop(signal_number) == 0


def test_stream_indicator_shows_while_the_server_is_away_and_reconnects(server, page):
    server.loaded_state()
    open_list(page, server)
    indicator = page.locator("#connection")
    expect(indicator).to_have_count(0)
    server.stop()
    expect(indicator).to_be_visible()
    expect(indicator).to_have_text("Sin conexión — reconectando…")
    server.start(port=server.port)
    state = server.loaded_state()
    expect(indicator).to_have_count(0, timeout=20_000)
    # Live again: a right answer from elsewhere shows up.
    quiz = state["quizzes"][0]
    status, body = server.request("POST", f"/api/quizzes/{quiz['id']}/check", {"answer": server.answer(quiz["id"])})
    assert status == 200 and body["result"] is True, body
    expect(page.locator("#score")).to_have_text("1")


# ---------- a quiz server that fails, is slow, or sends markup ----------

def test_error_banner_when_the_quiz_server_fails_and_retry(start_server, fake_quiz_server, page):
    server = start_server("--quiz-server", fake_quiz_server.url, "--quiz-token", TOKEN)
    server.loaded_state()
    open_list(page, server)
    expect(rows(page)).to_have_count(len(fake_quiz_server.quizzes))
    fake_quiz_server.failing = True
    page.click("#reload")
    banner = page.locator("#error-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("No se pudieron descargar los quizzes")
    expect(rows(page)).to_have_count(len(fake_quiz_server.quizzes))   # the last good list stays
    fake_quiz_server.failing = False
    banner.get_by_role("button", name="Reintentar").click()
    expect(banner).to_have_count(0)
    expect(rows(page)).to_have_count(len(fake_quiz_server.quizzes))
    # The token stays on the server.
    assert TOKEN not in page.content()
    assert TOKEN not in str(server.state())


def test_a_failed_check_shows_the_servers_message_in_an_alert(start_server, fake_quiz_server, page):
    server = start_server("--quiz-server", fake_quiz_server.url, "--quiz-token", TOKEN)
    quiz = server.loaded_state()["quizzes"][0]
    open_play(page, server, quiz)
    fake_quiz_server.failing = True
    page.fill("#answer", "París")
    page.click("#check")
    expect(alert(page)).to_be_visible()
    expect(alert(page).locator(".alert-title")).to_have_text("No se pudo completar")
    message = alert(page).locator(".alert-message").inner_text()
    assert message.strip(), "the alert does not say what went wrong"
    page.keyboard.press("Escape")
    expect(alert(page)).to_have_count(0)
    expect(page.locator("#score")).to_have_text("0")
    fake_quiz_server.failing = False
    check_answer(page, "París", "¡Correcto!")


def test_progress_indicator_while_downloading(start_server, fake_quiz_server, page):
    server = start_server("--quiz-server", fake_quiz_server.url, "--quiz-token", TOKEN)
    server.loaded_state()
    open_list(page, server)
    fake_quiz_server.delay_s = 1.5
    page.click("#reload")
    expect(page.locator("#progress")).to_be_visible()
    expect(page.locator("#reload")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#progress")).to_have_count(0, timeout=15_000)
    expect(page.locator("#reload")).to_have_attribute("aria-busy", "false")


def test_quiz_text_is_shown_as_text_never_as_html(start_server, fake_quiz_server, page):
    markup = "<img src=x onerror=\"window.__pwned=1\"><b>negrita</b> & <script>window.__pwned=2</script>"
    fake_quiz_server.quizzes = [
        {"id": 7, "question": markup, "answer": "ok", "author": "<i>autor</i>", "picture": True},
    ]
    server = start_server("--quiz-server", fake_quiz_server.url, "--quiz-token", TOKEN)
    server.loaded_state()
    open_list(page, server)
    expect(row(page, 7).locator(".quiz-question")).to_have_text(markup)
    expect(row(page, 7).locator(".author-name")).to_have_text("<i>autor</i>")
    assert row(page, 7).locator(".quiz-question img, .quiz-question b, .author-name i").count() == 0
    page.goto(server.url("/quizzes/play.html?id=7"))
    expect(page.locator("#question")).to_have_text(markup)
    assert page.evaluate("() => window.__pwned") is None


# ---------- one quiz at a time ----------

def test_one_at_a_time_plays_until_there_are_no_more(start_server, fake_quiz_server, context):
    server = start_server("--quiz-server", fake_quiz_server.url, "--quiz-token", TOKEN)
    page = context.new_page()
    watcher = context.new_page()
    page.goto(server.url("/quiz/"))
    watcher.goto(server.url("/quiz/"))
    seen = []
    for round_number in range(1, len(fake_quiz_server.quizzes) + 1):
        question = page.locator("#question")
        expect(question).to_be_visible()
        text = question.inner_text()
        assert text not in seen
        seen.append(text)
        quiz = next(q for q in fake_quiz_server.quizzes if q["question"] == text)
        if round_number == 1:
            check_answer(page, WRONG, "Incorrecto")
            expect(page.locator("#last-result")).to_contain_text("no es correcto")
        check_answer(page, quiz["answer"], "¡Correcto!")
        expect(watcher.locator("#score")).to_have_text(str(round_number))
        expect(page.locator("#next")).to_be_focused()
        page.click("#next")
        if round_number < len(fake_quiz_server.quizzes):
            expect(question).not_to_have_text(text)
    expect(page.locator("#nomore")).to_be_visible()
    expect(page.locator("#nomore")).to_contain_text("No hay más quizzes")
    expect(watcher.locator("#nomore")).to_be_visible()


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
