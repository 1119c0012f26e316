"""How a class answers and reads its answers (issue 39, points 3 to 5): a single-answer choice is
one tap, and with two right options either is right; a multiple one says "Marca todas las
correctas" and keeps Enviar in view on a 320×568 phone, no tile ever hidden under it; the teacher sets which in the editor's
checkbox. The maths of a question and its options is drawn inline (`$$…$$`, `\\(…\\)`) on the
phones' tiles, the projector's tiles, its right answer and chart, the phones' verdicts and the
results page. Each student reads the feedback of their own option, and everybody the question's."""

import re

from playwright.sync_api import expect

from classroom_helpers import call, host_board_and_phones, open_host
from conftest import join_class
from test_accessibility import audit, audited  # noqa: F401  (fixtures)

HALF = r"$$\frac{1}{2}$$"
QUIZZES = [
    {"kind": "choice", "question": f"¿Cuánto es {HALF} de {HALF}?", "multiple": False,
     "feedback": r"Multiplica: \(\frac{1}{2}\cdot\frac{1}{2}\).",
     "options": [{"text": r"$$\frac{1}{4}$$", "right": True, "feedback": "¡Eso es!"},
                 {"text": HALF, "right": False, "feedback": "No: eso es la mitad de uno."},
                 {"text": "$$1$$", "right": False}]},
    {"kind": "choice", "question": "¿Cuáles son primos?", "multiple": True,
     "options": [{"text": t, "right": r} for t, r in
                 [("2", True), ("4", False), ("7", True), ("9", False), ("11", True), ("15", False)]]},
    {"kind": "choice", "question": "Un número par", "multiple": False,
     "options": [{"text": "2", "right": True}, {"text": "3", "right": False}, {"text": "4", "right": True}]},
]


def tile(phone, letter):
    return phone.locator("#question-screen .tile").filter(has_text=re.compile(f"^{letter}")).first


def on_question(phone, number):
    expect(phone.locator("#round-number")).to_have_text(f"Pregunta {number} de 3")
    expect(phone.locator("#question-screen .tile").first).to_be_visible()


def tiles_clear_of_enviar(phone):
    """Each tile, focused (the keyboard's way, which scrolls it into view), shows whole and never
    under the sticky Enviar (WCAG 2.4.11: a focused control is not hidden)."""
    tiles = phone.locator("#question-screen .tile")
    expect(tiles).to_have_count(6)
    for index in range(6):
        tiles.nth(index).focus()
        expect(tiles.nth(index)).to_be_in_viewport(ratio=0.99)
        box, send = tiles.nth(index).bounding_box(), phone.locator("#send-choices").bounding_box()
        assert box and send
        apart = box["y"] + box["height"] <= send["y"] or send["y"] + send["height"] <= box["y"]
        assert apart, f"tile {index} under Enviar: {box} {send}"


def test_one_tap_all_the_right_ones_maths_everywhere_and_each_ones_feedback(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host, board, ana, bea = host_board_and_phones(audited, server, key)
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Fracciones", "quizzes": QUIZZES})
    assert status == 201, body
    host.reload()

    # The editor's checkbox says which choice is multiple: the teacher's, not the options'.
    host.get_by_role("button", name="Editar «Fracciones»").click()
    boxes = host.get_by_label(re.compile("^Varias respuestas correctas"))
    expect(boxes).to_have_count(3)
    assert [box.is_checked() for box in boxes.all()] == [False, True, False]
    # Saved from the editor, the set keeps each choice's kind and each option's own feedback.
    with host.expect_response(lambda r: "/api/classroom/sets/" in r.url and r.request.method == "PUT") as saved:
        host.locator("#save-set").click()
    assert saved.value.status == 200, saved.value.text()
    expect(host.locator("#set-editor-section")).to_be_hidden()
    kept = call(host, "GET", f"/api/classroom/sets/{body['id']}")[1]["quizzes"]
    assert [quiz["multiple"] for quiz in kept] == [False, True, False], kept
    assert [option.get("feedback") for option in kept[0]["options"]] == ["¡Eso es!", "No: eso es la mitad de uno.", None], kept[0]

    host.get_by_role("button", name="Jugar «Fracciones»").click()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Fracciones (3 preguntas)")
    host.locator("#start").click()

    # 1 · maths inline in the question and drawn in every option; one tap answers.
    for phone in (ana, bea):
        on_question(phone, 1)
        expect(phone.locator("#round-question math")).to_have_count(2)
        expect(phone.locator('#round-question math[display="block"]')).to_have_count(0)
        expect(phone.locator("#question-screen .tile math")).to_have_count(3)
        expect(phone.locator("#send-choices")).to_have_count(0)
    expect(board.locator("#board-tiles math")).to_have_count(3)
    tile(ana, "A").tap()
    expect(ana.locator("#answer-status")).to_contain_text("Respuesta enviada")
    expect(ana.locator("#your-answer math")).to_have_count(1)
    tile(bea, "B").click()
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(bea.locator("#verdict-title")).to_have_text("No es correcto")
    # Each one reads their own option's feedback; both the question's.
    expect(ana.locator("#answer-feedback")).to_have_text("¡Eso es!")
    expect(bea.locator("#answer-feedback")).to_have_text("No: eso es la mitad de uno.")
    for phone in (ana, bea):
        expect(phone.locator("#question-feedback")).to_contain_text("Multiplica")
        expect(phone.locator("#question-feedback math")).to_have_count(1)
        expect(phone.locator("#verdict-answer math")).to_have_count(1)
    expect(board.locator("#board-correct-answer math")).to_have_count(1)
    expect(board.locator("#board-chart math")).to_have_count(3)
    audit.check(ana, "phone verdict with maths and its own feedback, 320")
    audit.check(board, "projector chart with maths")

    # 2 · several right answers: "Marca todas las correctas", Enviar in view at 320×568.
    host.locator("#next").click()
    on_question(ana, 2)
    on_question(bea, 2)
    expect(ana.locator("#round-hint")).to_have_text("Marca todas las correctas y pulsa Enviar.")
    expect(ana.locator("#send-choices")).to_be_in_viewport()
    tiles_clear_of_enviar(ana)
    tiles_clear_of_enviar(bea)
    ana.evaluate("window.scrollTo(0, 0)")
    for letter in "ACE":
        tile(ana, letter).tap()
    expect(ana.locator("#send-choices")).to_be_in_viewport()
    audit.check(ana, "phone multiple choice picked, 320")
    ana.locator("#send-choices").tap()
    expect(ana.locator("#answer-status")).to_contain_text("Respuesta enviada")
    tile(bea, "A").click()
    tile(bea, "C").click()
    bea.locator("#send-choices").click()
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(bea.locator("#verdict-title")).to_have_text("No es correcto")  # all of them, nothing else

    # 3 · one answer asked, two right options: either is right.
    host.locator("#next").click()
    on_question(ana, 3)
    on_question(bea, 3)
    tile(ana, "A").tap()
    tile(bea, "C").click()
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(bea.locator("#verdict-title")).to_have_text("¡Correcto!")

    expect(host.locator("#next")).to_have_text("Ver podio")
    host.locator("#next").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    expect(ana.locator("#end-line")).to_contain_text("3 de 3 aciertos")
    expect(bea.locator("#end-line")).to_contain_text("1 de 3 aciertos")
    # The results page draws the questions' maths too.
    expect(host.locator(".question-text math").first).to_be_visible()
    audit.assert_clean()


def test_self_paced_each_next_screen_says_how_the_last_question_went(classroom, audited, audit):  # noqa: F811
    """Point 9: a wrong answer shows the right one; a question whose time ran out says so (not the
    question before's result); "¡Ya está!" says the last answer and the totals."""
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    ana = join_class(audited(viewport={"width": 390, "height": 844}), server, "Ana")
    quizzes = [{"kind": "text", "question": "¿Capital de Francia?", "answer": "París"},
               {"kind": "truefalse", "question": "El Sol es una estrella", "answer": True},
               {"kind": "truefalse", "question": "La Luna es un planeta", "answer": False}]
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Repaso", "quizzes": quizzes})
    assert status == 201, body
    assert call(host, "PUT", "/api/classroom/host/pace", {"selfPaced": True})[0] == 200
    assert call(host, "POST", "/api/classroom/host/game", {"game": "quizzes", "set": body["id"], "seconds": 5})[0] == 200
    assert call(host, "POST", "/api/classroom/host/start")[0] == 200

    ana.locator("#open-question").click()
    expect(ana.locator("#round-question")).to_have_text("¿Capital de Francia?")
    ana.locator("#answer").fill("Lyon")
    ana.locator("#send-answer").click()
    expect(ana.locator("#last-result")).to_have_text(
        "Tu respuesta a la pregunta 1: no es correcta · +0 puntos · Respuesta correcta: París")
    ana.locator("#open-question").click()
    expect(ana.locator("#round-question")).to_have_text("El Sol es una estrella")
    # Her 5 s run out: the next screen says so.
    expect(ana.locator("#last-result")).to_have_text("Se acabó el tiempo de la pregunta 2.")
    audit.check(ana, "phone self-paced: time ran out")
    ana.locator("#open-question").click()
    expect(ana.locator("#round-question")).to_have_text("La Luna es un planeta")
    ana.locator("#question-screen .tile").nth(1).click()  # Falso
    expect(ana.locator("#done-screen")).to_be_visible()
    expect(ana.locator("#last-result")).to_have_text("Tu respuesta a la pregunta 3: correcta · +1 punto")
    expect(ana.locator("#done-line")).to_have_text("1 de 3 aciertos")
    audit.check(ana, "phone self-paced: ¡Ya está! with the totals")
    audit.assert_clean()
