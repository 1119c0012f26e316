"""Browser tests of the Quizzes play screen: the alert by keyboard, the author photo's
context menu and long press, the attachment typing the answer in, deep links and the way back."""

import re

from playwright.sync_api import expect

from quizzes_helpers import (WRONG, rows, row, open_list, open_play,
                             alert, check_answer, first_with_attachment,
                             long_press, record_animation_samples, assert_filled_with_animation)


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
