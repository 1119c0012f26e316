"""Browser tests of the Quizzes apps across the server's life: a reload and a restart
(score and record), a stop signal with pages connected, the stream indicator while the server is
away, a quiz server that fails, is slow or sends markup, and the one-at-a-time screen to its end."""

import signal

import pytest
from playwright.sync_api import expect

from fake_quiz_server import TOKEN
from quizzes_helpers import WRONG, rows, row, open_list, open_play, alert, check_answer


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
    expect(indicator).to_have_count(0)
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
    expect(page.locator("#progress")).to_have_count(0)
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
