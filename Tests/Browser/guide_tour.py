"""The teacher's guide (docs/guia-docente.md), followed in Chromium step by step against the real
binary: start and log in as the host, show the projector, students join by the link, a set made
in the editor, a timed round with speed points and extra time, a student removed and the class
closed, the podium and the round's results with its downloads. Each step checks what the guide
says the teacher sees; given a folder, it also takes the guide's screenshots there (and the
README's: the home screen and a play screen, from a server in local mode).

Used by Tests/Browser/test_teacher_guide.py (in the suite) and by scripts/screenshots (which
writes docs/images/)."""

import re
from pathlib import Path

from playwright.sync_api import expect

from classroom_helpers import alert
from round_pages import BOARD, fill_kind, screenshot_shows

PHONE = {"width": 390, "height": 844}
HOST = {"width": 1024, "height": 900}
NAMES = ["Ana", "Bea", "Carla"]
SET_TITLE = "Repaso"
QUESTIONS = [
    ("choice", "¿Qué planeta es el más grande?",
     {"options": [("Marte", False), ("Júpiter", True), ("Venus", False), ("Tierra", False)]}),
    ("text", "¿Capital de Francia?", {"answer": "París", "alternatives": "Paris"}),
    ("truefalse", "Swift es un lenguaje de Apple", {"answer": True}),
]
IMAGES = {
    "home", "play", "projector-question", "guia-clave", "guia-anfitrion", "guia-proyector-espera",
    "guia-unirse", "guia-espera-movil", "guia-editor", "guia-pregunta-movil",
    "guia-ronda-anfitrion", "guia-proyector-grafico", "guia-podio", "guia-resultados",
}
"""Every screenshot the tour takes (the names under docs/images/, without .png)."""


class Camera:
    """Takes the named screenshots into `folder`, or only checks the shown parts when None."""

    def __init__(self, folder):
        self.folder = Path(folder) if folder else None
        self.taken = set()

    def shoot(self, page, name, *shown):
        assert name in IMAGES, name
        shown[0].evaluate("(node) => node.scrollIntoView({ block: 'center' })")
        if self.folder is None:
            for locator in shown:
                expect(locator).to_be_visible()
        else:
            screenshot_shows(page, self.folder / f"{name}.png", *shown)
        self.taken.add(name)


def tile(phone, letter):
    return phone.locator("#question-screen .tile").filter(has_text=re.compile(f"^{letter}")).first


def choose(phone, letter):
    """Taps the tile of `letter`; a multiple-choice question also wants "Enviar"."""
    tile(phone, letter).click()
    send = phone.locator("#send-choices")
    if send.count():
        send.click()
    # Sent: it waits for the question to close, or (the last answer) the question closed at once.
    expect(phone.locator("#answer-status").filter(has_text="Respuesta enviada").or_(phone.locator("#verdict-title"))).to_be_visible()


def player_row(host, name):
    return host.locator("#players > li").filter(has_text=name).first


def both_apps(local_server, new_context, camera):
    """The README's home screen and a play screen, in local mode."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(local_server.url("/"))
    expect(page.locator("#apps .app")).to_have_count(7)
    camera.shoot(page, "home", page.locator("#apps"))
    quiz = local_server.loaded_state("quizzes")["quizzes"][2]
    page.goto(local_server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#question")).to_have_text(quiz["question"])
    camera.shoot(page, "play", page.locator("#question"))


def teacher_tour(server, key, new_context, camera):
    """The guide's steps 1 to 6 on a server started with --classroom; returns the pages."""
    # 1 · The host page asks for the key, then shows the link and its QR code.
    host = new_context(viewport=HOST).new_page()
    host.goto(server.url("/clase/anfitrion.html"))
    expect(host.locator("#login")).to_be_visible()
    host.locator("#key").fill(key)
    camera.shoot(host, "guia-clave", host.locator("#login"))
    host.locator("#login-button").click()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#qr")).to_be_visible()
    join_url = host.locator("#join-url").get_attribute("href")
    assert join_url and join_url.endswith("/clase/"), join_url
    # "Marcador" opens the projector in another tab.
    board_link = host.get_by_role("link", name="Marcador")
    expect(board_link).to_have_attribute("target", "_blank")
    expect(board_link).to_have_attribute("href", "marcador.html")
    board = new_context(viewport=BOARD).new_page()
    board.goto(server.url("/clase/marcador.html"))
    expect(board.locator("#qr")).to_be_visible()
    expect(board.locator("#join-url")).to_have_attribute("href", join_url)

    # 2 · Students open the link, write their name and press "Unirme"; each gets a code to come back.
    phones = []
    for name in NAMES + ["Diego"]:
        phone = new_context(viewport=PHONE).new_page()
        phone.goto(join_url)
        phone.locator("#name").fill(name)
        if name == NAMES[0]:
            camera.shoot(phone, "guia-unirse", phone.locator("#name"), phone.locator("#join-button"))
        phone.locator("#join-button").click()
        expect(phone.locator("#me-name")).to_have_text(name)
        expect(phone.locator("#me-code")).to_contain_text("Tu código para volver: ")
        phones.append(phone)
    expect(board.locator("#names li")).to_have_count(4)
    expect(phones[0].locator("#room-status")).to_contain_text("Esperando a que empiece la ronda")
    camera.shoot(phones[0], "guia-espera-movil", phones[0].locator("#me-name"), phones[0].locator("#me-code"))
    camera.shoot(board, "guia-proyector-espera", board.locator("#qr"), board.locator("#names"))
    expect(host.locator("#players > li")).to_have_count(4)
    camera.shoot(host, "guia-anfitrion", host.locator("#join-url"), host.locator("#qr"))

    # 3 · A set made in the editor: "Nuevo conjunto", a title, "Añadir pregunta", "Guardar"; beside
    # it "Importar…" for a Moodle bank, and each set's downloads for Moodle.
    expect(host.get_by_role("button", name="Importar…")).to_be_visible()
    host.locator("#new-set").click()
    host.locator("#set-title").fill(SET_TITLE)
    for number, (kind, question, fields) in enumerate(QUESTIONS, start=1):
        if number > 1:
            host.get_by_role("button", name="Añadir pregunta").click()
        fill_kind(host, number, kind, question, **fields)
    camera.shoot(host, "guia-editor", host.locator("#set-title"),
                 host.locator("#set-quizzes > li").first.get_by_label("Pregunta", exact=True))
    host.get_by_role("button", name="Guardar").click()
    expect(host.locator("#set-editor-section")).to_be_hidden()
    for format in ("GIFT", "XML"):
        expect(host.get_by_role("link", name=f"Descargar para Moodle ({format}): «{SET_TITLE}»")).to_have_attribute(
            "href", re.compile(rf"/export\.{format.lower()}$"))

    # 4 · "Jugar este conjunto", a timer, speed points, extra time for one student, "Empezar".
    host.get_by_role("button", name=f"Jugar «{SET_TITLE}»").click()
    expect(host.locator("#round-choice")).to_have_text(f"Ronda: {SET_TITLE} ({len(QUESTIONS)} preguntas)")
    host.get_by_label("Tiempo por pregunta").select_option("30")
    host.get_by_role("switch", name=re.compile("^Puntos por rapidez")).click()
    player_row(host, "Carla").get_by_role("button", name="Tiempo extra de Carla").click()
    alert(host).get_by_role("button", name="×2").click()
    expect(alert(host)).to_have_count(0)
    host.get_by_role("button", name="Empezar").click()
    expect(host.locator("#host-bar")).to_be_visible()

    # The 3-2-1 on every screen, then the question on the projector and the phones.
    expect(board.locator("#board-ready")).to_contain_text("¡Prepárate!")
    expect(phones[0].locator("#get-ready")).to_contain_text("¡Prepárate!")
    expect(board.locator("#board-question-text")).to_have_text(QUESTIONS[0][1])
    expect(board.locator("#board-tiles .tile-letter")).to_have_text(["A", "B", "C", "D"])
    camera.shoot(board, "projector-question", board.locator("#board-question-text"),
                 board.locator("#board-tiles"), board.locator("#board-countdown"))
    expect(phones[0].locator("#round-question")).to_have_text(QUESTIONS[0][1])
    camera.shoot(phones[0], "guia-pregunta-movil", phones[0].locator("#round-question"), tile(phones[0], "B"))
    choose(phones[0], "B")
    expect(phones[1].locator("#round-question")).to_have_text(QUESTIONS[0][1])
    choose(phones[1], "A")
    expect(host.locator("#bar-count")).to_contain_text("2 de 4 han respondido")
    expect(host.locator("#next")).to_have_text("Mostrar respuesta")  # the guide's one button
    camera.shoot(host, "guia-ronda-anfitrion", host.locator("#host-bar"))
    for phone in phones[2:]:
        expect(phone.locator("#round-question")).to_have_text(QUESTIONS[0][1])
        choose(phone, "B")
    # Everybody answered: the question closes, the chart and the right answer on the projector.
    expect(board.locator("#board-correct-answer")).to_have_text("B: Júpiter")
    camera.shoot(board, "guia-proyector-grafico", board.locator("#board-correct-answer"), board.locator("#board-chart"))
    expect(phones[0].locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(phones[0].locator("#verdict-rank")).to_contain_text(re.compile(r"^Vas \d\.º de 4"))
    expect(phones[1].locator("#verdict-title")).to_have_text("No es correcto")

    # "Siguiente pregunta": a question answered in a field.
    host.get_by_role("button", name="Siguiente pregunta").click()
    for phone, text in zip(phones, ["París", "paris", "Lyon", "Roma"]):
        expect(phone.locator("#round-question")).to_have_text(QUESTIONS[1][1])
        phone.locator("#answer").fill(text)
        phone.locator("#send-answer").click()
    expect(board.locator("#board-correct-answer")).to_have_text("París")

    # 5 · A student removed ("Expulsar"), and the class closed to newcomers.
    player_row(host, "Diego").get_by_role("button", name="Expulsar a Diego").click()
    alert(host).get_by_role("button", name="Expulsar", exact=True).click()
    expect(board.locator("#board-top li").filter(has_text="Diego")).to_have_count(0)
    expect(phones[3].locator("#join")).to_be_visible()
    if host.locator("#settings").get_attribute("open") is None:
        host.locator("#settings > summary").click()
    host.get_by_role("switch", name=re.compile("^Cerrar la clase")).click()
    latecomer = new_context(viewport=PHONE).new_page()
    latecomer.goto(join_url)
    latecomer.locator("#name").fill("Eva")
    latecomer.locator("#join-button").click()
    expect(alert(latecomer)).to_contain_text("La clase está cerrada")

    # The last question, then "Ver podio": the podium, each phone's line, the round's results.
    host.get_by_role("button", name="Siguiente pregunta").click()
    for phone in phones[:3]:
        expect(phone.locator("#round-question")).to_have_text(QUESTIONS[2][1])
        choose(phone, "A")
    expect(board.locator("#board-correct-answer")).to_contain_text("Verdadero")
    host.get_by_role("button", name="Ver podio").click()
    expect(board.locator("#podium")).to_be_visible()
    camera.shoot(board, "guia-podio", board.locator("#podium"))
    expect(phones[0].locator("#end-line")).to_have_text(re.compile(r"^3 de 3 aciertos · [\d.]+ puntos · puesto 1 de 3$"))

    # 6 · "Terminar" leads to the round's results, with its downloads.
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html"))
    expect(host.locator("#round-meta")).to_contain_text(SET_TITLE)
    expect(host.get_by_role("link", name="Excel / LibreOffice (.xlsx)")).to_have_attribute("href", re.compile(r"results\.xlsx$"))
    expect(host.get_by_role("link", name="Descargar CSV")).to_have_attribute("href", re.compile(r"results\.csv$"))
    camera.shoot(host, "guia-resultados", host.locator("#round-meta"), host.locator("#xlsx-link"))
    return host, board, phones
