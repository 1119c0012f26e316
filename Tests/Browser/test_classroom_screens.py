"""Every screen and state of the class's round pages, each drawn from a snapshot fed to the page
(its event stream replaced by one the test drives, so a 3-2-1 or a closed question stays on screen
as long as the checks take) and checked with axe in light and dark, phone and desktop, with no
sideways scrolling: the phone (get-ready, tiles of one or several answers, true/false, the text
and number fields, the answer sent, waiting for the connection or too late, the verdicts, an image
retried until it loads, the end), the projector (lobby, get-ready, question with image and tiles, the chart per option and of
the most given answers, the podium with a tie) and the host (the round's choice, the bar). The
whole round against the real server is test_classroom_teacher.py."""

import json

from playwright.sync_api import expect

from a11y import CONTEXT
from classroom_helpers import open_host
from conftest import wait_until
from round_pages import font_px
from test_accessibility import audit, audited  # noqa: F401  (fixtures)

FAKE_STREAM = """(() => {
  // The page's own stream (no SharedWorker), fed by window.feed(topic, snapshot).
  window.SharedWorker = undefined;
  const sources = [];
  window.feed = (topic, data) => { for (const source of sources) source.fire(topic, data); };
  window.listening = (topic) => sources.some((source) => source.listeners[topic]);
  window.EventSource = class {
    constructor(url) {
      this.url = url;
      this.readyState = 1;
      this.listeners = {};
      sources.push(this);
      setTimeout(() => this.onopen?.(), 0);
    }
    addEventListener(type, listener) { (this.listeners[type] ??= []).push(listener); }
    fire(topic, data) { for (const listener of this.listeners[topic] ?? []) listener({ data: JSON.stringify(data), lastEventId: "1" }); }
    close() { this.readyState = 2; }
  };
})();"""

PLANETS = ["Marte", "Júpiter", "Venus", "Tierra"]


def fed_page(new_context, server, path, viewport, me=None):
    """A page of `path` whose stream the test feeds (`feed`), as player `me` if given."""
    context = new_context(viewport=viewport, **CONTEXT)
    context.add_init_script(FAKE_STREAM)
    if me:
        # The marker the server sets with a player's cookie: the page then asks who it is.
        context.add_cookies([{"name": "adivina_clase", "value": "1", "url": server.url("/")}])
        context.route("**/api/classroom/me", lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(me)))
    page = context.new_page()
    page.goto(server.url(path))
    return page


def feed(page, topic, snapshot):
    page.wait_for_function("(topic) => window.listening(topic)", arg=topic)
    page.evaluate("([topic, data]) => window.feed(topic, data)", [topic, snapshot])


def now(page):
    return page.evaluate("() => Date.now()")


def view(page, **changes):
    """The player's view of question 2 of 5, open for 30 s, with `changes`."""
    start = now(page)
    base = {"phase": "question", "round": 1, "question": 2, "total": 5, "selfPaced": False, "kind": "choice",
            "text": "¿Qué planeta es el más grande?", "image": None, "options": PLANETS, "startsAt": start,
            "deadline": start + 30000, "answered": False, "given": None, "verdict": None, "score": 850,
            "rightCount": 1, "rank": 2, "players": 30, "name": "Ana", "rejoinCode": "K7Q2"}
    return {**base, **changes}


def test_every_state_of_the_phone(classroom, new_context, audit):  # noqa: F811
    server, _ = classroom
    phone = fed_page(new_context, server, "/clase/", {"width": 390, "height": 844}, me={"id": 1, "name": "Ana"})
    # The lobby card reads the player's own view alone: the phone follows no other topic.
    feed(phone, "round", {**view(phone), "phase": "lobby", "question": 0, "text": None, "options": [], "startsAt": None,
                          "deadline": None, "players": 1, "score": 0})
    expect(phone.locator("#me-code")).to_have_text("Tu código para volver: K7Q2")
    expect(phone.locator("#room-status")).to_have_text("Esperando a que empiece la ronda… Aún no ha llegado nadie más.")
    expect(phone.locator("#me-score")).to_have_text("0 puntos")
    assert not phone.evaluate("() => window.listening('classroom')")
    audit.check(phone, "phone lobby")

    feed(phone, "round", view(phone, startsAt=now(phone) + 60000))
    expect(phone.locator("#get-ready")).to_contain_text("¡Prepárate!")
    expect(phone.locator("#get-ready .get-ready-number")).to_have_text("60")
    audit.check(phone, "phone get-ready")

    feed(phone, "round", view(phone))
    tiles = phone.locator("#question-screen .tile")
    expect(tiles).to_have_count(4)
    for index, tile in enumerate(tiles.all()):
        letter = "ABCD"[index]
        expect(tile).to_have_accessible_name(f"{letter}: {PLANETS[index]}")
        expect(tile.locator(".tile-shape")).to_have_count(1)
        assert tile.bounding_box()["height"] >= 64
    colours = {tile.evaluate("(node) => getComputedStyle(node).backgroundColor") for tile in tiles.all()}
    assert len(colours) == 4, colours
    audit.check(phone, "phone choice")

    feed(phone, "round", view(phone, question=3, multiple=True))  # several right: mark them all, then send
    expect(phone.locator("#round-hint")).to_have_text("Marca todas las correctas y pulsa Enviar.")
    expect(phone.locator("#send-choices")).to_be_disabled()
    phone.locator("#question-screen .tile").nth(0).press("Enter")  # tiles work by keyboard
    phone.locator("#question-screen .tile").nth(2).press("Space")
    expect(phone.locator('#question-screen .tile[aria-pressed="true"]')).to_have_count(2)
    audit.check(phone, "phone choice picked")
    answers = []
    phone.route("**/api/classroom/round/answer", lambda route: (answers.append(route.request.post_data_json), route.fulfill(
        status=200, content_type="application/json", body='{"result":true,"points":900}')))
    phone.locator("#send-choices").click()
    expect(phone.locator("#answer-status")).to_have_text("Respuesta enviada. Espera a que se cierre la pregunta.")
    assert answers == [{"round": 1, "question": 3, "answer": [0, 2]}]
    expect(phone.locator("#your-answer")).to_have_text("Tu respuesta: A: Marte, C: Venus")
    audit.check(phone, "phone answered")

    feed(phone, "round", view(phone, question=4, kind="truefalse", options=None))
    expect(phone.locator("#question-screen .tile")).to_have_text(["AVerdadero", "BFalso"])
    phone.unroute("**/api/classroom/round/answer")
    phone.route("**/api/classroom/round/answer", lambda route: route.abort("internetdisconnected"))
    phone.locator("#question-screen .tile").nth(1).click()
    expect(phone.locator("#answer-status")).to_have_text("Sin conexión: tu respuesta se enviará en cuanto vuelva.")
    phone.context.set_offline(True)
    expect(phone.locator("#connection")).to_have_text("Sin conexión — reconectando…")
    audit.check(phone, "phone answer waiting, offline")
    phone.context.set_offline(False)
    expect(phone.locator("#connection")).to_have_count(0)
    phone.unroute("**/api/classroom/round/answer")
    phone.route("**/api/classroom/round/answer", lambda route: route.fulfill(
        status=409, content_type="application/json", body='{"error":"La pregunta ya está cerrada."}'))
    feed(phone, "round", view(phone, question=5, kind="text", options=None, text="¿Capital de Francia?"))
    expect(phone.locator("#late-note")).to_have_text("Tu respuesta a la pregunta 4 llegó tarde: la pregunta ya se había cerrado.")
    expect(phone.locator("#answer-note")).to_have_text("Hasta 200 caracteres.")
    expect(phone.locator("#answer")).to_have_attribute("maxlength", "200")
    audit.check(phone, "phone text question, late note")

    feed(phone, "round", view(phone, question=6, kind="number", options=None, text="¿Cuánto es 7 entre 2?"))
    phone.locator("#answer").fill("tres y medio")
    phone.locator("#send-answer").click()
    expect(phone.locator("#answer-note")).to_have_text("Eso no es un número: escribe solo cifras, con coma o punto decimal.")
    expect(phone.locator("#answer")).to_be_focused()
    audit.check(phone, "phone number refused")
    phone.unroute("**/api/classroom/round/answer")
    answers.clear()
    phone.route("**/api/classroom/round/answer", lambda route: (answers.append(route.request.post_data_json), route.fulfill(
        status=200, content_type="application/json", body='{"result":true,"points":700}')))
    phone.locator("#answer").fill("3,5")
    phone.locator("#send-answer").click()
    expect(phone.locator("#your-answer")).to_have_text("Tu respuesta: 3,5")
    assert answers == [{"round": 1, "question": 6, "answer": 3.5}]

    feed(phone, "round", view(phone, question=6, kind="number", phase="closed", answered=True, given="3.5",
                              verdict={"right": True, "points": 700, "rightAnswer": "3,5", "rightOptions": [], "feedback": "7 / 2 = 3,5"},
                              score=1550, rank=1))
    expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(phone.locator("#verdict-answer")).to_have_text("Respuesta correcta: 3,5")
    expect(phone.locator("#verdict-points")).to_have_text("+700 puntos")
    expect(phone.locator("#verdict-rank")).to_have_text("Vas 1.º de 30 · 1550 puntos")
    expect(phone.locator(".verdict-feedback")).to_have_text("7 / 2 = 3,5")
    audit.check(phone, "phone verdict right")
    feed(phone, "round", view(phone, question=7, phase="closed", answered=True,
                              verdict={"right": False, "points": 0, "rightAnswer": "Júpiter", "rightOptions": [1], "feedback": None}))
    expect(phone.locator("#verdict-title")).to_have_text("No es correcto")
    expect(phone.locator("#verdict-answer")).to_have_text("Respuesta correcta: B: Júpiter")
    audit.check(phone, "phone verdict wrong")
    feed(phone, "round", view(phone, question=8, kind="poll", phase="closed", answered=True,
                              verdict={"right": None, "points": 0, "rightAnswer": None, "rightOptions": [], "feedback": None}))
    expect(phone.locator("#verdict-title")).to_have_text("Tu voto cuenta")
    expect(phone.locator("#verdict-points")).to_have_count(0)
    audit.check(phone, "phone poll closed")

    # A question's image that fails (the class's Wi-Fi) is asked for again until it loads.
    tries = []
    phone.route("**/icons/quiz.svg*", lambda route: (tries.append(1), route.abort() if len(tries) <= 2 else route.continue_()))
    feed(phone, "round", view(phone, question=9, image="/icons/quiz.svg"))
    expect(phone.locator(".question-image.failed")).to_be_visible()
    expect(phone.locator(".question-image img")).to_be_visible()
    assert len(tries) == 3, tries
    audit.check(phone, "phone question with image")

    feed(phone, "round", view(phone, phase="done", question=5, rank=1))
    expect(phone.locator("#done-screen")).to_contain_text("Espera a que el anfitrión termine la ronda.")
    audit.check(phone, "phone self-paced done")
    feed(phone, "round", view(phone, phase="finished", score=3699, rightCount=4, rank=1))
    expect(phone.locator("#end-line")).to_have_text("4 de 5 aciertos · 3699 puntos · puesto 1 de 30")
    audit.check(phone, "phone end")
    audit.assert_clean()


def board_state(page, players, **changes):
    start = now(page)
    question = {"number": 2, "text": "¿Qué planeta es el más grande del sistema solar?", "image": "/icons/quiz.svg",
                "kind": "choice", "options": PLANETS, "startsAt": start}
    base = {"phase": "playing", "game": "quizzes", "set": {"id": 1, "title": "Repaso", "count": 5}, "question": 2,
            "total": 5, "selfPaced": False, "open": {**question, **changes.pop("open", {})},
            "deadline": {"question": 2, "openedAt": start, "endsAt": start + 30000}, "players": players,
            "playerCount": len(players), "answeredCount": sum(p["answered"] for p in players),
            "awayCount": sum(p["away"] for p in players), "podium": [], "chart": None}
    return {**base, **changes}


def test_every_state_of_the_projector(classroom, new_context, audit):  # noqa: F811
    server, _ = classroom
    board = fed_page(new_context, server, "/clase/marcador.html", {"width": 1280, "height": 720})
    players = [{"id": i, "name": name, "score": score, "answered": answered, "progress": 0, "away": away}
               for i, (name, score, answered, away) in enumerate([("Ana", 1850, True, False), ("Bea", 900, False, False),
                                                                 ("Carla", 900, True, False), ("Dani", 400, True, True),
                                                                 ("Eva", 0, False, False), ("Fer", 0, False, False)])]
    feed(board, "classroom", {"phase": "lobby", "players": players, "playerCount": 6, "answeredCount": 0, "podium": []})
    expect(board.locator("#arrivals-count")).to_have_text("5 jugadores en la clase")
    expect(board.locator("#names li.away")).to_have_text("Dani (ausente)")
    audit.check(board, "projector lobby")
    board.evaluate("() => import('/js/ui.js').then((ui) => { ui.showAlert({ title: 'No disponible', message: 'Vuelve más tarde.' }); })")
    expect(board.get_by_role("alertdialog")).to_be_visible()
    audit.check(board, "projector alert")  # its button, focused from the start, readable in dark
    board.get_by_role("alertdialog").get_by_role("button").click()

    feed(board, "classroom", board_state(board, players, open={"startsAt": now(board) + 60000}))
    expect(board.locator("#board-ready")).to_contain_text("¡Prepárate!")
    expect(board.locator("#board-question")).to_be_hidden()
    audit.check(board, "projector get-ready")

    feed(board, "classroom", board_state(board, players))
    expect(board.locator("#board-tiles li")).to_have_count(4)
    expect(board.locator("#board-tiles li").nth(1)).to_have_accessible_name("B: Júpiter")
    expect(board.locator("#answered")).to_have_text("2 de 5 han respondido")
    expect(board.locator("#marks li")).to_have_count(5)  # the away player has no mark
    expect(board.locator("#marks .sym")).to_have_count(0)  # a dot, never a tick or a cross
    expect(board.locator(".board-image img")).to_be_visible()
    wait_until(lambda: font_px(board.locator("#board-question-text")) >= 40, message="font of board.locator('#board-question-text') >= 40 px")
    audit.check(board, "projector question")

    chart = {"question": 2, "right": 2, "wrong": 2, "unanswered": 1, "correctAnswer": "Júpiter",
             "answers": [{"text": "Júpiter", "count": 2, "right": True}, {"text": "Marte", "count": 1, "right": False},
                         {"text": "Venus", "count": 1, "right": False}],
             "options": [{"text": text, "count": count, "right": text == "Júpiter"} for text, count in zip(PLANETS, [1, 2, 1, 0])]}
    feed(board, "classroom", board_state(board, players, deadline=None, chart=chart))
    expect(board.locator("#board-correct-answer")).to_have_text("B: Júpiter")
    wait_until(lambda: font_px(board.locator("#board-correct-answer")) >= 48, message="font of board.locator('#board-correct-answer') >= 48 px")
    expect(board.locator("#board-chart .option-row.right")).to_have_accessible_name("B: Júpiter, 2 respuestas, correcta")
    expect(board.locator("#players li")).to_have_count(5)
    expect(board.locator("#players .player-pos")).to_have_text(["1.", "2.", "2.", "4.", "5."])
    # The result and the top 5 fit a 720p projector, once the question's image has made way.
    after = board.locator(".board-after")
    wait_until(lambda: (box := after.bounding_box()) and box["y"] + box["height"] <= 720,
               message=f"the closed question fits 720 px: {after.bounding_box()}")
    audit.check(board, "projector chart per option")

    text_chart = {"question": 3, "right": 1, "wrong": 1, "unanswered": 0, "correctAnswer": "París",
                  "answers": [{"text": "París", "count": 1, "right": True}, {"text": "Lyon", "count": 1, "right": False}]}
    feed(board, "classroom", board_state(board, players, question=3, deadline=None, chart=text_chart,
                                         open={"number": 3, "text": "¿Capital de Francia?", "kind": "text", "options": [], "image": None}))
    expect(board.locator("#board-correct-answer")).to_have_text("París")
    expect(board.locator("#board-chart .answer-chart-bars")).to_be_visible()
    board.set_viewport_size({"width": 1920, "height": 1080})
    wait_until(lambda: font_px(board.locator("#board-correct-answer")) >= 72, message="font of board.locator('#board-correct-answer') >= 72 px")
    audit.check(board, "projector chart of answers")

    podium = [{"position": 1, "id": 0, "name": "Ana", "score": 1850}, {"position": 2, "id": 1, "name": "Bea", "score": 900},
              {"position": 2, "id": 2, "name": "Carla", "score": 900}]
    feed(board, "classroom", board_state(board, players, phase="finished", podium=podium, chart=None, deadline=None))
    expect(board.locator("#podium .podium-2")).to_have_count(2)  # a tie shares the place
    audit.check(board, "projector podium")
    feed(board, "classroom", {"phase": "lobby", "players": players, "playerCount": 6, "answeredCount": 0, "podium": []})
    expect(board.locator("#podium")).to_be_hidden()  # a new round clears it
    audit.assert_clean()


def test_the_hosts_round_bar(classroom, new_context, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: new_context(**CONTEXT, **options), server, key)
    host.context.add_init_script(FAKE_STREAM)
    host.reload()
    expect(host.locator("#host")).to_be_visible()
    players = [{"id": 1, "name": "Ana", "score": 900, "answered": True, "progress": 1, "away": False},
               {"id": 2, "name": "Bea", "score": 0, "answered": False, "progress": 0, "away": True}]
    lobby = {"phase": "lobby", "game": "quizzes", "question": 0, "total": 0, "selfPaced": False, "locked": False,
             "timer": {"seconds": 30, "speedPoints": True}, "set": {"id": 1, "title": "Repaso", "count": 5}, "open": None,
             "players": players, "playerCount": 2, "answeredCount": 1, "awayCount": 1, "podium": [], "chart": None, "deadline": None}
    feed(host, "classroom", lobby)
    expect(host.locator("#round-choice")).to_have_text("Ronda: Repaso (5 preguntas)")
    expect(host.locator("#settings")).to_have_attribute("open", "")
    expect(host.locator("#players .player-row.away .player-name")).to_have_text("Bea (ausente)")
    audit.check(host, "host lobby")
    start = now(host)
    feed(host, "classroom", {**lobby, "phase": "playing", "question": 2, "total": 5,
                             "deadline": {"question": 2, "openedAt": start, "endsAt": start + 30000}})
    expect(host.locator("#host-bar")).to_be_visible()
    expect(host.locator("#bar-count")).to_have_text("Pregunta 2 de 5 · 1 de 1 han respondido")
    expect(host.locator("#next")).to_have_text("Mostrar respuesta")  # the one button says what it will do
    expect(host.locator("#settings")).not_to_have_attribute("open", "")
    expect(host.locator("#host-bar #host-countdown")).to_be_visible()
    bar = host.locator("#host-bar").bounding_box()
    assert bar["y"] + bar["height"] == host.viewport_size["height"], bar  # fixed at the bottom
    audit.check(host, "host round bar")
    host.get_by_role("button", name="Liberar el nombre de Bea").click()
    expect(host.get_by_role("alertdialog")).to_contain_text("¿Liberar el nombre de Bea?")
    audit.check(host, "host release alert")
    audit.assert_clean()
