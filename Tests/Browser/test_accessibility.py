"""WCAG 2.2 AA with axe-core: every screen in every state a user reaches — lists,
detail screens, the alert open, the context menu open, errors, empty states, Favoritos, Acerca
de, the class pages in lobby / playing / finished, the host page logged in — in light and dark,
phone and desktop, with zero violations of any impact. Each test reaches its states once and
`Audit.check` runs axe four times on each (the scheme and the viewport change, the state stays)."""

import pytest
from playwright.sync_api import expect

from a11y import CONTEXT, Audit
from conftest import set_outage, wait_until
from fake_list_server import FakeListServer
from list_games import loaded
from test_news import news_ready, with_image
from test_trivia import game_ready

WRONG = "respuesta que seguro que no es"


@pytest.fixture
def audit():
    return Audit()


@pytest.fixture
def audited(new_context):
    """A page of a context that lets axe in past the pages' CSP."""
    return lambda **options: new_context(**CONTEXT, **options).new_page()


def alert(page):
    return page.get_by_role("alertdialog")


def check_error(audit, page, server, app, path, button, status=None):
    """With the stand-in of `app` down, `button` on `path` shows the error banner: checked."""
    set_outage(server, app, True, status=status)
    page.goto(server.url(path))
    page.click(button)
    expect(page.locator("#error-banner")).to_be_visible()
    audit.check(page, f"{app} error")
    set_outage(server, app, False)


def audit_when(audit, page, ready, state):
    """Waits for the element `ready` of `page` to show and audits the page as `state`."""
    expect(page.locator(ready)).to_be_visible()
    audit.check(page, state)


def audit_screen(audit, page, url, ready, state):
    """Opens `url`, waits for the element `ready` to show and audits the page as `state`."""
    page.goto(url)
    audit_when(audit, page, ready, state)


def audit_starred(audit, page, star, state):
    """Clicks the star button `star`, waits for it to show pressed and audits the page as `state`."""
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    audit.check(page, state)


def close_alert(page):
    page.keyboard.press("Escape")
    expect(alert(page)).to_have_count(0)


def test_home_and_quizzes(server, audited, audit):
    state = server.loaded_state()
    quiz = state["quizzes"][0]
    page = audited()
    audit_screen(audit, page, server.url("/"), "#app-quizzes", "home")

    page.goto(server.url("/quizzes/"))
    expect(page.locator("#quizzes > li").first).to_be_visible()
    audit_starred(audit, page, page.locator("#quizzes > li button.star").first, "quizzes list")

    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#question")).to_have_text(quiz["question"])
    audit.check(page, "quizzes play")
    page.locator("#author-photo").click(button="right")
    expect(page.get_by_role("menu")).to_be_visible()
    audit.check(page, "quizzes context menu")
    page.keyboard.press("Escape")
    page.fill("#answer", WRONG)
    page.click("#check")
    expect(alert(page)).to_be_visible()
    audit.check(page, "quizzes alert")
    close_alert(page)
    page.fill("#answer", server.answer(quiz["id"]))
    page.click("#check")
    expect(alert(page)).to_contain_text("¡Correcto!")
    close_alert(page)
    audit_when(audit, page, "#answered", "quizzes answered")

    audit_screen(audit, page, server.url("/quizzes/play.html?id=987654"), "#not-found", "quizzes not found")

    audit_screen(audit, page, server.url("/quiz/"), "#question", "quiz one at a time")

    check_error(audit, page, server, "quiz", "/quizzes/", "#reload")
    audit.assert_clean()


def test_quizzes_empty_and_no_more(start_server, fake_quiz_server, audited, audit):
    fake_quiz_server.quizzes = []
    from fake_quiz_server import TOKEN
    server = start_server("--quiz-server", fake_quiz_server.url, "--quiz-token", TOKEN)
    page = audited()
    audit_screen(audit, page, server.url("/quizzes/"), "#empty", "quizzes empty")
    page.goto(server.url("/quiz/"))
    page.locator("#screen .btn").click()
    audit_when(audit, page, "#nomore", "quiz no more")
    audit.assert_clean()


@pytest.mark.parametrize("app,answer,ready", [
    ("books", "#answer1", "#book"),
    ("matches", "#play .btn >> nth=0", "#prompt"),
    ("movies", "#yes", "#poster"),
])
def test_list_games(server, audited, audit, app, answer, ready):
    items = loaded(server, app, app)[app]
    page = audited()
    page.goto(server.url(f"/{app}/"))
    expect(page.locator("#items > li").first).to_be_visible()
    audit.check(page, f"{app} list")
    page.goto(server.url(f"/{app}/play.html?id={items[0]['id']}"))
    expect(page.locator(ready)).to_be_visible()
    audit.check(page, f"{app} detail")
    page.locator(answer).click()
    expect(alert(page)).to_be_visible()
    audit.check(page, f"{app} alert")
    close_alert(page)
    audit_when(audit, page, "#last-result", f"{app} answered")
    audit_screen(audit, page, server.url(f"/{app}/play.html?id=987654"), "#not-found", f"{app} not found")
    check_error(audit, page, server, app, f"/{app}/", "#reload")
    audit.assert_clean()


def test_list_game_empty(start_server, audited, audit):
    fake = FakeListServer([]).start()
    try:
        server = start_server("--books-url", fake.url)
        page = audited()
        audit_screen(audit, page, server.url("/books/"), "#empty", "books empty")
    finally:
        fake.stop()
    audit.assert_clean()


def test_trivia(server, audited, audit):
    page = audited()
    audit_screen(audit, page, server.url("/trivia/ranking.html"), "#empty", "trivia ranking empty")
    game_ready(server)
    page.goto(server.url("/trivia/"))
    expect(page.locator("#game-status")).to_contain_text("10 preguntas")
    audit.check(page, "trivia home")
    page.goto(server.url("/trivia/play.html"))
    expect(page.locator("#answers .answer")).to_have_count(4)
    audit.check(page, "trivia question")
    page.locator("#answers .answer").first.click()
    expect(page.locator("#feedback")).not_to_be_empty()
    audit.check(page, "trivia feedback")
    wait_until(lambda: server.state("trivia")["number"] == 2, message="the answer counted")
    while server.state("trivia")["phase"] == "playing":   # the rest over the API
        assert server.request("POST", "/api/trivia/answer", {"index": 0})[0] == 200
    page.reload()
    audit_when(audit, page, "#result", "trivia result")
    page.fill("#name", "Ana")
    page.keyboard.press("Enter")
    audit_when(audit, page, "#saved", "trivia saved")
    page.goto(server.url("/trivia/ranking.html"))
    expect(page.locator("#ranking > li")).to_have_count(1)
    audit.check(page, "trivia ranking")
    check_error(audit, page, server, "trivia", "/trivia/play.html", "#restart", status=503)
    audit.assert_clean()


def test_news(server, audited, audit):
    state = news_ready(server)
    post = with_image(state)
    page = audited()
    audit_screen(audit, page, server.url("/news/#favoritos"), "#favourites-empty", "news favoritos empty")
    page.goto(server.url("/news/"))
    expect(page.locator("#posts > li").first).to_be_visible()
    audit_starred(audit, page, page.locator(f'#posts > li[data-id="{post["id"]}"] button.star'), "news list")
    page.click("#tab-favoritos")
    expect(page.locator("#favourites > li")).to_have_count(1)
    audit.check(page, "news favoritos")
    page.click("#tab-acerca")
    expect(page.locator("#facts > li").first).to_be_visible()
    audit.check(page, "news acerca de")
    page.goto(server.url(f"/news/post.html?id={post['id']}"))
    expect(page.frame_locator("#article").locator("h1")).to_have_text(post["title"])
    audit.check(page, "news post")
    audit_screen(audit, page, server.url("/news/post.html?id=987654"), "#not-found", "news not found")
    check_error(audit, page, server, "news", "/news/", "#reload", status=503)
    audit.assert_clean()


def test_classroom(classroom, audited, audit):  # noqa: F811
    """The class's screens against the real server, as a round goes: the projector, the phone and
    the host (every state drawn from fed snapshots: test_classroom_screens.py)."""
    server, key = classroom
    board = audited()
    board.goto(server.url("/clase/marcador.html"))
    expect(board.locator("#arrivals-count")).to_have_text("Esperando a que se una alguien…")
    audit.check(board, "board empty")
    student = audited()
    audit_screen(audit, student, server.url("/clase/"), "#join", "class join")
    student.fill("#name", "Ana")
    student.click("#join-button")
    expect(student.locator("#me-code")).to_be_visible()
    audit_when(audit, student, "#lobby", "class lobby")
    host = audited()
    audit_screen(audit, host, server.url("/clase/anfitrion.html"), "#login", "host login")
    host.fill("#key", key)
    host.click("#login-button")
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#players .player-name")).to_have_count(1)
    audit.check(host, "host lobby")
    expect(board.locator("#names li")).to_have_count(1)
    audit.check(board, "board lobby")

    host.locator("#seconds").select_option("120")
    host.locator("#speed-points").click()
    host.click("#game-trivia")
    expect(host.locator("#round-choice")).to_have_text("Ronda: Trivia")
    host.click("#start")
    audit_when(audit, host, "#host-bar", "host round bar")
    expect(student.locator("#question-screen .tile")).to_have_count(4)
    audit.check(student, "class question")
    expect(board.locator("#board-tiles")).to_be_visible()
    audit.check(board, "board question")
    student.locator("#question-screen .tile").first.click()  # one right answer: one tap
    audit_when(audit, student, "#verdict-screen", "class verdict")  # the only player: it closes
    audit_when(audit, board, "#board-chart", "board chart")
    audit_when(audit, host, "#host-chart", "host chart")
    host.get_by_role("button", name="Tiempo extra de Ana").click()
    expect(alert(host)).to_be_visible()
    audit.check(host, "host extra time alert")
    alert(host).get_by_role("button", name="Cancelar").click()

    host.click("#end")
    expect(alert(host)).to_be_visible()
    audit.check(host, "host end alert")
    alert(host).get_by_role("button", name="Terminar").click()
    audit_when(audit, host, "#round", "host the round's results")
    expect(board.locator("#board-title")).to_have_text("¡Podio!")  # with its podium, or none: no points
    audit.check(board, "board podium")
    audit_when(audit, student, "#end-screen", "class end")
    audit.assert_clean()

