"""A Moodle bank played in class: the host drops a GIFT file of one question of each kind on "Mis
preguntas", plays it ("Jugar este conjunto") with a phone and the projector, and downloads the
round's results as the .xlsx workbook, whose Respuestas sheet names each question's kind; the
bank's TeX is drawn as MathML on the phone and the projector."""

import re
import zipfile

from playwright.sync_api import expect

from classroom_helpers import alert, open_host
from conftest import join_class
from test_classroom_import import drop_file

GIFT = """$CATEGORY: $course$/top/Repaso de Moodle

::Texto::¿Capital de Francia?{=París =Paris}

::Opciones::¿Qué planeta es el más grande?{~Marte =Júpiter ~Venus}

::Verdad::Swift es un lenguaje de Apple.{TRUE}

::Número::¿Cuánto vale \\(\\pi\\) con dos decimales?{#3.14:0.005}

// Adivina: encuesta
::Encuesta::¿Qué te ha parecido la clase?{~%50%Fácil ~%50%Difícil}
"""

QUESTIONS = ["¿Capital de Francia?", "¿Qué planeta es el más grande?", "Swift es un lenguaje de Apple.",
             "¿Cuánto vale π con dos decimales?", "¿Qué te ha parecido la clase?"]


def tile(phone, letter):
    return phone.locator("#question-screen .tile").filter(has_text=re.compile(f"^{letter}")).first


def question(phone, number):
    expect(phone.locator("#round-question")).to_have_text(QUESTIONS[number - 1])


def test_a_dropped_gift_bank_is_played_and_its_results_downloaded(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    phone = join_class(new_context(viewport={"width": 390, "height": 844}).new_page(), server, "Ana")
    board = new_context(viewport={"width": 1280, "height": 720}).new_page()
    board.goto(server.url("/clase/marcador.html"))

    drop_file(host, host.locator("#sets-section"), "repaso.gift", GIFT)
    expect(alert(host)).to_contain_text("5 preguntas.")
    alert(host).get_by_role("button").click()
    row = host.locator("#sets .set-row")
    expect(row.locator(".set-name")).to_have_text("Repaso de Moodle")
    row.get_by_role("button", name="Jugar «Repaso de Moodle»").click()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Repaso de Moodle (5 preguntas)")
    host.locator("#start").click()

    question(phone, 1)
    phone.locator("#answer").fill("paris")
    phone.locator("#send-answer").click()
    expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!")

    host.locator("#next").click()
    question(phone, 2)
    expect(phone.locator("#question-screen .tile")).to_have_count(3)
    tile(phone, "B").click()  # one right answer: one tap
    expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!")

    host.locator("#next").click()
    question(phone, 3)
    tile(phone, "B").click()  # Falso
    expect(phone.locator("#verdict-title")).to_have_text("No es correcto")

    host.locator("#next").click()
    question(phone, 4)
    # TeX from the bank drawn as MathML on the phone and the projector.
    expect(phone.locator("#round-question math mi")).to_have_text("π")
    expect(board.locator("#board-question-text math mi")).to_have_text("π")
    phone.locator("#answer").fill("3,14")
    phone.locator("#send-answer").click()
    expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!")

    host.locator("#next").click()
    question(phone, 5)
    tile(phone, "A").click()
    expect(phone.locator("#verdict-title")).to_have_text("Tu voto cuenta")

    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#(ronda-\d+|ultima)$"))
    link = host.locator("#xlsx-link")
    expect(link).to_be_visible()
    with host.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".xlsx")
    with zipfile.ZipFile(download.value.path()) as book:
        answers = book.read("xl/worksheets/sheet2.xml").decode("utf-8")
    kinds = ["respuesta escrita", "opción múltiple", "verdadero o falso", "número", "encuesta"]
    assert [kind for kind in kinds if f">{kind}<" in answers] == kinds, answers[:2000]
    assert answers.count("<row ") == 1 + 5
