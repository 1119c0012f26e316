"""Moodle's own parsers judge Adivina's question banks: every bank is imported through the real
server's import route and each question compared with what Moodle's parser reads from the same
file (kind, text as Moodle shows it, right answers, tolerance, per-answer and general feedback,
name); then each set is exported (`export.gift`, `export.xml`), read back by Moodle and compared
with the set it came from. The banks are Moodle's own fixtures and examples and this
repository's (Tests/Fixtures/banks, written as a Spanish programming teacher writes them).
Every difference left is a documented choice (docs/api.md, "Lo que difiere de Moodle"), coded
in moodle_view.expected."""

import json
from pathlib import Path

import pytest

from conftest import ORACLE, REPOSITORY, moodle_parse, moodle_parse_text
from moodle_view import FORMAT_HTML, adivina_view, comparable, expected, html_text, markdown_text

BANKS = REPOSITORY / "Tests" / "Fixtures" / "banks"
# Adivina's skip reasons for a question Moodle plays: the set's own limits (docs/api.md).
LIMIT_REASONS = ("opciones", "caracteres", "no cabe", "iguales", "alternativas", "no le queda", "ninguna")


def moodle_fixtures():
    """(path, Moodle's format, Adivina's format) of Moodle's own fixtures and examples."""
    if ORACLE is None:
        return []
    base = ORACLE / "moodle" / "question" / "format"
    found = [(base / "gift" / "examples.txt", "gift", "gift")]
    found += [(p, "gift", "gift") for p in sorted((base / "gift" / "tests" / "fixtures").glob("*.txt"))]
    found += [(p, "aiken", "aiken") for p in sorted((base / "aiken" / "tests" / "fixtures").glob("*.txt"))]
    found += [(p, "xml", "moodle-xml") for p in sorted((base / "xml" / "tests" / "fixtures").glob("*.xml"))]
    return found


def own_banks():
    kinds = {".gift": ("gift", "gift"), ".aiken": ("aiken", "aiken"), ".xml": ("xml", "moodle-xml")}
    return [(p, *kinds[p.suffix]) for p in sorted(BANKS.iterdir()) if p.suffix in kinds]


def bank_id(bank):
    return bank[0].name


def questions(parse):
    return [q for q in parse["questions"] if q["qtype"] != "category"]


def compare(parse, quizzes, notes):
    """The differences between Moodle's `parse` and Adivina's `quizzes` (and its `notes`): each
    question Moodle plays is found among Adivina's by its text, in order, and compared with it,
    its name and its whole category too."""
    problems = []
    at = 0
    for question, category in zip(questions(parse), categories_of(parse)):
        want = expected(question)
        label = question.get("name") or question.get("questiontext", "")[:40]
        if isinstance(want, tuple):
            continue
        same_text = next((i for i in range(at, len(quizzes)) if adivina_view(quizzes[i])["question"] == want["question"]), None)
        if same_text is None:
            names = {question.get("name"), short_name(want["question"])}
            if not [n for n in notes if n["name"] in names and any(r in n["reason"] for r in LIMIT_REASONS)]:
                problems.append(f"«{label}»: Moodle reads {json.dumps(want, ensure_ascii=False)}; Adivina has no such question nor a limit's note")
            continue
        for extra in quizzes[at:same_text]:
            problems.append(f"Adivina has a quiz Moodle does not: {json.dumps(adivina_view(extra), ensure_ascii=False)}")
        got = adivina_view(quizzes[same_text])
        if comparable(got) != comparable(want):
            problems.append(f"«{label}»: Moodle {json.dumps(want, ensure_ascii=False)}\n   Adivina {json.dumps(got, ensure_ascii=False)}")
        if quizzes[same_text].get("category") != category:
            problems.append(f"«{label}»: Moodle files it in «{category}», Adivina in «{quizzes[same_text].get('category')}»")
        name = quizzes[same_text].get("name")
        if name is not None and name != html_text(question["name"]):
            problems.append(f"«{label}»: Moodle names it «{question['name']}», Adivina «{name}»")
        at = same_text + 1
    for extra in quizzes[at:]:
        problems.append(f"Adivina has a quiz Moodle does not: {json.dumps(adivina_view(extra), ensure_ascii=False)}")
    return problems


def playable(parse):
    return [q for q in questions(parse) if not isinstance(expected(q), tuple)]


@pytest.mark.parametrize("bank", moodle_fixtures() + own_banks(), ids=bank_id)
def test_a_bank_comes_in_as_moodle_reads_it_and_goes_back_the_same(adivina, bank, tmp_path):
    path, moodle_format, adivina_format = bank
    data = path.read_bytes()
    parse = moodle_parse(moodle_format, path)
    status, reply = adivina.import_bank(data, adivina_format)
    if parse is None or not playable(parse):
        assert status == 400, reply
        return
    assert status == 201, reply
    imported = adivina.set(reply["id"])
    problems = compare(parse, imported["quizzes"], reply["notes"])
    assert not problems, f"{path.name}: " + "\n".join(problems)
    # What Moodle reads and Adivina cannot play, and what Moodle drops with an error, is skipped.
    assert reply["skipped"] == len(questions(parse)) + len(parse["errors"]) - len(imported["quizzes"]), (reply["skipped"], reply["notes"])
    check_exports(adivina, reply["id"], imported, tmp_path)


def short_name(question):
    """ImportDraft.name: a question's first line, at most 60 characters."""
    line = question.split("\n")[0].strip()
    return line[:59] + "…" if len(line) > 60 else line


def categories_of(parse):
    """Each question's category as Moodle files it: the last category question before it."""
    current, found = None, []
    for question in parse["questions"]:
        if question["qtype"] == "category":
            current = question["category"]
        else:
            found.append(current)
    return found


def check_exports(adivina, set_id, imported, tmp_path):
    """Both exports of set `set_id`, read by Moodle, are the set `imported`: each question's
    name, whole category and all `expected` compares."""
    for name, moodle_format in (("export.gift", "gift"), ("export.xml", "xml")):
        text = adivina.export(set_id, name)
        parse = moodle_parse_text(moodle_format, text, tmp_path)
        assert parse is not None and not parse["errors"], f"{name}: Moodle's errors {parse and parse['errors']}"
        read = questions(parse)
        assert not [q for q in read if q.get("rejected")], f"{name}: Moodle refuses {[q['name'] for q in read if q.get('rejected')]}"
        assert len(read) == len(imported["quizzes"]), f"{name}: {len(read)} questions for {len(imported['quizzes'])}"
        default_category = "$course$/top/" + imported["title"].replace("/", "//")
        for question, category, quiz in zip(read, categories_of(parse), imported["quizzes"]):
            # A question with no name of its own is named by its first words (a Markdown one's without marks).
            words = markdown_text(quiz["question"]) if quiz.get("markdown") else quiz["question"]
            assert html_text(question["name"]) == quiz.get("name", short_name(words)), name
            assert category == quiz.get("category", default_category), name
            mine = adivina_view(quiz)
            if quiz["kind"] == "poll":
                # A poll, which Moodle lacks, goes as a multiple choice with every option right.
                want = expected(question)
                assert [o["text"] for o in want["options"]] == [o["text"] for o in quiz["options"]], name
                continue
            want = comparable(expected(question, FORMAT_HTML if moodle_format == "xml" else None))
            assert want == comparable(mine), f"{name}: Moodle reads back\n {want}\n for {mine}"


@pytest.mark.parametrize("bank", sorted(BANKS.glob("*.json")) if BANKS.is_dir() else [], ids=lambda p: p.name)
def test_a_quizzes_json_set_goes_to_moodle_and_back_the_same(adivina, bank, tmp_path):
    """A course quizzes.json (no Moodle parser reads it): imported, exported both ways, read by Moodle."""
    status, reply = adivina.import_bank(bank.read_bytes(), "quizzes-json", content_type="application/json")
    assert status == 201 and not reply["notes"], reply
    imported = adivina.set(reply["id"])
    original = json.loads(bank.read_text())
    assert len(imported["quizzes"]) == len(original["quizzes"])
    check_exports(adivina, reply["id"], imported, tmp_path)


def test_a_title_a_name_or_a_category_with_line_breaks_injects_nothing(adivina, tmp_path):
    """Line breaks in what GIFT writes on one line (the title's comment, `$CATEGORY:`, `::name::`)
    would start questions of their own in Moodle: each export is still one question."""
    injected = "\n\n::Inyectada::¿Cuánto es 1 + 1?{=2}\n\n"
    body = {"title": "Tema" + injected, "quizzes": [
        {"kind": "choice", "question": "¿Cuál?", "name": "Nombre" + injected, "category": "$course$/top/Cat" + injected,
         "options": [{"text": "%100%trampa", "right": False}, {"text": "[html]<b>buena</b>", "right": True}]}]}
    status, reply = adivina.import_bank(json.dumps(body), "quizzes-json", content_type="application/json")
    assert status == 201, reply
    imported = adivina.set(reply["id"])
    for name, moodle_format in (("export.gift", "gift"), ("export.xml", "xml")):
        parse = moodle_parse_text(moodle_format, adivina.export(reply["id"], name), tmp_path)
        read = questions(parse)
        assert len(read) == 1 and not parse["errors"], (name, read, parse["errors"])
        assert comparable(expected(read[0])) == comparable(adivina_view(imported["quizzes"][0])), name
