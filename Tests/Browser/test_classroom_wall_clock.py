"""The round's clock on the real binary (issue 39, "the round's rules"): deadlines and speed points
follow a monotonic clock, the wall clock is only for what a page displays. The server runs under
`support/wallclock_shift.c` (an LD_PRELOAD shim that steps its wall clock alone, not the
machine's); in a host-paced timed round with speed points, its wall clock steps back an hour and
forward an hour while questions are open: answers are taken (never «Espera a que termine la
cuenta atrás» nor «Se acabó el tiempo»), the question stays open until everyone has answered or
the host shows the answer, the speed points follow the time the server really took, and every
countdown stays within the question's time. A player with no stream holds the question for the
30 s before they are away, whatever the wall clock does."""

import email.utils
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from classroom_helpers import call, open_host, room
from conftest import join_class, wait_until

SHIM = Path(__file__).parent / "support" / "wallclock_shift.c"
SECONDS = 300  # the longest timer: the time never closes a question while the test plays it
HOUR = 3600
QUIZZES = [
    {"kind": "choice", "question": "¿Qué planeta es el más grande?", "multiple": False,
     "options": [{"text": "Marte", "right": False}, {"text": "Júpiter", "right": True},
                 {"text": "Venus", "right": False}, {"text": "Tierra", "right": False}]},
    {"kind": "truefalse", "question": "Júpiter es un planeta", "answer": True},
]
RIGHT = ["B", "A"]  # each question's right tile


@pytest.fixture
def stepped_classroom(start_server, tmp_path):
    """adivina in classroom mode under the shim: the server, its host key and `step(seconds)`,
    which sets how far its wall clock is from the real one."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the wall-clock shim is an LD_PRELOAD library: Linux only")
    compiler = next((shutil.which(name) for name in ("cc", "clang", "gcc") if shutil.which(name)), None)
    if compiler is None:
        pytest.skip("no C compiler (cc, clang or gcc) on PATH to build support/wallclock_shift.c")
    library = tmp_path / "wallclock_shift.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE",
                    "-o", str(library), str(SHIM), "-ldl"], check=True, timeout=120)
    shift = tmp_path / "wallclock_shift"
    shift.write_bytes(b"+00000000000\n")

    def step(seconds):
        # In place and fixed width: the shim keeps the file open and reads it on every clock read.
        with open(shift, "r+b") as file:
            file.write(f"{seconds:+012d}\n".encode())

    env = {**os.environ, "LD_PRELOAD": str(library), "WALLCLOCK_SHIFT_FILE": str(shift)}
    server = start_server("--classroom", env=env)
    line = wait_until(lambda: next((l for l in server.output if l.startswith("Clave de anfitrión:")), None),
                      timeout=10, message="the host key in the output of adivina")
    return server, line.split(":", 1)[1].strip(), step


def server_clocks(server):
    """The server's wall clock (its HTTP `Date`) and the round's clock (`/api/classroom/time`),
    in seconds since 1970."""
    with urllib.request.urlopen(server.url("/api/classroom/time"), timeout=10) as response:
        wall = email.utils.parsedate_to_datetime(response.headers["Date"]).timestamp()
        return wall, json.loads(response.read())["now"] / 1000


def assert_stepped(server, shift):
    """The server's wall clock is `shift` seconds from this machine's, its round's clock is not."""
    wall, rounds = server_clocks(server)
    real = time.time()
    assert abs(wall - (real + shift)) < 120, f"the server's wall clock is {wall - real:+.0f} s off, not {shift:+d} s"
    assert abs(rounds - real) < 120, f"the round's clock followed the wall clock: {rounds - real:+.0f} s off"


def round_clock_ms(server):
    return server_clocks(server)[1] * 1000


def wait_open(server, number):
    """Question `number` open on the server and its 3-2-1 over a second ago or more (on the
    round's clock), so an answer's speed points are below the maximum. Returns its `startsAt`."""
    opened = wait_until(lambda: (lambda s: s["open"] if (s.get("open") or {}).get("number") == number else None)(room(server)),
                        message=f"question {number} open")
    wait_until(lambda: round_clock_ms(server) >= opened["startsAt"] + 1000, message=f"question {number}'s 3-2-1 over")
    return opened["startsAt"]


def tile(phone, letter):
    return phone.locator("#question-screen .tile").filter(has_text=re.compile(f"^{letter}")).first


def countdowns_sane(pages):
    """Every page's countdown shows a time within the question's: never 0 (a deadline an hour
    gone) nor an hour (one an hour away)."""
    for page, countdown in pages:
        expect(page.locator(f"#{countdown}")).to_be_visible()
        seconds = int(page.locator(f"#{countdown} .countdown-seconds").inner_text())
        assert 1 <= seconds <= SECONDS, f"{countdown}: {seconds} s"


def answer(server, phone, letter, last=False):
    """Taps `letter` on `phone`; the answer is taken (the `last` one closes the question: its
    verdict). Returns the round's clock (ms) just before and just after, the bounds of when the
    server took it."""
    before = round_clock_ms(server)
    tile(phone, letter).click()
    if last:
        expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!")
    else:
        expect(phone.locator("#answer-status")).to_have_text("Respuesta enviada. Espera a que se cierre la pregunta.")
    after = round_clock_ms(server)
    expect(phone.get_by_text(re.compile("cuenta atrás|Se acabó el tiempo"))).to_have_count(0)
    return before, after


def speed_points(elapsed_ms):
    """RoundTiming's speed points for a right answer `elapsed_ms` after the opening."""
    share = min(max(elapsed_ms / (SECONDS * 1000), 0), 1)
    return math.floor(1000 * (1 - share / 2) + 0.5)


def still_open(server, host, number):
    state = room(server)
    assert state["phase"] == "playing" and (state.get("open") or {}).get("number") == number, state
    assert (state.get("chart") or {}).get("question") != number, state["chart"]  # the last one's, if any
    expect(host.locator("#next")).to_have_text("Mostrar respuesta")


def timed_round(server, key, new_context, names):
    """The host's page and a phone for each of `names`, joined, on the first question of a
    host-paced round of QUIZZES with SECONDS and speed points."""
    assert_stepped(server, 0)
    host = open_host(new_context, server, key)
    phones = [join_class(new_context().new_page(), server, name) for name in names]
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Planetas", "quizzes": QUIZZES})
    assert status == 201, body
    status, body = call(host, "POST", "/api/classroom/host/game",
                        {"game": "quizzes", "set": body["id"], "seconds": SECONDS, "speedPoints": True})
    assert status == 200, body
    expect(host.locator("#round-choice")).to_have_text(f"Ronda: Planetas ({len(QUIZZES)} preguntas)")
    host.locator("#start").click()
    return host, phones


def test_a_stepped_wall_clock_neither_refuses_answers_nor_closes_the_question(stepped_classroom, new_context):
    server, key, step = stepped_classroom
    names = ["Ana", "Bea", "Carla"]
    host, phones = timed_round(server, key, new_context, names)
    starts = wait_open(server, 1)
    for phone in phones:
        expect(phone.locator("#question-screen .tile")).to_have_count(4)
    taken = {}

    # Back an hour: Ana's answer is taken, the question stays open, every countdown is the same,
    # also on a page that learns the server's time after the step.
    step(-HOUR)
    assert_stepped(server, -HOUR)
    phones[2].reload()
    expect(phones[2].locator("#question-screen .tile")).to_have_count(4)
    countdowns_sane([(phones[0], "player-countdown"), (phones[2], "player-countdown"), (host, "host-countdown")])
    taken["Ana"] = answer(server, phones[0], RIGHT[0])
    still_open(server, host, 1)

    # Forward an hour (two from there): Bea's answer is taken and the question still waits for
    # Carla (every answer checks what is due: a wall-clock deadline would close it now).
    step(HOUR)
    assert_stepped(server, HOUR)
    phones[1].reload()
    expect(phones[1].locator("#question-screen .tile")).to_have_count(4)
    countdowns_sane([(phones[1], "player-countdown"), (phones[2], "player-countdown"), (host, "host-countdown")])
    taken["Bea"] = answer(server, phones[1], RIGHT[0])
    still_open(server, host, 1)

    # The last answer closes it, as it should: the chart, every verdict with its speed points.
    taken["Carla"] = answer(server, phones[2], RIGHT[0], last=True)
    expect(host.locator("#host-chart")).to_be_visible()
    expect(host.locator("#next")).to_have_text("Siguiente pregunta")
    scores = {player["name"]: player["score"] for player in room(server)["players"]}
    for name, phone in zip(names, phones):
        before, after = taken[name]
        most, least = speed_points(before - starts), speed_points(after - starts)
        assert least <= scores[name] <= most < 1000, (name, scores[name], least, most)
        expect(phone.locator("#verdict-title")).to_have_text("¡Correcto!")
        expect(phone.locator("#verdict-points")).to_have_text(f"+{scores[name]} puntos")

    # Question 2 opens an hour ahead and the clock steps back two hours: Ana's answer is taken,
    # and the question closes when the host shows the answer, not before.
    host.locator("#next").click()
    starts = wait_open(server, 2)
    step(-HOUR)
    assert_stepped(server, -HOUR)
    expect(phones[0].locator("#question-screen .tile")).to_have_count(2)
    countdowns_sane([(phones[0], "player-countdown"), (host, "host-countdown")])
    before, after = answer(server, phones[0], RIGHT[1])
    still_open(server, host, 2)
    host.locator("#next").click()
    expect(host.locator("#host-chart")).to_be_visible()
    expect(phones[0].locator("#verdict-title")).to_have_text("¡Correcto!")
    expect(phones[2].locator("#verdict-title")).to_have_text("Sin respuesta")
    gained = {player["name"]: player["score"] for player in room(server)["players"]}
    assert speed_points(after - starts) <= gained["Ana"] - scores["Ana"] <= speed_points(before - starts) < 1000, gained
    assert gained["Bea"] == scores["Bea"] and gained["Carla"] == scores["Carla"], gained


def test_a_player_with_no_stream_holds_the_question_for_30_seconds_whatever_the_wall_clock(stepped_classroom, new_context):
    """A player with no open event stream is away after 30 s on the monotonic clock, not at once
    when the wall clock steps forward: until then the question waits for them (here Dani, who
    joins by the API and never opens a stream, while Ana has answered)."""
    server, key, step = stepped_classroom
    host, (ana,) = timed_round(server, key, new_context, ["Ana"])
    wait_open(server, 1)
    status, body = server.request("POST", "/api/classroom/join", {"name": "Dani"})
    assert status == 201, body
    joined = time.monotonic()
    step(HOUR)
    assert_stepped(server, HOUR)
    tile(ana, RIGHT[0]).click()  # (on a slow machine Dani may be away already: then it closes now)
    # Everyone else has answered: the question closes when Dani is away, 30 s after the join
    # (the bound leaves the join's reply its time; the wall clock's step made it 5 s).
    expect(host.locator("#host-chart")).to_be_visible(timeout=120_000)
    waited = time.monotonic() - joined
    state = room(server)
    assert [(p["name"], p["away"]) for p in state["players"]] == [("Ana", False), ("Dani", True)], state["players"]
    assert waited >= 25, f"Dani was away {waited:.1f} s after joining: the wall clock's step, not 30 s"
    expect(ana.locator("#verdict-title")).to_have_text("¡Correcto!")
