"""Browser tests of the host's "Importar" of question banks: a GIFT file dropped on "Mis
preguntas" becomes a set named by its category, its notes listed (what was skipped and why, what
was changed); a Moodle XML and an Aiken file picked; a Latin-1 file refused clearly; the set
downloaded for Moodle as GIFT and XML; axe on the import, its notes and the refusal, in light and
dark."""

import xml.etree.ElementTree as ElementTree

from playwright.sync_api import expect

from test_accessibility import audit, audited  # noqa: F401  (fixtures)
from classroom_helpers import alert, open_host

GIFT = """// Un banco de Moodle escrito para la prueba.
$CATEGORY: $course$/top/Ciencias

::Capital::¿Capital de Francia?{=París ~Lyon ~Marsella ####París, desde el siglo X.}

::Primos::¿Qué números son primos?{~%50%2 ~%50%3 ~%-100%4}

::Sol::El Sol es una estrella.{T}

::Pi::¿Cuánto vale pi con dos decimales?{#3.14:0.005}

::Quijote::¿Quién escribió el Quijote?{=Cervantes =%50%Miguel}

::Ensayo::Escribe sobre tu verano.{}
"""

AIKEN = "¿Capital de Italia?\nA) Roma\nB) Milán\nANSWER: A\n"

XML = """<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Moodle</text></category></question>
  <question type="truefalse"><name><text>Agua</text></name>
    <questiontext format="html"><text><![CDATA[<p>El agua hierve a 100 ºC.</p>]]></text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
</quiz>
"""


def drop_file(page, target, name, text):
    """Drops a file called `name` holding `text` on `target`, as a drag from the desktop does."""
    transfer = page.evaluate_handle("""([name, text]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: "" }));
      return transfer;
    }""", [name, text])
    target.dispatch_event("dragenter", {"dataTransfer": transfer})
    expect(target).to_have_class("section dropping")
    target.dispatch_event("dragover", {"dataTransfer": transfer})
    target.dispatch_event("drop", {"dataTransfer": transfer})
    expect(target).not_to_have_class("section dropping")


def test_a_gift_file_dropped_becomes_a_set_with_its_notes(classroom, audited, audit, tmp_path):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    drop_file(host, host.locator("#sets-section"), "ciencias.gift", GIFT)
    expect(alert(host)).to_contain_text("«ciencias.gift» importado")
    expect(alert(host)).to_contain_text("5 preguntas. Una no se pudo usar. Los avisos quedan debajo de tus conjuntos.")
    audit.check(host, "bank imported alert")
    alert(host).get_by_role("button").click()

    expect(host.locator("#import-notes-header")).to_be_focused()
    expect(host.locator("#import-notes-header")).to_have_text("Avisos de «ciencias.gift»")
    notes = host.locator("#import-notes-list li")
    expect(notes).to_have_count(2)
    expect(notes.nth(0)).to_contain_text("Ensayo")
    expect(notes.nth(0)).to_contain_text("es una pregunta de ensayo (respuesta libre larga): no se puede jugar")
    expect(notes.nth(1)).to_contain_text("Quijote")
    expect(notes.nth(1)).to_contain_text("se han quitado las respuestas con crédito parcial")
    row = host.locator("#sets .set-row")
    expect(row.locator(".set-name")).to_have_text("Ciencias")
    expect(row.locator(".set-count")).to_have_text("5 preguntas")
    audit.check(host, "import notes")

    kept = host.evaluate("(id) => fetch(`/api/classroom/sets/${id}`).then((r) => r.json())", row.get_attribute("data-id"))
    assert [quiz["kind"] for quiz in kept["quizzes"]] == ["choice", "choice", "truefalse", "number", "text"]

    # Back to Moodle: both files, from the set's row.
    for label, check in [("Descargar para Moodle (GIFT)", lambda text: "$CATEGORY: $course$/top/Ciencias" in text and "{#=3.14:0.005" in text.replace("\n", "")),
                         ("Descargar para Moodle (XML)", lambda text: ElementTree.fromstring(text.encode()).tag == "quiz")]:
        with host.expect_download() as download:
            row.get_by_role("link", name=label).click()
        text = open(download.value.path(), encoding="utf-8").read()
        assert check(text), f"{label}: {text[:300]}"

    host.locator("#import-notes-close").click()
    expect(host.locator("#import-notes")).to_be_hidden()
    expect(host.locator("#import-set")).to_be_focused()
    audit.assert_clean()


def test_moodle_xml_and_aiken_are_picked_and_latin1_is_refused_clearly(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    expect(host.locator("#import-set")).to_have_text("Importar…")
    host.locator("#import-file").set_input_files({"name": "banco.xml", "mimeType": "text/xml", "buffer": XML.encode()})
    expect(alert(host)).to_contain_text("«banco.xml» importado")
    expect(alert(host)).to_contain_text("1 pregunta.")
    alert(host).get_by_role("button").click()
    expect(host.locator("#import-notes")).to_be_hidden()
    expect(host.locator("#sets .set-name")).to_have_text(["Moodle"])

    host.locator("#import-file").set_input_files({"name": "italia.txt", "mimeType": "text/plain", "buffer": AIKEN.encode()})
    expect(alert(host)).to_contain_text("«italia» importado")
    alert(host).get_by_role("button").click()
    expect(host.locator("#sets .set-name")).to_have_count(2)

    latin1 = "::P::¿Año?{=2026}".encode("latin-1")
    host.locator("#import-file").set_input_files({"name": "viejo.gift", "mimeType": "text/plain", "buffer": latin1})
    expect(alert(host)).to_contain_text("No se pudo importar «viejo.gift»")
    expect(alert(host)).to_contain_text("El fichero no está en UTF-8 (línea 1): parece Latin-1 o Windows-1252.")
    audit.check(host, "import refused")
    alert(host).get_by_role("button").click()
    expect(host.locator("#import-set")).to_be_focused()
    expect(host.locator("#sets .set-name")).to_have_count(2)
    audit.assert_clean()
