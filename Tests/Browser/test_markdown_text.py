"""A Moodle bank's `[markdown]` question (issue 35, point 14): js/markdown-text.js draws its
emphasis, code, lists and line breaks with DOM nodes only, and the class pages draw it so on the
phone, the projector and the host page, imported through the real import route and played."""

import re

import pytest
from playwright.sync_api import expect

from classroom_helpers import call, host_board_and_phones
from test_accessibility import audit, audited  # noqa: F401  (fixtures)

DRAW = """async ([text]) => {
  const { markdownText } = await import('/js/markdown-text.js');
  const box = document.createElement('div');
  box.append(markdownText(text));
  return box.innerHTML;
}"""


@pytest.fixture
def blank_page(server, page):
    page.goto(server.url("/"))
    return page


@pytest.mark.parametrize("source, html", [
    ("Piensa en **cuántas** letras", "<p>Piensa en <strong>cuántas</strong> letras</p>"),
    ("*una* y _otra_ y __fuerte__", "<p><em>una</em> y <em>otra</em> y <strong>fuerte</strong></p>"),
    ("¿Qué imprime `print(a_b * 2)`?", "<p>¿Qué imprime <code>print(a_b * 2)</code>?</p>"),
    ("una_variable_larga y 2 * 3 * 4", "<p>una_variable_larga y 2 * 3 * 4</p>"),
    ("uno\ndos  \ntres", "<p>uno dos<br>tres</p>"),
    ("Elige:\n\n- rojo\n- **verde**", "<p>Elige:</p><ul><li>rojo</li><li><strong>verde</strong></li></ul>"),
    ("1. uno\n2. dos", "<ol><li>uno</li><li>dos</li></ol>"),
    ("# Tema 1\nTexto", "<p><strong>Tema 1</strong></p><p>Texto</p>"),
    ("```\nfor i in x:\n    print(*i)\n```", "<pre><code>for i in x:\n    print(*i)</code></pre>"),
    ("\\*no es cursiva\\*", "<p>*no es cursiva*</p>"),
    ("[la web](https://ejemplo.es) ![dibujo](https://ejemplo.es/a.png)", "<p>la web dibujo</p>"),
])
def test_the_subset_is_drawn(blank_page, source, html):
    assert blank_page.evaluate(DRAW, [source]) == html


def test_formulas_are_drawn_and_never_read_as_markdown(blank_page):
    out = blank_page.evaluate(DRAW, ["**Calcula** $$a_1 * b_1 * c$$ y `$$x$$`"])
    assert out.startswith("<p><strong>Calcula</strong> <math")
    assert "<mi>b</mi>" in out and "<em>" not in out
    assert out.endswith("y <code>$$x$$</code></p>")


def test_nothing_in_the_text_becomes_markup(blank_page):
    out = blank_page.evaluate("""async () => {
      const { markdownText } = await import('/js/markdown-text.js');
      const box = document.createElement('div');
      box.append(markdownText('**<img src=x onerror="window.hit=1">** `<script>window.hit=2</script>` [a](javascript:alert(1))'));
      document.body.append(box);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { hit: window.hit ?? null, tags: [...box.querySelectorAll('*')].map((e) => e.localName), links: box.querySelectorAll('a').length };
    }""")
    assert out == {"hit": None, "tags": ["p", "strong", "code"], "links": 0}


# A blank line ends a GIFT question: the list follows the sentence's line.
BANK = """::Longitud::[markdown]¿Qué imprime `print(len("hola"))`?
- Piensa en **cuántas** letras
- y en _nada_ más{=4 ~5 ~3}

::Plano::¿Cuánto es 2 * 3 * 4?{=24 ~9}
"""


def test_a_markdown_question_is_drawn_on_every_screen(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host, board, ana, bea = host_board_and_phones(audited, server, key)
    status, reply = host.evaluate("""async (bank) => {
        const response = await fetch('/api/classroom/sets/import?format=gift&title=Markdown',
          { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: bank });
        return [response.status, await response.json()];
    }""", BANK)
    assert status == 201 and reply["notes"] == [], reply
    kept = call(host, "GET", f"/api/classroom/sets/{reply['id']}")[1]["quizzes"]
    assert kept[0]["markdown"] is True and kept[0]["question"].startswith('¿Qué imprime `print(len("hola"))`?')
    assert "markdown" not in kept[1]

    # Saved from the editor, the set keeps the flag and the question its marks and its lines.
    host.reload()
    host.get_by_role("button", name="Editar «Markdown»").click()
    expect(host.get_by_label(re.compile(r"^Pregunta \(en Markdown"))).to_have_count(1)
    with host.expect_response(lambda r: "/api/classroom/sets/" in r.url and r.request.method == "PUT") as saved:
        host.locator("#save-set").click()
    assert saved.value.status == 200, saved.value.text()
    again = call(host, "GET", f"/api/classroom/sets/{reply['id']}")[1]["quizzes"]
    assert [quiz.get("markdown") for quiz in again] == [True, None]
    assert [(quiz["question"], quiz.get("name")) for quiz in again] == [(quiz["question"], quiz.get("name")) for quiz in kept]

    host.get_by_role("button", name="Jugar «Markdown»").click()
    host.locator("#start").click()
    for phone in (ana, bea):
        question = phone.locator("#round-question")
        expect(question.locator("code")).to_have_text('print(len("hola"))')
        expect(question.locator("li")).to_have_count(2)
        expect(question.locator("strong")).to_have_text("cuántas")
        expect(question.locator("em")).to_have_text("nada")
        assert "**" not in question.inner_text() and "`" not in question.inner_text()
    for page, selector in ((board, "#board-question-text"), (host, "#host-question-text")):
        expect(page.locator(f"{selector} code")).to_have_text('print(len("hola"))')
        expect(page.locator(f"{selector} li")).to_have_count(2)
    audit.check(ana, "phone, a Markdown question, 320")
    audit.check(bea, "phone, a Markdown question, dark")
    audit.check(board, "projector, a Markdown question")

    # The next question is plain text: its stars stay stars.
    host.locator("#next").click()
    host.locator("#next").click()
    for phone in (ana, bea):
        expect(phone.locator("#round-question")).to_have_text("¿Cuánto es 2 * 3 * 4?")
        expect(phone.locator("#round-question *")).to_have_count(0)
    expect(board.locator("#board-question-text")).to_have_text("¿Cuánto es 2 * 3 * 4?")
