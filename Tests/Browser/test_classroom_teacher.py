"""The teacher's whole class in the browser (issue 18, end to end): the host builds a set of their
own on the page, runs it as a timed round with speed points for three players and a projector,
the projector and the host show the chart with the right answer after each question, and the host
takes home the CSV of who answered what from "Resultados"."""

import csv
import io
import re

from playwright.sync_api import expect

from classroom_helpers import alert, answer_quiz, host_board_and_players
from test_classroom_sets import fill_quiz


def test_a_teacher_builds_a_set_runs_it_timed_and_takes_home_the_csv(classroom, new_context):
    server, key = classroom
    names = ["Ana", "Bea", "Carla"]
    host, board, players = host_board_and_players(new_context, server, key, names)

    # The host's own questions.
    host.locator("#new-set").click()
    host.locator("#set-title").fill("Capitales")
    fill_quiz(host, 1, "¿Capital de Francia?", "París", "Paris")
    host.locator("#add-quiz").click()
    fill_quiz(host, 2, "¿Capital de Italia?", "Roma")
    host.locator("#save-set").click()
    expect(host.locator("#sets .set-row")).to_have_count(1)

    # A timed round of them, with speed points.
    host.locator("#round-set").select_option(label="Capitales (2 preguntas)")
    host.locator("#seconds").select_option("30")
    host.locator("#speed-points").click()
    host.locator("#game-quizzes").click()
    expect(host.locator("#game-quizzes")).to_have_attribute("aria-pressed", "true")
    host.locator("#start").click()
    expect(host.locator("#host-countdown")).to_be_visible()
    expect(board.locator("#board-countdown")).to_be_visible()

    answers = {1: ["paris", "Lyon", "París"], 2: ["Roma", "roma", "Milán"]}
    for number in (1, 2):
        for name, page, text in zip(names, players, answers[number]):
            if number == 1:
                page.locator("#play").click()
            expect(page.locator("#title")).to_have_text(f"Pregunta {number} de 2")
            expect(page.locator("#player-countdown")).to_be_visible()
            answer_quiz(page, text)
            expect(page.locator("#waiting-result")).to_contain_text("punto")  # the verdict with its points
        # Everybody answered: the question closes at once, and the chart shows who said what.
        chart = board.locator("#board-chart")
        expect(chart).to_be_visible()
        expect(chart.locator(".answer-chart-title")).to_have_text(f"Pregunta {number}")
        right = "París" if number == 1 else "Roma"
        expect(chart.locator(".answer-chart-correct")).to_have_text(f"Respuesta correcta: «{right}»")
        expect(chart.locator(".answer-chart-summary")).to_have_text(
            "2 aciertos · 1 fallo · 0 sin responder")
        expect(host.locator("#host-chart .answer-chart-summary")).to_have_text("2 aciertos · 1 fallo · 0 sin responder")
        if number == 1:
            host.locator("#next").click()
    scores = board.locator("#players .player-score").all_text_contents()
    assert all(int(score) >= 500 for score in scores[:2]), scores  # speed points, not 1 a right answer
    host.locator("#end").click()
    alert(host).get_by_role("button", name="Terminar").click()
    expect(board.locator("#podium")).to_be_visible()

    # Resultados and the CSV.
    host.locator("#results-link").click()
    expect(host).to_have_url(server.url("/clase/resultados.html"))
    host.locator("#rounds .round-row a").first.click()
    expect(host.locator("#round")).to_be_visible()
    with host.expect_download() as download:
        host.locator("#csv-link").click()
    data = open(download.value.path(), "rb").read()
    assert data.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(data[3:].decode("utf-8"), newline="")))
    assert table[0] == ["jugador", "pregunta", "respuesta", "correcta", "segundos", "puntos"]
    rows = {(row[0], row[1]): row[2:] for row in table[1:]}
    assert len(table) == 1 + 3 * 2
    assert rows[("Ana", "¿Capital de Francia?")][:2] == ["paris", "sí"]
    assert rows[("Bea", "¿Capital de Francia?")][:2] == ["Lyon", "no"] and rows[("Bea", "¿Capital de Francia?")][3] == "0"
    assert rows[("Carla", "¿Capital de Italia?")][:2] == ["Milán", "no"]
    for answer, right, seconds, points in rows.values():
        assert re.fullmatch(r"\d+(\.\d)?", seconds), seconds
        assert (500 <= int(points) <= 1000) if right == "sí" else points == "0", (answer, points)
