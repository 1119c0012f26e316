"""Helpers of the class round's browser tests: a set of every kind made in the host's editor, the
phones' and the projector's screens of a question, and checks of a screenshot."""

import struct

from playwright.sync_api import expect

BOARD = {"width": 1280, "height": 720}
"""The projector's window of the tests: a 720p projector."""


def editor_quiz(page, number):
    return page.locator("#set-quizzes > li").nth(number - 1)


def fill_kind(page, number, kind, question, **fields):
    """Fills question `number` of the open editor as a `kind` question ("text": answer,
    alternatives; "choice": options [(text, right)]; "truefalse": answer; "number": value,
    tolerance; "poll": options [text])."""
    item = editor_quiz(page, number)
    item.get_by_label("Tipo").select_option(kind)
    item.get_by_label("Pregunta", exact=True).fill(question)
    if kind == "text":
        item.get_by_label("Respuesta", exact=True).fill(fields["answer"])
        item.get_by_label("Otras respuestas válidas (una por línea, opcional)").fill(fields.get("alternatives", ""))
    elif kind in ("choice", "poll"):
        options = fields["options"]
        for _ in range(len(options) - 2):
            item.get_by_role("button", name="Añadir opción").click()
        for index, option in enumerate(options):
            text, right = option if kind == "choice" else (option, False)
            letter = "ABCDEF"[index]
            item.get_by_label(f"Opción {letter}", exact=True).fill(text)
            if right:
                item.get_by_label(f"La opción {letter} es correcta").check()
    elif kind == "truefalse":
        item.get_by_label("Verdadero" if fields["answer"] else "Falso", exact=True).check()
    elif kind == "number":
        item.get_by_label("Respuesta (número)").fill(fields["value"])
        item.get_by_label("Margen admitido (±, opcional)").fill(fields.get("tolerance", "0"))
    if "feedback" in fields:
        item.get_by_label("Comentario al cerrar la pregunta (opcional)").fill(fields["feedback"])


def build_set(host, title, quizzes):
    """Makes the set `title` of `quizzes` ([(kind, question, fields)]) in the host's editor."""
    host.locator("#new-set").click()
    host.locator("#set-title").fill(title)
    for number, (kind, question, fields) in enumerate(quizzes, start=1):
        if number > 1:
            host.locator("#add-quiz").click()
        fill_kind(host, number, kind, question, **fields)
    host.locator("#save-set").click()
    expect(host.locator("#set-editor-section")).to_be_hidden()


def font_px(locator):
    return float(locator.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)"))


def png_size(path):
    data = open(path, "rb").read(24)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def screenshot_shows(page, path, *locators):
    """Takes a screenshot of `page`'s window into `path` and checks it: the window's size, and each
    of `locators` visible, inside the window and not covered by anything (the element hit at its
    centre is it or inside it). Returns the boxes."""
    page.screenshot(path=str(path))
    viewport = page.viewport_size
    scale = page.evaluate("() => devicePixelRatio")
    assert png_size(path) == (round(viewport["width"] * scale), round(viewport["height"] * scale)), png_size(path)
    boxes = []
    for locator in locators:
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        assert box and box["width"] > 0 and box["height"] > 0, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, (box, viewport)
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (box, viewport)
        on_top = locator.evaluate("""(node) => {
          const box = node.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit === node || node.contains(hit);
        }""")
        assert on_top, f"{locator} is covered"
        boxes.append(box)
    return boxes


BROKEN_WORDS = """(selector) => [...document.querySelectorAll(selector)].filter((node) => node.getClientRects().length).flatMap((node) => {
  // Each word of each of the node's texts on one line: a range over it has one box.
  const broken = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    let start = 0;
    for (const word of text.data.split(/\\s/)) {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      if (word && range.getClientRects().length > 1) broken.push(word);
      start += word.length + 1;
    }
  }
  return broken;
})"""


def broken_words(page, selector):
    """The words of the elements `selector` of `page` that break across lines."""
    return page.evaluate(BROKEN_WORDS, selector)
