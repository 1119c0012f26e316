"""Browser tests of Trivia against the real server: home, a whole game, the result with
Guardar / Reiniciar, the shared ranking live in every page and after a restart, the keyboard,
the error banner while the trivia stand-in is down, and the layout in both themes."""

import re

import pytest
from playwright.sync_api import expect

from conftest import SCREEN_LAYOUTS, check_screen, focus_ring_visible, set_outage, wait_until


# ---------- helpers ----------

def game_ready(server):
    """The trivia snapshot once a game is being played with its first question."""
    return wait_until(
        lambda: (lambda s: s if s["phase"] == "playing" and not s["loading"] and s["question"] else None)(
            server.state("trivia")),
        message="a trivia game ready to play")


def finish_game_over_the_api(server):
    """Answers every question with the first answer; returns the final score."""
    state = game_ready(server)
    score = 0
    while state["phase"] == "playing":
        status, body = server.request("POST", "/api/trivia/answer", {"index": 0})
        assert status == 200, (status, body)
        score += 1 if body["right"] else 0
        state = server.state("trivia")
    assert state["phase"] == "finished" and state["score"] == score, state
    return score


def ranking_rows(page):
    return page.locator("#ranking > li")


def alert(page):
    return page.get_by_role("alertdialog")


def play_every_question(page, total, watcher=None):
    """Taps an answer per question in `page`, checks the progress and the feedback (and the
    progress in `watcher`, another browser); returns the score the server counted."""
    score = 0
    for number in range(1, total + 1):
        expect(page.locator("#progress")).to_have_text(f"{number} / {total}")
        if watcher is not None:
            expect(watcher.locator("#progress")).to_have_text(f"{number} / {total}")
        button = page.locator("#answers .answer").nth(number % 4)
        expect(button).to_be_enabled()
        with page.expect_response(lambda r: r.url.endswith("/api/trivia/answer")) as answered:
            button.click()
        result = answered.value.json()
        assert result["number"] == number and result["index"] == number % 4, result
        score += 1 if result["right"] else 0
        if number < total:
            expect(page.locator("#progress")).to_have_text(f"{number + 1} / {total}")
            expect(page.locator("#score")).to_have_text(f"{score} acierto" + ("" if score == 1 else "s"))
            expect(page.locator("#feedback")).to_contain_text("¡Correcto!" if result["right"] else "Incorrecto")
    return score


# ---------- home and launcher ----------

def test_launcher_opens_trivia_and_home_offers_play_and_ranking(server, page):
    page.goto(server.url("/"))
    expect(page.locator("#app-trivia")).not_to_contain_text("próximamente")
    page.click("#app-trivia")
    expect(page).to_have_url(re.compile(r"/trivia/$"))
    expect(page.get_by_role("heading", name="Trivia", level=1)).to_be_visible()
    expect(page.locator("#play")).to_have_text("Play Trivia")
    expect(page.locator("#ranking")).to_have_text("Ranking")
    expect(page.locator("#top-empty")).to_contain_text("Aún no hay puntuaciones")
    game_ready(server)
    expect(page.locator("#game-status")).to_contain_text("10 preguntas")
    page.click("#ranking")
    expect(page).to_have_url(re.compile(r"/trivia/ranking\.html$"))
    expect(page.locator("#empty")).to_be_visible()
    page.go_back()
    page.click("#play")
    expect(page).to_have_url(re.compile(r"/trivia/play\.html$"))
    expect(page.locator("#answers .answer")).to_have_count(4)


# ---------- a whole game, saved, live everywhere, kept across restarts ----------

def test_whole_game_then_save_shows_live_in_other_pages_and_survives_a_restart(server, new_context):
    state = game_ready(server)
    total = state["total"]
    assert total == 10
    player_browser = new_context()
    player = player_browser.new_page()
    home = player_browser.new_page()                 # same browser: the shared stream
    home.goto(server.url("/trivia/"))
    other_browser = new_context()
    ranking = other_browser.new_page()
    ranking.goto(server.url("/trivia/ranking.html"))
    expect(ranking.locator("#empty")).to_be_visible()
    follower = other_browser.new_page()              # the same player's game, in another browser
    follower.goto(server.url("/trivia/play.html"))

    player.goto(server.url("/trivia/"))
    player.click("#play")
    expect(player).to_have_url(re.compile(r"/trivia/play\.html$"))
    expect(player.locator("#question")).to_have_text(state["question"]["text"])
    expect(player.locator("#answers .answer .answer-text")).to_have_text(state["question"]["answers"])

    score = play_every_question(player, total, watcher=follower)

    result = player.locator("#result")
    expect(result).to_be_visible()
    expect(player.locator("#final-score")).to_have_text(str(score))
    expect(player.locator("#result-message")).to_have_text(f"Has acertado {score} de {total} preguntas.")
    expect(follower.locator("#final-score")).to_have_text(str(score))
    assert server.state("trivia")["score"] == score

    player.fill("#name", "  Ana  ")
    player.click("#save")
    expect(player.locator("#saved")).to_be_visible()
    expect(player.locator("#save-form")).to_be_hidden()
    expect(follower.locator("#saved")).to_be_visible()
    # Live in a page of another browser and on the home screen of this one.
    expect(ranking_rows(ranking)).to_have_count(1)
    expect(ranking_rows(ranking).first.locator(".rank-name")).to_have_text("Ana")
    expect(ranking_rows(ranking).first.locator(".rank-score")).to_contain_text(str(score))
    expect(ranking_rows(ranking).first.locator(".rank-pos")).to_contain_text("1")
    expect(home.locator("#top > li .rank-name")).to_have_text(["Ana"])

    # Saving the same game again is refused.
    status, body = server.request("POST", "/api/ranking", {"name": "Otra vez"})
    assert status == 409 and body["error"], (status, body)

    # The ranking link marks the entry just saved.
    player.click("#see-ranking")
    expect(player).to_have_url(re.compile(r"/trivia/ranking\.html\?saved="))
    expect(player.locator("#ranking > li.mine .rank-name")).to_have_text("Ana")

    # Another game goes above or below it by its score, live.
    player.go_back()
    player.click("#restart")
    expect(player.locator("#progress")).to_have_text(f"1 / {total}")
    bob_score = finish_game_over_the_api(server)
    status, body = server.request("POST", "/api/ranking", {"name": "Bob"})
    assert status == 200, (status, body)
    expect(ranking_rows(ranking)).to_have_count(2)
    expect(player.locator("#saved")).to_be_visible()
    expect(player.locator("#see-ranking")).to_have_attribute("href", "ranking.html")   # saved elsewhere
    names = ["Bob", "Ana"] if bob_score > score else ["Ana", "Bob"]
    expect(ranking.locator("#ranking > li .rank-name")).to_have_text(names)
    expect(ranking.locator("#ranking-header")).to_have_text("2 puntuaciones")

    server.restart()
    ranking.goto(server.url("/trivia/ranking.html"))
    expect(ranking.locator("#ranking > li .rank-name")).to_have_text(names)
    scores = sorted([score, bob_score], reverse=True)
    for index, value in enumerate(scores):
        expect(ranking_rows(ranking).nth(index).locator(".rank-score")).to_contain_text(str(value))


def test_a_blank_name_is_refused_with_the_servers_message(server, page):
    finish_game_over_the_api(server)
    page.goto(server.url("/trivia/play.html"))
    expect(page.locator("#result")).to_be_visible()
    page.fill("#name", "   ")
    page.click("#save")
    expect(alert(page)).to_be_visible()
    expect(alert(page).locator(".alert-title")).to_have_text("No se pudo completar")
    assert alert(page).locator(".alert-message").inner_text().strip()
    page.keyboard.press("Escape")
    expect(alert(page)).to_have_count(0)
    expect(page.locator("#name")).to_be_focused()
    expect(page.locator("#save-form")).to_be_visible()
    expect(page.locator("#saved")).to_be_hidden()
    assert server.state("ranking")["total"] == 0
    status, body = server.request("POST", "/api/ranking", {"name": ""})
    assert status == 400 and body["error"], (status, body)


def test_play_trivia_after_a_finished_game_starts_a_new_one(server, page):
    finish_game_over_the_api(server)
    page.goto(server.url("/trivia/"))
    expect(page.locator("#game-status")).to_contain_text("Última partida")
    page.click("#play")
    expect(page).to_have_url(re.compile(r"/trivia/play\.html$"))
    expect(page.locator("#progress")).to_have_text("1 / 10")
    expect(page.locator("#score")).to_have_text("0 aciertos")
    assert server.state("trivia")["phase"] == "playing"


def test_a_whole_game_by_keyboard_alone(server, page):
    game_ready(server)
    page.goto(server.url("/trivia/"))
    page.keyboard.press("Tab")                      # back to the apps
    page.keyboard.press("Tab")
    expect(page.locator("#play")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/trivia/play\.html$"))
    for number in range(1, 11):
        expect(page.locator("#progress")).to_have_text(f"{number} / 10")
        expect(page.locator("#answers .answer").first).to_be_enabled()
        page.keyboard.press(str(number % 4 + 1))
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#name")).to_be_focused()
    page.keyboard.type("Teclado")
    page.keyboard.press("Enter")
    expect(page.locator("#saved")).to_be_visible()
    expect(page.locator("#see-ranking")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#restart")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#progress")).to_have_text("1 / 10")
    expect(page.locator("#answers .answer").first).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#answers .answer").nth(1)).to_be_focused()
    assert focus_ring_visible(page), "the focused answer has no visible focus ring"
    assert [e["name"] for e in server.state("ranking")["entries"]] == ["Teclado"]


# ---------- a trivia service that fails ----------

def test_error_banner_while_the_trivia_service_is_down_and_retry(server, page):
    finish_game_over_the_api(server)
    page.goto(server.url("/trivia/play.html"))
    expect(page.locator("#result")).to_be_visible()
    set_outage(server, "trivia", True, status=503)
    page.click("#restart")
    banner = page.locator("#error-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("No se pudieron descargar las preguntas")
    expect(page.locator("#result")).to_be_visible()          # the finished game stays
    expect(alert(page)).to_have_count(0)                     # one message, in the banner
    set_outage(server, "trivia", False)
    banner.get_by_role("button", name="Reintentar").click()
    expect(banner).to_have_count(0)
    expect(page.locator("#progress")).to_have_text("1 / 10")


# ---------- layout, themes, accessibility ----------

@pytest.mark.parametrize("screen", ["home", "question", "result", "ranking"])
@pytest.mark.parametrize("viewport,scheme", SCREEN_LAYOUTS)
def test_trivia_screens_fit_the_screen_in_both_themes(server, new_context, screen, viewport, scheme):
    if screen in ("result", "ranking"):
        finish_game_over_the_api(server)
    if screen == "ranking":
        assert server.request("POST", "/api/ranking", {"name": "Una jugadora con un nombre largo"})[0] == 200
    elif screen != "result":
        game_ready(server)
    path, ready = {
        "home": ("/trivia/", "#play"),
        "question": ("/trivia/play.html", "#answers .answer"),
        "result": ("/trivia/play.html", "#result"),
        "ranking": ("/trivia/ranking.html", "#ranking > li"),
    }[screen]
    page = check_screen(new_context, server, path, ready, viewport, scheme)
    if screen == "question":
        for button in page.locator("#answers .answer").all():
            box = button.bounding_box()
            assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
