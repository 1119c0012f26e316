"""Browser tests of the host's "Mis preguntas" (issue 18): the host builds a set in the page (a
question with accepted alternatives, an uploaded image), a quizzes round plays it and a player
sees its question and is judged by it; a course quizzes.json is imported and a set downloaded
back; duplicate, edit and delete; a wrong image refused; axe on every state of the section, in
light and dark."""

import json
from pathlib import Path

from playwright.sync_api import expect

from conftest import focus_ring_visible, join_class, tab_through, wait_until
from test_accessibility import audit, audited  # noqa: F401  (fixtures)
from classroom_helpers import alert, answer_quiz, open_host

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
    host.locator("#start").click()
    expect(host.locator("#next")).to_be_visible()
    expect(host.locator("#round-set")).to_be_disabled()

    player.goto(server.url("/quizzes/"))
    expect(player.locator("#quizzes > li")).to_have_count(1)  # host-paced: the questions reached
    expect(player.locator("#quizzes > li").first).to_contain_text("¿Cuál es la capital de Francia?")
    player.locator("#quizzes a[href]").first.click()
    expect(player.locator("#title")).to_have_text("Pregunta 1 de 2")
    expect(player.locator("#question")).to_have_text("¿Cuál es la capital de Francia?")
    assert answer_quiz(player, "PARIS") is True, "an accepted alternative"
    wait_until(lambda: server.request("GET", "/api/classroom/state")[1]["players"][0]["score"] == 1,
               message="Ana's point on the leaderboard")


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
    tab_through(host, first.get_by_label("Pregunta", exact=True))
    ring = host.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
    assert "2px" in ring and "inset" not in ring, f"a focused field's ring: {ring}"
    host.keyboard.type("¿Dos más dos?")
    tab_through(host, first.get_by_label("Respuesta", exact=True))
    host.keyboard.type("4")
    tab_through(host, first.get_by_label("Otras respuestas válidas (una por línea, opcional)"))
    host.keyboard.type("cuatro")
    tab_through(host, first.get_by_label("Imagen: dirección http(s) o sube una (opcional)"),
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


def test_the_round_s_set_choice_survives_a_reload_of_the_host_page(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    status = host.evaluate("""() => fetch('/api/classroom/sets', {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({title: 'Ríos', quizzes: [{question: '¿El más largo?', answer: 'Nilo'}]})}).then((r) => r.status)""")
    assert status == 201
    host.reload()
    host.locator("#round-set").select_option(label="Ríos (1 pregunta)")
    host.reload()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#round-set option:checked")).to_have_text("Ríos (1 pregunta)")
