from classroom_helpers import open_host
from conftest import join_class
from playwright.sync_api import expect

def test_look(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    board = new_context(viewport={"width": 1280, "height": 720}, color_scheme="dark").new_page()
    board.goto(server.url("/clase/marcador.html"))
    p = join_class(new_context(viewport={"width": 390, "height": 844}).new_page(), server, "Ana")
    join_class(new_context().new_page(), server, "Bea")
    expect(board.locator("#names li")).to_have_count(2)
    board.screenshot(path="/tmp/pg/board-lobby.png")
    host.screenshot(path="/tmp/pg/host.png", full_page=True)
    p.screenshot(path="/tmp/pg/phone-lobby.png")
    host.locator("#new-set").click()
    host.locator("#add-quiz").click()
    host.locator(".set-quiz").nth(1).locator("select").select_option("choice")
    host.screenshot(path="/tmp/pg/host-editor.png", full_page=True)
