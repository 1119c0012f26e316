"""Helpers of the classroom browser tests (test_classroom*.py): the round's size, the quiz
questions' right answers, the room's state, the host page, a join refused, a page's own `fetch`,
answers through the round's routes, refusals seen by a page, the host + projector + phones of a
class, and a page's news held back."""

import json
import time
from pathlib import Path

from playwright.sync_api import expect

from conftest import join_class

ROUND = 10  # questions in a classroom round
QUIZ_BY_QUESTION = {}  # question text (what a phone shows) -> right answer, from the quiz stand-in's data
for item in json.loads((Path(__file__).parents[2] / "Sources/StandIns/Data/quiz/quizzes.json").read_text()):
    QUIZ_BY_QUESTION.setdefault(item["question"], item["answer"])


def room(server):
    status, body = server.request("GET", "/api/classroom/state")
    assert status == 200, (status, body)
    return body


def alert(page):
    return page.get_by_role("alertdialog")


def refused_join(page, server, name, reason):
    """Tries to join the class as `name` on `page`: the alert says `reason` and is closed with
    "Aceptar". Returns the page."""
    page.goto(server.url("/clase/"))
    page.locator("#name").fill(name)
    page.locator("#join-button").click()
    expect(alert(page)).to_contain_text(reason)
    alert(page).get_by_role("button", name="Aceptar").click()
    return page


def open_host(new_context, server, key):
    page = new_context(viewport={"width": 1024, "height": 900}).new_page()
    page.goto(server.url("/clase/anfitrion.html"))
    expect(page.locator("#login")).to_be_visible()
    expect(page.locator("#start")).to_be_hidden()
    page.locator("#key").fill(key)
    page.locator("#login-button").click()
    expect(page.locator("#host")).to_be_visible()
    expect(page.locator("#login")).to_be_hidden()
    return page


def call(page, method, path, body=None):
    """`fetch` from `page` (its cookies): the status and the JSON answer."""
    return page.evaluate("""async ([method, path, body]) => {
        const init = { method, headers: { "Content-Type": "application/json" } };
        if (body !== null) init.body = JSON.stringify(body);
        const response = await fetch(path, init);
        const text = await response.text();
        return [response.status, text ? JSON.parse(text) : null];
    }""", [method, path, body])


def answer_round(answers):
    """Answers through the round's routes: `answers` is [(page, question, answer)]; each page opens
    its question (self-paced: its own time starts after the 3-2-1), then, the 3-2-1 over, answers.
    Returns the replies, in order."""
    for page, number, _ in answers:
        status, body = call(page, "POST", "/api/classroom/round/open", {"question": number})
        assert status == 200, body
    replies = []
    for page, number, answer in answers:
        deadline = time.monotonic() + 10
        while True:
            status, body = call(page, "POST", "/api/classroom/round/answer", {"question": number, "answer": answer})
            if status != 409 or "cuenta atrás" not in body.get("error", "") or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert status == 200, (number, answer, body)
        replies.append(body)
    return replies


def failed_responses(page):
    """A list that fills with "STATUS URL" for every answer of 400 or more `page` gets."""
    failed = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return failed


def host_board_and_phones(audited, server, key):
    """The host's page, the projector (BOARD) and two joined phones, all audited: Ana at 320×568
    with touch, Bea at 390×844 in dark mode."""
    from round_pages import BOARD
    host = open_host(lambda **options: audited(**options).context, server, key)
    board = audited(viewport=BOARD)
    board.goto(server.url("/clase/marcador.html"))
    ana = join_class(audited(viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True), server, "Ana")
    bea = join_class(audited(viewport={"width": 390, "height": 844}, color_scheme="dark"), server, "Bea")
    return host, board, ana, bea


def host_board_and_players(new_context, server, key, names=("Ana", "Bea", "Carla")):
    """The host's page, the projector (1280×720) and a phone for each player of `names`, joined."""
    host = open_host(new_context, server, key)
    board = new_context(viewport={"width": 1280, "height": 720}).new_page()
    board.goto(server.url("/clase/marcador.html"))
    return host, board, [join_class(new_context().new_page(), server, name) for name in names]


LATE_NEWS = """(() => {
  // While `window.lateTopic` (a RegExp) is set, the events of the topics it matches wait until
  // 300 ms after an event of another topic: that topic's news arrives after the other's, as it
  // may when the server sends them apart; `window.releaseNews()` lets them in at once. The page's
  // own stream (no SharedWorker) is the one held.
  window.SharedWorker = undefined;
  const held = [];
  let releasing = false;
  const release = () => {
    window.lateTopic = null;
    releasing = false;
    for (const deliver of held.splice(0)) deliver();
  };
  window.releaseNews = release;
  window.EventSource = class extends window.EventSource {
    addEventListener(type, listener, options) {
      super.addEventListener(type, (event) => {
        const late = window.lateTopic;
        if (late && late.test(type)) {
          held.push(() => listener(event));
          return;
        }
        if (late && !releasing) {
          releasing = true;
          setTimeout(release, 300);
        }
        listener(event);
      }, options);
    }
  };
})();"""
