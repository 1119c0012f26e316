"""Browser tests of Películas against the real server and its stand-in: the list with
posters, the "Responde:" screen with Sí / No, the alert, the poster that goes almost grey while
the alert is up and comes back to colour after it (both animated), the live score, the error
banner, keyboard use, and the layout in both themes."""

import re

import pytest
from playwright.sync_api import expect

from conftest import wait_until
from list_games import (LAYOUTS, alert, answer_and_close, answer_right_and_go_back,
                        check_keyboard_play, check_layout, check_outage_banner, check_score_is_live,
                        images_have_alt_and_load, items_fixture, open_detail, open_from_list,
                        open_list, row)


def open_movie(page, server, movie):
    return open_detail(page, server, "movies", movie["id"], lambda p: p.locator("#name", has_text=movie["name"]))


def buttons(page, movie):
    """(right button, wrong button) of `movie` (a stand-in item, with its answer)."""
    yes, no = page.locator("#yes"), page.locator("#no")
    return (yes, no) if movie["answer"] else (no, yes)


def poster_filter(page):
    return page.evaluate("() => getComputedStyle(document.getElementById('poster')).filter")


def saturation(filter_value):
    """The saturation a computed `filter` applies: 1 for none."""
    if filter_value in ("none", ""):
        return 1.0
    match = re.fullmatch(r"saturate\(([\d.]+)\)", filter_value)
    assert match, f"unexpected filter {filter_value!r}"
    return float(match.group(1))


movies = items_fixture("movies")


def test_list_detail_answer_alert_and_back(server, page, movies):
    open_list(page, server, "movies", "Películas", len(movies))
    for movie_id, movie in movies.items():
        expect(row(page, movie_id).locator(".game-title")).to_have_text(movie["name"])
        expect(row(page, movie_id).locator("img")).to_have_attribute("alt", re.compile(re.escape(movie["name"])))
    images_have_alt_and_load(page)
    movie = next(iter(movies.values()))
    open_from_list(page, "movies", movie["id"], "Responde:")
    expect(page.locator("#name")).to_have_text(movie["name"])
    expect(page.locator("#question")).to_have_text(movie["question"])
    expect(page.locator("#yes")).to_have_text("Sí")
    expect(page.locator("#no")).to_have_text("No")
    images_have_alt_and_load(page)

    right, wrong = buttons(page, movie)
    message = answer_and_close(page, wrong, "Incorrecto")
    assert ("«Sí»" if movie["answer"] else "«No»") in message
    expect(page.locator("#score")).to_have_text("0")
    expect(wrong).to_be_focused()
    answer_right_and_go_back(page, "movies", movie["id"], right, "correcto")
    expect(page.locator("#list-header")).to_contain_text("1 acertada")


def test_the_poster_goes_grey_with_the_alert_and_back_to_colour_animated(server, page, movies):
    movie = next(iter(movies.values()))
    open_movie(page, server, movie)
    images_have_alt_and_load(page)
    assert saturation(poster_filter(page)) == 1.0
    transition = page.evaluate("""() => { const s = getComputedStyle(document.getElementById('poster'));
        return {property: s.transitionProperty, duration: s.transitionDuration}; }""")
    assert "filter" in transition["property"] or transition["property"] == "all", transition
    assert any(float(d.rstrip("s")) >= 0.2 for d in transition["duration"].split(",")), transition

    # Sample the computed filter every animation frame from the click on.
    page.evaluate("""() => { window.__filters = [];
        const poster = document.getElementById('poster');
        const sample = () => { window.__filters.push(getComputedStyle(poster).filter); window.__sampling = requestAnimationFrame(sample); };
        sample(); }""")
    right, _ = buttons(page, movie)
    right.click()
    expect(alert(page)).to_be_visible()
    wait_until(lambda: saturation(poster_filter(page)) == pytest.approx(0.2), message="saturate(0.2) during the alert")
    going_grey = [saturation(f) for f in page.evaluate("() => window.__filters")]
    assert any(0.2 < s < 1.0 for s in going_grey), f"the poster went grey at once, not animated: {sorted(set(going_grey))}"
    expect(alert(page)).to_be_visible()   # still grey while the alert stays
    assert saturation(poster_filter(page)) == pytest.approx(0.2)

    page.evaluate("() => { window.__filters = []; }")
    page.keyboard.press("Enter")
    expect(alert(page)).to_have_count(0)
    wait_until(lambda: saturation(poster_filter(page)) == 1.0, message="full colour after the alert")
    coming_back = [saturation(f) for f in page.evaluate("() => { cancelAnimationFrame(window.__sampling); return window.__filters; }")]
    assert any(0.2 < s < 1.0 for s in coming_back), f"the colour came back at once, not animated: {sorted(set(coming_back))}"


def test_the_score_is_live_in_every_page_and_browser(server, new_context, movies):
    first, second = list(movies.values())[:2]
    _, _, other_browser_detail = check_score_is_live(
        new_context, server, "movies", open_movie, buttons, first, second)
    # Another tab's answer does not grey this tab's poster: the alert is each tab's own.
    assert saturation(poster_filter(other_browser_detail)) == 1.0


def test_error_banner_when_the_stand_in_is_down_and_retry(server, page, movies):
    check_outage_banner(server, page, "movies", len(movies), "No se pudieron descargar las películas")


def test_playable_by_keyboard_alone(server, page, movies):
    movie = next(iter(movies.values()))
    check_keyboard_play(page, server, "movies", movie["id"], ("#name", movie["name"]),
                        "#yes", "#yes" if movie["answer"] else "#no", close="Escape")
    expect(page.locator("#score")).to_have_text("1")


@pytest.mark.parametrize("path", ["/movies/", "/movies/play.html?id={id}"])
@pytest.mark.parametrize("viewport,scheme", LAYOUTS)
def test_pages_fit_the_screen_in_both_themes(server, new_context, movies, path, viewport, scheme):
    movie = max(movies.values(), key=lambda m: len(m["name"]) + len(m["question"]))
    ready = "#items > li" if path == "/movies/" else "#no"
    page = check_layout(new_context, server.url(path.format(id=movie["id"])), viewport, scheme, ready)
    if path != "/movies/":
        box = page.locator("#poster").bounding_box()
        assert box["width"] > 100 and box["height"] / box["width"] == pytest.approx(1.5, rel=0.02)
