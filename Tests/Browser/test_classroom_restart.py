"""Issue 36, point 3: a class carries on after the app is killed (kill -9) in the middle of a
question and started again on the same port and data. The host's page, the projector and two
phones, each in its own browser context, reconnect by themselves without a reload; the question
goes on (its 3-2-1 again, then the time it had left), the answer given before the kill stays given,
and the round finishes with a podium."""

import re
import signal

from playwright.sync_api import expect

from classroom_helpers import call, host_board_and_phones, room
from conftest import wait_until
from test_accessibility import audit, audited  # noqa: F401  (fixtures)
from test_classroom_rounds import question_clean, tile, timed_capitals

NOT_RELOADED = "() => window.keptThroughTheRestart === true"


def answers_written(host):
    """Whether the round's first answer is in the database (a kill -9 loses what is only queued)."""
    status, rounds = call(host, "GET", "/api/classroom/rounds")
    return status == 200 and bool(rounds) and rounds[0]["players"] >= 1


def question_started(host):
    """Whether the room's open question is past its 3-2-1, on the server's clock."""
    status, now = call(host, "GET", "/api/classroom/time")
    opened = room_open(host)
    return status == 200 and opened is not None and now["now"] >= opened["startsAt"]


def room_open(host):
    return call(host, "GET", "/api/classroom/state")[1].get("open")


def test_a_class_carries_on_after_a_kill_9_mid_question(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host, board, ana, bea = host_board_and_phones(audited, server, key)
    # Timed (60 s a question, far longer than the test needs): the answers close each question.
    timed_capitals(host, (ana, bea), 60)
    tile(ana, "A").click()
    expect(ana.locator("#answer-status")).to_contain_text("Respuesta enviada")
    wait_until(lambda: answers_written(host), message="Ana's answer written before the kill")
    for page in (host, board, ana, bea):
        page.evaluate("() => { window.keptThroughTheRestart = true; }")

    server.stop(signal.SIGKILL)
    server.start(port=server.port)
    state = room(server)
    assert state["phase"] == "playing" and state["question"] == 1 and state["open"]["number"] == 1, state
    assert [row["name"] for row in state["players"]] == ["Ana", "Bea"], state
    wait_until(lambda: question_started(host), message="question 1 open again, its 3-2-1 over")
    remaining = state["deadline"]["endsAt"] - call(host, "GET", "/api/classroom/time")[1]["now"]
    assert 0 < remaining <= 60_000, state["deadline"]

    # Nobody reloads: the streams come back by themselves and the phones carry on.
    expect(board.locator("#board-question-text")).to_have_text("¿Capital de Italia?")
    expect(ana.locator("#answer-status")).to_contain_text("Respuesta enviada")
    expect(host.locator("#next")).to_have_text("Mostrar respuesta")
    twice = call(ana, "POST", "/api/classroom/round/answer", {"question": 1, "answer": [0]})
    assert twice[0] == 409 and twice[1]["error"] == "Ya has respondido a esta pregunta.", twice
    audit.check(bea, "phone: the question open again after the app started again")
    tile(bea, "C").click()
    # Both answered: question 1 closes with the answers of both lives of the app.
    expect(board.locator("#board-result")).to_be_visible()
    expect(board.locator("#board-correct-answer")).to_have_text("A: Roma")
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(bea.locator("#verdict-title")).to_have_text("No es correcto")
    audit.check(board, "projector: the answer shown after the app started again")

    expect(host.locator("#next")).to_have_text("Siguiente pregunta")
    host.locator("#next").click()
    question_clean(ana, "Lisboa es la capital de Francia", 2, 2)
    question_clean(bea, "Lisboa es la capital de Francia", 2, 2)
    tile(ana, "B").click()
    tile(bea, "B").click()
    expect(host.locator("#next")).to_have_text("Ver podio")
    host.locator("#next").click()
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    expect(board.locator("#podium")).to_be_visible()
    expect(ana.locator("#end-line")).to_contain_text("2 de 2 aciertos")
    expect(bea.locator("#end-line")).to_contain_text("1 de 2 aciertos")
    for page in (board, ana, bea):
        assert page.evaluate(NOT_RELOADED), "carried on without a reload"
    audit.check(ana, "phone: the podium of a round that survived a kill -9")
    audit.assert_clean()
