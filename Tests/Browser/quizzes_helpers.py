"""Helpers of the Quizzes apps' browser tests (test_quizzes*.py): the list's rows, opening the list
and the play screen, the alert, checking an answer, the long press and the answer typed in."""

from playwright.sync_api import expect

WRONG = "respuesta que seguro que no es"


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
