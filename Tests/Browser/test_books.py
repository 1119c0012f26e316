"""Browser tests of Libros (the June 2024 exam) against the real server and its stand-in:
the list of books, the "Respuesta sobre:" screen with both answers, the alert, the score live in
every page, the error banner, progress, keyboard use, and the layout in both themes."""

import re

import pytest
from playwright.sync_api import expect

from fake_list_server import FakeListServer
from list_games import (LAYOUTS, alert, answer_and_close, answer_right_and_go_back,
                        check_keyboard_play, check_layout, check_outage_banner, check_score_is_live,
                        images_have_alt_and_load, items_fixture, loaded, open_detail,
                        open_from_list, open_list, row, rows)


def open_book(page, server, book):
    return open_detail(page, server, "books", book["id"], lambda p: p.locator("#book", has_text=book["book"]))


def buttons(page, book):
    """(right button, wrong button) of `book` (a stand-in item, with its solution)."""
    right = page.locator(f"#answer{book['solution']}")
    wrong = page.locator(f"#answer{3 - book['solution']}")
    return right, wrong


books = items_fixture("books")


def test_list_detail_answer_alert_and_back(server, page, books):
    open_list(page, server, "books", "Libros", len(books))
    for book_id, book in books.items():
        expect(row(page, book_id).locator(".game-title")).to_have_text(book["book"])
    book = next(iter(books.values()))
    open_from_list(page, "books", book["id"], "Respuesta sobre:")
    expect(page.locator("#book")).to_have_text(book["book"])
    expect(page.locator("#question")).to_have_text(book["question"])
    for n in (1, 2):
        expect(page.locator(f"#answer{n}")).to_have_text(book[f"answer{n}"]["answer"])
        image = page.locator(f"#answer{n}-image img")
        expect(image).to_have_attribute("alt", re.compile(re.escape(book[f"answer{n}"]["answer"])))
    images_have_alt_and_load(page)
    assert page.locator("#answer1-image img").get_attribute("src") != page.locator("#answer2-image img").get_attribute("src")

    right, wrong = buttons(page, book)
    right_text = book[f"answer{book['solution']}"]["answer"]
    message = answer_and_close(page, wrong, "Incorrecto")
    assert right_text in message
    expect(page.locator("#score")).to_have_text("0")
    expect(page.locator("#last-result")).to_contain_text("no es la respuesta")
    expect(wrong).to_be_focused()
    answer_right_and_go_back(page, "books", book["id"], right, "correcto")
    expect(page.locator("#list-header")).to_contain_text("1 acertado")


def test_the_score_is_live_in_every_page_and_browser(server, new_context, books):
    first, second = list(books.values())[:2]
    player, same_browser_list, other_browser_detail = check_score_is_live(
        new_context, server, "books", open_book, buttons, first, second)
    # The same answer twice does not count twice; another book does.
    right, _ = buttons(other_browser_detail, second)
    answer_and_close(other_browser_detail, right, "¡Correcto!")
    for page in (player, same_browser_list, other_browser_detail):
        expect(page.locator("#score")).to_have_text("2")


def test_the_alert_appears_with_the_new_score_already_in_the_bar(server, page, books):
    book = next(iter(books.values()))
    open_book(page, server, book)
    right, _ = buttons(page, book)
    right.click()
    expect(alert(page)).to_be_visible()
    expect(page.locator("#score")).to_have_text("1")
    page.keyboard.press("Escape")
    expect(alert(page)).to_have_count(0)


def test_error_banner_when_the_stand_in_is_down_and_retry(server, page, books):
    check_outage_banner(server, page, "books", len(books), "No se pudieron descargar los libros")


def test_progress_while_downloading_and_text_never_as_html(start_server, page):
    markup = "<img src=x onerror=\"window.__pwned=1\"><b>negrita</b>"
    items = [{"id": 5, "book": markup, "question": "¿<i>Qué</i>?", "solution": 2,
              "answer1": {"answer": "<u>uno</u>", "photo": "javascript:alert(1)"},
              "answer2": {"answer": "dos", "photo": None}}]
    fake = FakeListServer(items).start()
    try:
        server = start_server("--books-url", fake.url)
        loaded(server, "books", "books")
        open_list(page, server, "books")
        expect(row(page, 5).locator(".game-title")).to_have_text(markup)
        fake.delay_s = 1.5
        page.click("#reload")
        expect(page.locator("#progress")).to_be_visible()
        expect(page.locator("#reload")).to_have_attribute("aria-busy", "true")
        expect(page.locator("#progress")).to_have_count(0)
        fake.delay_s = 0
        page.goto(server.url("/books/play.html?id=5"))
        expect(page.locator("#book")).to_have_text(markup)
        expect(page.locator("#question")).to_have_text("¿<i>Qué</i>?")
        expect(page.locator("#answer1")).to_have_text("<u>uno</u>")
        # No usable photo: a placeholder that says what it stands for.
        expect(page.locator("#answer2-image")).to_have_attribute("aria-label", re.compile("dos"))
        assert page.locator("main b, main i, main u, main img").count() == 0
        answer_and_close(page, page.locator("#answer2"), "¡Correcto!")
        assert page.evaluate("() => window.__pwned") is None
    finally:
        fake.stop()


def test_playable_by_keyboard_alone(server, page, books):
    book = next(iter(books.values()))
    check_keyboard_play(page, server, "books", book["id"], ("#book", book["book"]),
                        "#answer1", f"#answer{book['solution']}")
    expect(page.locator("#score")).to_have_text("1")


def test_unknown_book_says_so(server, page, books):
    page.goto(server.url("/books/play.html?id=999999"))
    expect(page.locator("#not-found")).to_be_visible()
    page.locator("#not-found a").click()
    expect(rows(page).first).to_be_visible()


@pytest.mark.parametrize("path", ["/books/", "/books/play.html?id={id}"])
@pytest.mark.parametrize("viewport,scheme", LAYOUTS)
def test_pages_fit_the_screen_in_both_themes(server, new_context, books, path, viewport, scheme):
    book = max(books.values(), key=lambda b: len(b["book"]) + len(b["answer1"]["answer"]) + len(b["answer2"]["answer"]))
    ready = "#items > li" if path == "/books/" else "#answer2"
    page = check_layout(new_context, server.url(path.format(id=book["id"])), viewport, scheme, ready)
    if path != "/books/":
        # Both pictures are on screen at once, side by side.
        boxes = [page.locator(f"#answer{n}-image").bounding_box() for n in (1, 2)]
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 1 and boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"]
