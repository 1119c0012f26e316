"""Browser tests of the host's "Resultados": a round of a set with three players played through
the round's routes (its rows named by the set's title), then the host opens Resultados (from the host page, or asked for the
key), sees the chart and the tables, sorts the players, downloads the CSV and checks its rows;
axe on every state of the page, in light and dark."""

import csv
import zipfile
import io

from playwright.sync_api import expect

from test_accessibility import audit, audited  # noqa: F401  (fixtures)
from classroom_helpers import answer_round, call, open_host

SET = {"title": "Capitales", "quizzes": [
    {"question": "¿Capital de Francia?", "answer": "París", "alternatives": ["Paris"]},
    {"question": "Di \"hola\", por favor", "answer": "hola"},
    {"question": "¿Capital de Italia?", "answer": "Roma"},
]}


def play_round(new_context, server, host):
    """A self-paced round of SET: Ana right twice (wrong on Italy), Bea right once (Lyon, then
    «hola»), Carla wrong once (lyon) and nothing else."""
    status, made = call(host, "POST", "/api/classroom/sets", SET)
    assert status == 201, made
    players = {}
    for name in ["Ana", "Bea", "Carla"]:
        page = new_context().new_page()
        page.goto(server.url("/clase/"))
        # The page's own `GET me` (401, which expires the player cookie) must be answered before
        # the join, or it can land after it and drop the new cookie.
        expect(page.locator("#join")).to_be_visible()
        status, body = call(page, "POST", "/api/classroom/join", {"name": name})
        assert status == 201, body
        players[name] = page
    assert call(host, "PUT", "/api/classroom/host/pace", {"selfPaced": True})[0] == 200
    assert call(host, "POST", "/api/classroom/host/game", {"game": "quizzes", "set": made["id"]})[0] == 200
    assert call(host, "POST", "/api/classroom/host/start")[0] == 200
    rounds = [
        [("Ana", 1, "paris", True), ("Bea", 1, "Lyon", False), ("Carla", 1, "lyon", False)],
        [("Ana", 2, "Hola", True), ("Bea", 2, "hola", True)],
        [("Ana", 3, "Milán", False)],
    ]
    for answers in rounds:
        replies = answer_round([(players[name], number, text) for name, number, text, _ in answers])
        assert [reply["result"] for reply in replies] == [right for *_, right in answers], replies
    assert call(host, "POST", "/api/classroom/host/end", {"saveToRanking": False})[0] == 200
    return players


def player_names(page):
    return page.locator("#players tbody th").all_text_contents()


def test_the_host_reads_a_rounds_results_sorts_them_and_downloads_the_csv(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    players = play_round(new_context, server, host)

    # A student is refused every results route, and the page never shows them anything.
    for path in ["/api/classroom/rounds", "/api/classroom/rounds/1", "/api/classroom/rounds/1/results.csv"]:
        assert call(players["Ana"], "GET", path)[0] == 401, path

    host.locator("#results-link").click()
    expect(host).to_have_url(server.url("/clase/resultados.html"))
    rows = host.locator("#rounds .round-row")
    expect(rows).to_have_count(1)
    expect(rows.first.locator(".round-name")).to_contain_text("Capitales · ")  # the set's title
    expect(rows.first).to_contain_text("3 jugadores")
    expect(host.locator("#round")).to_be_hidden()
    rows.first.locator("a").click()
    expect(host.locator("#round")).to_be_visible()
    expect(host.locator("#round-header")).to_be_focused()
    expect(rows.first.locator("a")).to_have_attribute("aria-current", "true")
    expect(host.locator("#round-meta")).to_have_text("Capitales · 3 jugadores · 3 preguntas")

    # The chart: a bar for each question someone got right, its figures in the title.
    chart = host.locator("#chart")
    expect(chart).to_have_attribute("role", "img")
    expect(chart.locator("title")).to_have_text(
        "Porcentaje de aciertos por pregunta: pregunta 1, 33 %; pregunta 2, 67 %; pregunta 3, 0 %.")
    expect(chart.locator("rect.chart-bar")).to_have_count(2)
    widths = [float(w) for w in chart.locator("rect.chart-bar").evaluate_all("(bars) => bars.map((b) => b.getAttribute('width'))")]
    assert abs(widths[1] / widths[0] - 2) < 0.1, widths
    questions = host.locator("#questions tbody tr")
    expect(questions).to_have_count(3)
    expect(questions.nth(0)).to_contain_text("33 %")
    expect(questions.nth(0)).to_contain_text("Lyon (2)")
    expect(questions.nth(1)).to_contain_text("P2 Di \"hola\", por favor")
    expect(questions.nth(2)).to_contain_text("Milán (1)")

    # The players: most points first, then sorted by each header.
    expect(host.locator("#players tbody tr")).to_have_count(3)
    assert player_names(host) == ["Ana", "Bea", "Carla"]
    expect(host.locator("#players th[data-key=points]")).to_have_attribute("aria-sort", "descending")
    expect(host.locator("#players tbody tr").first).to_contain_text("2 de 3")
    name = host.get_by_role("button", name="Jugador")
    name.click()
    expect(host.locator("#players th[data-key=name]")).to_have_attribute("aria-sort", "ascending")
    expect(host.locator("#players th[data-key=points]")).not_to_have_attribute("aria-sort", "descending")
    assert player_names(host) == ["Ana", "Bea", "Carla"]
    name.click()
    expect(host.locator("#players th[data-key=name]")).to_have_attribute("aria-sort", "descending")
    assert player_names(host) == ["Carla", "Bea", "Ana"]
    host.get_by_role("button", name="Aciertos").click()
    expect(host.locator("#players th[data-key=right]")).to_have_attribute("aria-sort", "descending")
    assert player_names(host) == ["Ana", "Bea", "Carla"]
    host.get_by_role("button", name="Aciertos").click()
    assert player_names(host) == ["Carla", "Bea", "Ana"]

    # The workbook comes first: a zip with both sheets, every player and question in Respuestas.
    links = host.locator("#round a[download]")
    expect(links.first).to_have_text("Excel / LibreOffice (.xlsx)")
    with host.expect_download() as download:
        host.locator("#xlsx-link").click()
    assert download.value.suggested_filename.startswith("resultados-ronda-")
    assert download.value.suggested_filename.endswith(".xlsx")
    with zipfile.ZipFile(download.value.path()) as book:
        assert book.testzip() is None
        workbook = book.read("xl/workbook.xml").decode("utf-8")
        assert 'name="Resumen"' in workbook and 'name="Respuestas"' in workbook
        assert book.read("xl/worksheets/sheet2.xml").decode("utf-8").count("<row ") == 1 + 3 * 3

    # The CSV: a BOM, the header, one row per player and question (unanswered included).
    with host.expect_download() as download:
        host.locator("#csv-link").click()
    assert download.value.suggested_filename.startswith("resultados-ronda-")
    data = open(download.value.path(), "rb").read()
    assert data.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(data[3:].decode("utf-8"), newline="")))
    assert table[0] == ["jugador", "pregunta", "respuesta", "correcta", "segundos", "puntos"]
    assert len(table) == 1 + 3 * 3
    by_key = {(row[0], row[1]): row[2:] for row in table[1:]}
    assert by_key[("Ana", "¿Capital de Francia?")][:2] == ["paris", "sí"]
    assert by_key[("Bea", "Di \"hola\", por favor")][:2] == ["hola", "sí"]
    assert by_key[("Carla", "¿Capital de Italia?")] == ["", "no", "", "0"]
    assert by_key[("Bea", "¿Capital de Francia?")][3] == "0"
    assert [row[0] for row in table[1:]] == ["Ana"] * 3 + ["Bea"] * 3 + ["Carla"] * 3


def test_resultados_asks_for_the_key_and_a_student_sees_nothing(classroom, new_context):
    server, key = classroom
    host = open_host(new_context, server, key)
    play_round(new_context, server, host)
    student = new_context().new_page()
    student.goto(server.url("/clase/resultados.html"))
    expect(student.locator("#login")).to_be_visible()
    expect(student.locator("#results")).to_be_hidden()
    student.locator("#key").fill("no-es-la-clave")
    student.locator("#login-button").click()
    expect(student.get_by_role("alertdialog")).to_contain_text("La clave de anfitrión no es correcta.")
    student.get_by_role("alertdialog").get_by_role("button").click()
    expect(student.locator("#results")).to_be_hidden()
    student.locator("#key").fill(key)
    student.locator("#login-button").click()
    expect(student.locator("#rounds .round-row")).to_have_count(1)
    expect(student.locator("#login")).to_be_hidden()


def test_the_results_page_is_accessible(classroom, new_context, audited, audit):  # noqa: F811
    server, key = classroom
    page = audited(viewport={"width": 1024, "height": 900})
    page.goto(server.url("/clase/resultados.html"))
    expect(page.locator("#login")).to_be_visible()
    audit.check(page, "results login")
    page.locator("#key").fill(key)
    page.locator("#login-button").click()
    expect(page.locator("#rounds-empty")).to_be_visible()
    audit.check(page, "results, no round yet")
    play_round(new_context, server, page)
    page.reload()
    expect(page.locator("#rounds .round-row")).to_have_count(1)
    audit.check(page, "results list")
    page.locator("#rounds .round-row a").click()
    expect(page.locator("#chart rect.chart-bar")).to_have_count(2)
    audit.check(page, "round shown")
    page.get_by_role("button", name="Jugador").click()
    expect(page.locator("#players th[data-key=name]")).to_have_attribute("aria-sort", "ascending")
    audit.check(page, "players sorted by name")
    audit.assert_clean()
