"""Browser tests of practice 4.1's own mode, `adivina --quizzes-file FILE`: the Quizzes app lists
every quiz of a local quizzes.json, in file order, and judges the answers itself. Every quiz of
each of the repository's own files is played in the browser, and of the real published files
(`../shared/fixtures/real/`) when they are there (skipped, with the reason, when not)."""

import json
import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from quizzes_helpers import alert, check_answer, rows, row, WRONG

REPOSITORY = Path(__file__).resolve().parents[2]
OWN = REPOSITORY / "Tests" / "Fixtures" / "quiz-server"
OWN_FILES = ["quizzes-2021.json", "quizzes-2023.json", "quizzes-2024.json", "quizzes-exam-2022.json"]
REAL_FILES = ["quizzes-2021.json", "quizzes-2023.json", "quizzes-2024.json"]


def real_directory():
    """The real files' folder: $ADIVINA_FIXTURES, else the nearest ancestor's shared/fixtures/real."""
    override = os.environ.get("ADIVINA_FIXTURES")
    if override:
        return Path(override) if Path(override).is_dir() else None
    for ancestor in REPOSITORY.parents:
        candidate = ancestor / "shared" / "fixtures" / "real"
        if candidate.is_dir():
            return candidate
    return None


REAL = real_directory()


def quizzes_of(path):
    """The file's quizzes as the app plays them: first of each id, in order, with their answers."""
    seen, quizzes = set(), []
    for item in json.loads(Path(path).read_text(encoding="utf-8")):
        if item["id"] not in seen:
            seen.add(item["id"])
            quizzes.append(item)
    return quizzes


def play_every_quiz(start_server, page, path):
    quizzes = quizzes_of(path)
    server = start_server("--quizzes-file", str(path))
    page.goto(server.url("/quizzes/"))
    expect(rows(page)).to_have_count(len(quizzes))
    assert rows(page).evaluate_all("rows => rows.map(r => Number(r.dataset.id))") == [q["id"] for q in quizzes]
    expect(page.locator("#list-header")).to_contain_text(Path(path).name)
    expect(page.locator("#reload")).to_have_attribute("aria-label", f"Volver a leer {Path(path).name}")
    assert all("answer" not in quiz for quiz in server.state()["quizzes"]), "the list never carries an answer"

    for number, quiz in enumerate(quizzes, start=1):
        page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
        expect(page.locator("#question")).to_have_text(quiz["question"])
        if number == 1:
            check_answer(page, WRONG, "Incorrecto")
        check_answer(page, f" {quiz['answer'].upper()} ", "¡Correcto!")
        expect(page.locator("#score")).to_have_text(str(number))
    page.goto(server.url("/quizzes/"))
    expect(page.locator("#score")).to_have_text(str(len(quizzes)))
    expect(page.locator("#record")).to_have_text(str(len(quizzes)))
    expect(page.locator("#quizzes .badge-right:visible")).to_have_count(len(quizzes))


@pytest.mark.parametrize("name", OWN_FILES)
def test_plays_every_quiz_of_each_shape(start_server, page, name):
    play_every_quiz(start_server, page, OWN / name)


@pytest.mark.skipif(REAL is None, reason="the real published files (shared/fixtures/real beside the "
                                         "repository, or ADIVINA_FIXTURES) are not here")
@pytest.mark.parametrize("name", REAL_FILES)
def test_plays_every_quiz_of_the_real_files(start_server, page, name):
    play_every_quiz(start_server, page, REAL / "quiz-server" / name)


def test_answer_actions_favourites_filter_and_reload_work_on_a_file(start_server, context, tmp_path):
    path = tmp_path / "mis-preguntas.json"
    shutil.copy(OWN / "quizzes-2024.json", path)
    quizzes = quizzes_of(path)
    with_attachment = next(q for q in quizzes if q["attachment"])
    server = start_server("--quizzes-file", str(path))
    page = context.new_page()

    # The context menu on the author's photo fills in the file's answer.
    page.goto(server.url(f"/quizzes/play.html?id={quizzes[0]['id']}"))
    expect(page.locator("#question")).to_have_text(quizzes[0]["question"])
    page.locator("#author-photo").click(button="right")
    page.get_by_role("menu").get_by_role("menuitem", name="Rellenar con la respuesta correcta").click()
    expect(page.locator("#answer")).to_have_value(quizzes[0]["answer"])
    page.click("#check")
    expect(alert(page).locator(".alert-title")).to_have_text("¡Correcto!")
    page.keyboard.press("Enter")

    # A double click on the attachment types it in.
    page.goto(server.url(f"/quizzes/play.html?id={with_attachment['id']}"))
    expect(page.locator("#question")).to_have_text(with_attachment["question"])
    page.locator("#attachment").dblclick()
    expect(page.locator("#answer")).to_have_value(with_attachment["answer"])

    # The star is kept locally, in every page, and after the file is read again.
    listing = context.new_page()
    listing.goto(server.url("/quizzes/"))
    star = row(listing, quizzes[1]["id"]).locator("button.star")
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")

    # The filter hides the one answered right.
    listing.get_by_role("switch", name="Solo no acertados").check()
    expect(rows(listing)).to_have_count(len(quizzes) - 1)
    expect(row(listing, quizzes[0]["id"])).to_have_count(0)
    listing.get_by_role("switch", name="Solo no acertados").uncheck()
    expect(rows(listing)).to_have_count(len(quizzes))

    # Reload reads the file again: a quiz added to it shows up, the score starts again.
    added = {"id": 999, "question": "¿Pregunta añadida al fichero?", "answer": "Sí", "author": None, "attachment": None}
    path.write_text(json.dumps([added] + json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False), encoding="utf-8")
    listing.click("#reload")
    expect(rows(listing)).to_have_count(len(quizzes) + 1)
    expect(rows(listing).first).to_contain_text(added["question"])
    expect(listing.locator("#score")).to_have_text("0")
    expect(listing.locator("#record")).to_have_text("1")
    expect(row(listing, quizzes[1]["id"]).locator("button.star")).to_have_attribute("aria-pressed", "true")

    # A file that went bad keeps the list and says why.
    path.write_text("<html>no</html>", encoding="utf-8")
    listing.click("#reload")
    expect(listing.locator("#error-banner")).to_contain_text("mis-preguntas.json no es una lista de preguntas en JSON")
    expect(rows(listing)).to_have_count(len(quizzes) + 1)
