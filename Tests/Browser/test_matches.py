"""Browser tests of Partidos (the December 2022 exam) against the real server and its
stand-in: the list of matches with flags, the "Adivina el ganador" screen (a neutral badge for a
team without a flag), the alert, the details revealed after the answer, the current match shared
by the model, the live score, the error banner, keyboard use, and the layout in both themes."""

import re

import pytest
from playwright.sync_api import expect

from conftest import set_outage, wait_until
from list_games import (LAYOUTS, alert, answer_and_close, answer_right_and_go_back,
                        check_keyboard_play, check_layout, images_have_alt_and_load, items_fixture,
                        open_detail, open_from_list, open_list, row, rows)

NO_FLAG_MATCH = 4   # Portugal – Suiza: the data has no flag for Suiza


def open_match(page, server, match):
    return open_detail(page, server, "matches", match["id"], lambda p: p.locator("#team1", has_text=match["team1"]["name"]))


def buttons(page, match):
    """(right button, wrong button) of `match` (a stand-in item, with its winner)."""
    return page.locator(f"#team{match['winner']}"), page.locator(f"#team{3 - match['winner']}")


def winner_name(match):
    return match[f"team{match['winner']}"]["name"]


matches = items_fixture("matches")


def test_list_shows_phase_teams_and_flags(server, page, matches):
    open_list(page, server, "matches", "Partidos", len(matches))
    for match_id, match in matches.items():
        line = row(page, match_id)
        expect(line.locator(".game-caption")).to_have_text(match["phase"])
        expect(line.locator(".team-name")).to_have_text([match["team1"]["name"], match["team2"]["name"]])
        for n in (1, 2):
            team = match[f"team{n}"]
            flag = line.locator(".team-line").nth(n - 1)
            if "flag" in team:
                expect(flag.locator("img")).to_have_attribute("alt", f"Bandera de {team['name']}")
            else:
                expect(flag.locator(".flag-none")).to_have_attribute("aria-label", re.compile(team["name"]))
    images_have_alt_and_load(page)


def test_play_a_match_alert_details_and_back(server, page, matches):
    match = matches[1]
    open_list(page, server, "matches")
    open_from_list(page, "matches", match["id"], "Adivina el ganador")
    expect(page.locator("#phase")).to_have_text(match["phase"])
    for n in (1, 2):
        expect(page.locator(f"#team{n}-name")).to_have_text(match[f"team{n}"]["name"])
        expect(page.locator(f"#team{n}-flag img")).to_have_attribute("alt", f"Bandera de {match[f'team{n}']['name']}")
        expect(page.locator(f"#team{n}")).to_have_text(match[f"team{n}"]["name"])
    images_have_alt_and_load(page)
    # Opening the game makes it the model's current match; nothing is revealed yet.
    wait_until(lambda: (server.state("matches")["current"] or {}).get("id") == match["id"], message="the current match")
    expect(page.locator("#details-section")).to_be_hidden()
    assert server.state("matches")["current"]["details"] is None

    right, wrong = buttons(page, match)
    message = answer_and_close(page, wrong, "Incorrecto")
    assert message == f"Ganó {winner_name(match)}."
    expect(page.locator("#score")).to_have_text("0")
    expect(page.locator("#details")).to_have_text(match["details"])
    expect(page.locator("#last-result")).to_contain_text("no ganó")
    expect(wrong).to_be_focused()
    answer_right_and_go_back(page, "matches", match["id"], right, "acertaste")
    # Back on the list, no match is current any more.
    wait_until(lambda: server.state("matches")["current"] is None, message="no current match")


def test_a_team_without_flag_shows_a_neutral_badge(server, page, matches):
    match = matches[NO_FLAG_MATCH]
    missing = 1 if "flag" not in match["team1"] else 2
    assert "flag" not in match[f"team{missing}"], "the bundled data should keep a team without flag"
    open_match(page, server, match)
    badge = page.locator(f"#team{missing}-flag .flag-none")
    expect(badge).to_be_visible()
    expect(badge).to_have_text(match[f"team{missing}"]["name"][:3].upper())
    expect(badge).to_have_attribute("role", "img")
    expect(page.locator(f"#team{missing}-flag img")).to_have_count(0)
    expect(page.locator(f"#team{3 - missing}-flag img")).to_be_visible()
    answer_and_close(page, buttons(page, match)[0], "¡Correcto!")
    expect(page.locator("#details")).to_have_text(match["details"])


def test_the_score_is_live_in_every_page_and_browser(server, new_context, matches):
    first, second = matches[1], matches[2]
    browser_a = new_context()
    player = open_match(browser_a.new_page(), server, first)
    same_browser_list = open_list(browser_a.new_page(), server, "matches")
    other_browser = open_list(new_context().new_page(), server, "matches")
    for page in (player, same_browser_list, other_browser):
        expect(page.locator("#score")).to_have_text("0")
    answer_and_close(player, buttons(player, first)[0], "¡Correcto!")
    for page in (player, same_browser_list, other_browser):
        expect(page.locator("#score")).to_have_text("1")
    expect(row(other_browser, first["id"]).locator(".badge-right")).to_be_visible()
    # Another browser plays another match: it becomes current, and the first page keeps the
    # details it has already been shown.
    other_detail = open_match(other_browser, server, second)
    answer_and_close(other_detail, buttons(other_detail, second)[0], "¡Correcto!")
    for page in (player, same_browser_list, other_detail):
        expect(page.locator("#score")).to_have_text("2")
    expect(player.locator("#details")).to_have_text(first["details"])
    expect(other_detail.locator("#details")).to_have_text(second["details"])


def test_error_banner_when_the_stand_in_is_down_and_retry(server, page, matches):
    match = matches[1]
    open_match(page, server, match)
    set_outage(server, "matches", True)
    # A check that fails says why in an alert, and the banner stays until it works again.
    buttons(page, match)[0].click()
    expect(alert(page).locator(".alert-title")).to_have_text("No se pudo completar")
    page.keyboard.press("Escape")
    banner = page.locator("#error-banner")
    expect(banner).to_be_visible()
    expect(page.locator("#score")).to_have_text("0")
    listing = open_list(page.context.new_page(), server, "matches")
    listing.click("#reload")
    expect(listing.locator("#error-banner")).to_contain_text("No se pudieron descargar los partidos")
    expect(rows(listing)).to_have_count(len(matches))     # the last good list stays
    set_outage(server, "matches", False)
    listing.locator("#error-banner").get_by_role("button", name="Reintentar").click()
    expect(listing.locator("#error-banner")).to_have_count(0)
    expect(banner).to_have_count(0)
    answer_and_close(page, buttons(page, match)[0], "¡Correcto!")


def test_playable_by_keyboard_alone(server, page, matches):
    match = matches[1]
    check_keyboard_play(page, server, "matches", match["id"], ("#phase", match["phase"]),
                        "#team1", f"#team{match['winner']}")
    expect(page.locator("#details")).to_have_text(match["details"])


@pytest.mark.parametrize("path", ["/matches/", "/matches/play.html?id={id}"])
@pytest.mark.parametrize("viewport,scheme", LAYOUTS)
def test_pages_fit_the_screen_in_both_themes(server, new_context, matches, path, viewport, scheme):
    match = max(matches.values(), key=lambda m: len(m["team1"]["name"]) + len(m["team2"]["name"]))
    ready = "#items > li" if path == "/matches/" else "#team2"
    check_layout(new_context, server.url(path.format(id=match["id"])), viewport, scheme, ready)
