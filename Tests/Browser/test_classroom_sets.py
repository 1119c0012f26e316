"""Browser tests of the host's "Mis preguntas": the host builds a set in the page (a question with
accepted alternatives, an uploaded image), a round plays it and a player's phone shows its
question and judges it; a question of every kind made and read back; the round's set is the
server's choice; a course quizzes.json is imported and a set downloaded back; duplicate, edit and
delete; a wrong image refused; axe on every state of the section, in light and dark."""

import json
from pathlib import Path

from playwright.sync_api import expect

from conftest import focus_ring_visible, join_class, tab_through, wait_until
from test_accessibility import audit, audited  # noqa: F401  (fixtures)
from classroom_helpers import alert, open_host, room
from round_pages import build_set, editor_quiz

FIXTURES = Path(__file__).parents[1] / "Fixtures" / "quiz-server"
PNG = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
             0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 13, 0x49, 0x44, 0x41,
             0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99,
             0x3D, 0x1D, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])


def quiz(page, number):
    return page.locator("#set-quizzes > li").nth(number - 1)


def fill_quiz(page, number, question, answer, alternatives=""):
    item = quiz(page, number)
    item.get_by_label("Pregunta", exact=True).fill(question)
    item.get_by_label("Respuesta", exact=True).fill(answer)
    item.get_by_label("Otras respuestas válidas (una por línea, opcional)").fill(alternatives)


def test_the_host_builds_a_set_and_a_round_plays_it(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    expect(host.locator("#sets-empty")).to_be_visible()
    player = join_class(new_context().new_page(), server, "Ana")

    host.locator("#new-set").click()
    expect(host.locator("#set-editor-header")).to_have_text("Nuevo conjunto")
    expect(host.locator("#set-title")).to_be_focused()
    host.locator("#set-title").fill("Capitales de Europa")
    fill_quiz(host, 1, "¿Cuál es la capital de Francia?", "París", "Paris\nparís")
    # An uploaded image: kept by the app and shown from its own origin.
    with host.expect_response(lambda r: r.url.endswith("/api/classroom/images")) as uploaded:
        quiz(host, 1).locator("input[type=file]").set_input_files({"name": "torre.png", "mimeType": "image/png", "buffer": PNG})
    assert uploaded.value.status == 201, uploaded.value.text()
    image = quiz(host, 1).get_by_label("Imagen: dirección http(s) o sube una (opcional)")
    expect(image).to_have_value(uploaded.value.json()["url"])
    expect(quiz(host, 1).locator(".set-preview")).to_be_visible()
    # A file that is not an image is refused, whatever its name says.
    quiz(host, 1).locator("input[type=file]").set_input_files({"name": "falsa.png", "mimeType": "image/png", "buffer": b"<svg/>"})
    expect(alert(host)).to_contain_text("La imagen debe ser PNG, JPEG, GIF o WebP.")
    alert(host).get_by_role("button").click()
    expect(image).to_have_value(uploaded.value.json()["url"])

    host.locator("#add-quiz").click()
    expect(quiz(host, 2).get_by_label("Pregunta", exact=True)).to_be_focused()
    fill_quiz(host, 2, "¿Y la de Portugal?", "Lisboa")
    # The server's refusal names what is wrong.
    host.locator("#add-quiz").click()
    host.locator("#save-set").click()
    expect(alert(host)).to_contain_text("Pregunta 3: Falta la pregunta.")
    alert(host).get_by_role("button").click()
    quiz(host, 3).get_by_role("button", name="Quitar la pregunta 3").click()
    expect(host.locator("#set-quizzes > li")).to_have_count(2)
    host.locator("#save-set").click()
    expect(host.locator("#set-editor-section")).to_be_hidden()
    row = host.locator("#sets .set-row")
    expect(row).to_have_count(1)
    expect(row.locator(".set-name")).to_have_text("Capitales de Europa")
    expect(row.locator(".set-count")).to_have_text("2 preguntas")
    expect(row.locator(".set-edit")).to_be_focused()

    host.locator("#round-set").select_option(label="Capitales de Europa (2 preguntas)")
    host.locator("#game-quizzes").click()
    expect(host.locator("#game-quizzes")).to_have_attribute("aria-pressed", "true")
    expect(host.locator("#round-set")).to_be_enabled()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Capitales de Europa (2 preguntas)")
    host.locator("#start").click()
    expect(host.locator("#next")).to_be_visible()
    expect(host.locator("#round-set")).to_be_disabled()

    # The player's phone moves into the question by itself, with its uploaded image.
    expect(player.locator("#round-question")).to_have_text("¿Cuál es la capital de Francia?")
    expect(player.locator("#round-number")).to_have_text("Pregunta 1 de 2")
    expect(player.locator(".question-image img")).to_have_attribute("src", uploaded.value.json()["url"])
    player.locator("#answer").fill("PARIS")
    player.locator("#send-answer").click()
    expect(player.locator("#verdict-title")).to_have_text("¡Correcto!")  # an accepted alternative; alone, it closes
    wait_until(lambda: server.request("GET", "/api/classroom/state")[1]["players"][0]["rightCount"] == 1,
               message="Ana's right answer on the leaderboard")


def test_import_export_duplicate_edit_and_delete(classroom, new_context, tmp_path):
    server, key = classroom
    host = open_host(new_context, server, key)
    host.locator("#import-file").set_input_files(str(FIXTURES / "quizzes-2021.json"))
    expect(alert(host)).to_contain_text("«quizzes-2021» importado")
    expect(alert(host)).to_contain_text("6 preguntas. Una no se pudo usar.")
    alert(host).get_by_role("button").click()
    row = host.locator("#sets .set-row")
    expect(row).to_have_count(1)
    expect(row.locator(".set-count")).to_have_text("6 preguntas")

    with host.expect_download() as download:
        row.locator(".set-download").click()
    assert download.value.suggested_filename == "quizzes.json"
    saved = tmp_path / "bajado.json"
    download.value.save_as(saved)
    items = json.loads(saved.read_text())
    assert [item["id"] for item in items] == [1, 2, 3, 4, 5, 6]
    assert items[0]["question"] == "Capital de Portugal" and items[0]["answer"] == "Lisboa"
    assert set(items[0]) == {"id", "question", "answer", "author", "attachment", "favourite"}

    row.locator(".set-duplicate").click()
    expect(host.locator("#sets .set-row")).to_have_count(2)
    expect(host.locator("#sets .set-name").first).to_have_text("quizzes-2021 (copia)")
    host.locator("#sets .set-edit").first.click()
    expect(host.locator("#set-editor-header")).to_have_text("Editar «quizzes-2021 (copia)»")
    expect(host.locator("#set-quizzes > li")).to_have_count(6)
    host.locator("#set-title").fill("Geografía")
    host.locator("#save-set").click()
    expect(host.locator("#sets .set-name").first).to_have_text("Geografía")

    host.locator("#sets .set-delete").first.click()
    expect(alert(host)).to_contain_text("¿Borrar «Geografía»?")
    alert(host).get_by_role("button", name="Borrar").click()
    expect(host.locator("#sets .set-row")).to_have_count(1)
    expect(host.locator("#new-set")).to_be_focused()
    expect(host.locator("#round-set option")).to_have_count(2)

    # Not a list of quizzes: refused with the server's reason.
    host.locator("#import-file").set_input_files({"name": "malo.json", "mimeType": "application/json", "buffer": b'{"no": 1}'})
    expect(alert(host)).to_contain_text("El fichero no es una lista de preguntas en JSON (quizzes.json).")


def test_the_sets_section_is_accessible(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    expect(host.locator("#sets-empty")).to_be_visible()
    audit.check(host, "sets empty")
    host.locator("#new-set").click()
    fill_quiz(host, 1, "¿Capital de Francia?", "París", "Paris")
    host.locator("#add-quiz").click()
    expect(host.locator("#set-quizzes > li")).to_have_count(2)
    audit.check(host, "set editor")
    host.locator("#set-title").fill("Capitales")
    fill_quiz(host, 2, "¿Capital de Italia?", "Roma")
    host.locator("#save-set").click()
    expect(host.locator("#sets .set-row")).to_have_count(1)
    host.locator("#import-file").set_input_files(str(FIXTURES / "quizzes-exam-2022.json"))
    expect(alert(host)).to_be_visible()
    audit.check(host, "set imported alert")
    alert(host).get_by_role("button").click()
    expect(host.locator("#sets .set-row")).to_have_count(2)
    audit.check(host, "sets listed")
    host.locator("#sets .set-delete").first.click()
    expect(alert(host)).to_be_visible()
    audit.check(host, "set delete alert")
    audit.assert_clean()


def test_a_set_is_made_with_the_keyboard_alone(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    host.locator("#new-set").focus()
    host.keyboard.press("Enter")
    expect(host.locator("#set-title")).to_be_focused()
    host.keyboard.type("Teclado")
    first = quiz(host, 1)
    tab_through(host, first.get_by_label("Tipo"), first.get_by_label("Pregunta", exact=True))
    ring = host.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
    assert "2px" in ring and "inset" not in ring, f"a focused field's ring: {ring}"
    host.keyboard.type("¿Dos más dos?")
    tab_through(host, first.get_by_label("Respuesta", exact=True))
    host.keyboard.type("4")
    tab_through(host, first.get_by_label("Otras respuestas válidas (una por línea, opcional)"))
    host.keyboard.type("cuatro")
    tab_through(host, first.get_by_label("Comentario al cerrar la pregunta (opcional)"),
                first.get_by_label("Imagen: dirección http(s) o sube una (opcional)"),
                first.get_by_role("button", name="Subir una imagen para la pregunta 1"),
                host.locator("#add-quiz"), host.locator("#cancel-set"), host.locator("#save-set"))
    assert focus_ring_visible(host)
    host.keyboard.press("Enter")
    expect(host.locator("#sets .set-name")).to_have_text("Teclado")
    expect(host.locator("#sets .set-edit")).to_be_focused()
    tab_through(host, host.locator("#sets .set-duplicate"), host.locator("#sets .set-download"),
                host.locator("#sets .set-moodle").first, host.locator("#sets .set-moodle").last, host.locator("#sets .set-delete"))
    host.keyboard.press("Enter")
    expect(alert(host)).to_contain_text("¿Borrar «Teclado»?")
    host.keyboard.press("Escape")
    expect(alert(host)).to_have_count(0)
    expect(host.locator("#sets .set-delete")).to_be_focused()
    expect(host.locator("#sets .set-row")).to_have_count(1)


def test_the_round_s_set_is_the_servers_choice(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    status = host.evaluate("""() => fetch('/api/classroom/sets', {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({title: 'Ríos', quizzes: [{question: '¿El más largo?', answer: 'Nilo'}]})}).then((r) => r.status)""")
    assert status == 201
    host.reload()
    host.locator("#round-set").select_option(label="Ríos (1 pregunta)")
    host.locator("#game-quizzes").click()
    expect(host.locator("#round-choice")).to_have_text("Ronda: Ríos (1 pregunta)")
    # The choice is the server's: a reload and another host tab show it, and a change of the
    # timer alone keeps it.
    host.reload()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#round-set option:checked")).to_have_text("Ríos (1 pregunta)")
    other = host.context.new_page()
    other.goto(server.url("/clase/anfitrion.html"))
    expect(other.locator("#round-choice")).to_have_text("Ronda: Ríos (1 pregunta)")
    other.locator("#seconds").select_option("20")
    wait_until(lambda: (room(server).get("timer") or {}).get("seconds") == 20, message="the timer on the server")
    assert room(server)["set"]["title"] == "Ríos", room(server)["set"]
    expect(host.locator("#round-choice")).to_have_text("Ronda: Ríos (1 pregunta)")


def test_the_editor_makes_and_reads_back_a_question_of_every_kind(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    build_set(host, "Tipos", [
        ("text", "¿Capital de Francia?", {"answer": "París", "alternatives": "Paris", "feedback": "París es la capital desde el siglo X."}),
        ("choice", "¿Lenguajes de Apple?", {"options": [("Swift", True), ("Kotlin", False), ("Objective-C", True)]}),
        ("truefalse", "El Sol es una estrella", {"answer": True}),
        ("number", "¿Cuánto es pi, más o menos?", {"value": "3,14", "tolerance": "0,01"}),
        ("poll", "¿Qué prefieres?", {"options": ["Té", "Café"]}),
    ])
    expect(host.locator("#sets .set-count")).to_have_text("5 preguntas")
    set_id = host.locator("#sets .set-row").first.get_attribute("data-id")
    quizzes = host.evaluate("(id) => fetch(`/api/classroom/sets/${id}`).then((r) => r.json())", set_id)["quizzes"]
    assert [quiz.get("kind", "text") for quiz in quizzes] == ["text", "choice", "truefalse", "number", "poll"]
    assert quizzes[0]["answer"] == "París" and quizzes[0]["alternatives"] == ["Paris"]
    assert quizzes[0]["feedback"] == "París es la capital desde el siglo X."
    assert quizzes[1]["options"] == [{"text": "Swift", "right": True}, {"text": "Kotlin", "right": False}, {"text": "Objective-C", "right": True}]
    assert quizzes[2]["answer"] is True
    assert quizzes[3]["value"] == 3.14 and quizzes[3]["tolerance"] == 0.01
    assert [option["text"] for option in quizzes[4]["options"]] == ["Té", "Café"]

    # Opened again, every field is as it was saved; a poll needs two options at least.
    host.locator("#sets .set-edit").first.click()
    expect(editor_quiz(host, 2).get_by_label("Tipo")).to_have_value("choice")
    expect(editor_quiz(host, 2).get_by_label("Opción C", exact=True)).to_have_value("Objective-C")
    expect(editor_quiz(host, 2).get_by_label("La opción C es correcta")).to_be_checked()
    expect(editor_quiz(host, 2).get_by_label("La opción B es correcta")).not_to_be_checked()
    expect(editor_quiz(host, 3).get_by_label("Verdadero", exact=True)).to_be_checked()
    expect(editor_quiz(host, 4).get_by_label("Respuesta (número)")).to_have_value("3,14")
    expect(editor_quiz(host, 5).get_by_role("button", name="Quitar la opción A")).to_be_disabled()
    # A choice with no right option is refused with the server's reason.
    editor_quiz(host, 2).get_by_label("La opción A es correcta").uncheck()
    editor_quiz(host, 2).get_by_label("La opción C es correcta").uncheck()
    host.locator("#save-set").click()
    expect(alert(host)).to_contain_text("Marca al menos una opción como correcta.")
