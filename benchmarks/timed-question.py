#!/usr/bin/env python3
"""Timed-question benchmark: the classroom at its cap answering a `choice` question against the clock.

Starts the release `adivina --classroom` on loopback, joins --players players (1,000, the room's
cap), opens one event stream per player (their view of the round, topic `round`, with their
cookie, as the class page does), one projector stream (topic `classroom`) and --viewers more
projector and leaderboard viewers (topic `classroom`, from --shards processes of
benchmarks/sse-viewers.c), has the host pick a timed trivia round (four choices a question;
--timer seconds after each question's 3-2-1, speed points) host-paced and start it. For each of
--questions questions, every player answers once (`POST /api/classroom/round/answer`, one
option) at a random moment of the last --window seconds before the question's deadline (the
server's `deadline.endsAt`), from --threads threads on keep-alive connections; then the host
moves on.

Measures, per question and over all of them:
  * verdicts: every answer's status (200 in time, 409 "time is up"; anything else, or no
    answer, is a failure) and its latency, p50/p99;
  * the chart on the projector: from the moment the question closed (its deadline, or the last
    accepted answer if everybody answered before it) to the arrival of the first projector
    event carrying that question's chart; p50/p99/max over questions (goal p99 <= 200 ms);
  * the chart at every viewer: the same, at each of the --viewers streams (the arrival, in
    sse-viewers, of the projector's chart event); p50/p99/max over viewers and questions;
  * the bytes each viewer receives (every stream of topic `classroom` gets the same events),
    per question: all told, the event that opens it, what comes until its chart, the chart's
    event, and what follows it until the next question opens;
  * nothing lost: the chart's right + wrong equals the answers accepted, and every player
    stream and every viewer is still open at the end.

The host moves on --show seconds after the chart reached the projector (the class reads it),
so the close's events are told apart from the next question's.

Also prints the server's resident memory (VmRSS; VmHWM, the peak): idle, with the players and
their streams in, with the viewers too, and after the round; and what one class player costs.

Usage: benchmarks/timed-question.py [--binary .build/release/adivina] [--players 1000]
       [--viewers 3000] [--shards 4] [--questions 10] [--timer 5] [--window 3] [--threads 50]
       [--silent 0] [--show 1] [--seed 1]
  (--silent N: N players never answer, so each question closes when its time is up)
"""
import argparse
import http.client
import json
import random
import selectors
import shutil
import socket
import sys
import tempfile
import threading
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from classroom_kit import (build_viewers, join_players, memory_kib, percentile, report_failures, request, split_events,  # noqa: E402
                           start_classroom, start_viewer_shards, stop_viewers)


def open_stream(port, topics, cookie=None):
    """A raw event-stream socket for `topics`, the response head read."""
    stream = socket.create_connection(("127.0.0.1", port))
    head = f"GET /api/events?topics={topics} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    if cookie:
        head += f"Cookie: {cookie}\r\n"
    stream.sendall((head + "\r\n").encode())
    stream.setblocking(False)
    return stream


def event_bytes(event_id, name, payload):
    """The bytes of one event as the server frames it (`id`, `event` and one `data` line: JSON
    has no newline)."""
    return len(b"id: %d\nevent: %s\ndata: %s\n\n" % (event_id, name, payload))


class Streams(threading.Thread):
    """Reads every stream; records when each question's chart first reaches the projector, and
    every projector event (id, bytes, the question it opens, the question whose chart it carries)."""

    def __init__(self, projector, players):
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.buffers = {}
        self.closed = 0
        self.chart_at = {}   # question -> (wall time, chart, event id)
        self.events = []     # (id, bytes, question opened or None, chart's question or None)
        self.stop = threading.Event()
        self.projector = projector
        for stream in [projector] + players:
            self.selector.register(stream, selectors.EVENT_READ)
            self.buffers[stream] = b""

    def run(self):
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.1):
                stream = key.fileobj
                arrived = time.time()
                try:
                    data = stream.recv(65536)
                except BlockingIOError:
                    continue
                if not data:
                    self.selector.unregister(stream)
                    self.closed += 1
                    continue
                if stream is not self.projector:
                    continue  # a player's stream: read and dropped, as a page would render it
                self.buffers[stream] += data
                body = self.buffers[stream]
                if b"\r\n\r\n" in body and body.startswith(b"HTTP/"):
                    body = body.split(b"\r\n\r\n", 1)[1]
                events, self.buffers[stream] = split_events(body)
                for event_id, name, payload in events:
                    parsed = json.loads(payload)
                    # A whole snapshot has `chart`; a patch has the changed fields under `set`.
                    fields = (parsed.get("set") or {}) if name.endswith(b".patch") else parsed
                    chart, opened = fields.get("chart"), fields.get("open")
                    chart_question = chart.get("question") if isinstance(chart, dict) else None
                    self.events.append((event_id, event_bytes(event_id, name, payload),
                                        opened.get("number") if isinstance(opened, dict) else None, chart_question))
                    if chart_question is not None and chart_question not in self.chart_at:
                        self.chart_at[chart_question] = (arrived, chart, event_id)


def answer_all(port, players, question, deadline, window, threads, rng):
    """Every player answers once at a random moment of the `window` seconds before `deadline`
    (wall clock, s); returns [(status, latency s, response wall time)]."""
    plan = sorted((deadline - window + rng.random() * window, cookie) for cookie in players)
    results, lock = [], threading.Lock()

    def worker(part):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for at, cookie in part:
            delay = at - time.time()
            if delay > 0:
                time.sleep(delay)
            sent = time.time()
            try:
                status, _, _ = request(connection, "POST", "/api/classroom/round/answer",
                                       {"question": question, "answer": [rng.randrange(4)]}, {"Cookie": cookie})
            except (OSError, http.client.HTTPException):
                status = 0
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            done = time.time()
            with lock:
                results.append((status, done - sent, done))

    parts = [plan[index::threads] for index in range(threads)]
    workers = [threading.Thread(target=worker, args=(part,)) for part in parts if part]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    return results


def bytes_per_question(events, questions):
    """Per question, the bytes of the projector's events (what every viewer gets), averaged over
    the questions: all told (from the event that opens it to the one that opens the next), the
    opening's event, the events between it and the chart (the rows the opening reset, and the
    answers' marks), the chart's event and the events after it (the rows the close settled);
    and the counts of events."""
    sizes = {"all told": [], "opening": [], "to the chart": [], "chart": [], "after the chart": []}
    counts = {"to the chart": [], "after the chart": []}
    opening = {}
    for index, (_, _, opened, _) in enumerate(events):
        if opened is not None and opened not in opening:
            opening[opened] = index
    for question in range(1, questions + 1):
        start = opening.get(question)
        chart = next((i for i, event in enumerate(events) if event[3] == question), None)
        if start is None or chart is None:
            continue
        following = opening.get(question + 1, len(events))
        sizes["all told"].append(sum(event[1] for event in events[start:following]))
        sizes["opening"].append(events[start][1])
        sizes["to the chart"].append(sum(event[1] for event in events[start + 1:chart]))
        counts["to the chart"].append(chart - start - 1)
        sizes["chart"].append(events[chart][1])
        sizes["after the chart"].append(sum(event[1] for event in events[chart + 1:following]))
        counts["after the chart"].append(following - chart - 1)
    mean = lambda values: sum(values) / len(values) if values else float("nan")  # noqa: E731
    return {name: mean(values) for name, values in sizes.items()}, {name: mean(values) for name, values in counts.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/adivina")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--viewers", type=int, default=3000)
    parser.add_argument("--shards", type=int, default=4, help="sse-viewers processes")
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--timer", type=int, default=5)
    parser.add_argument("--window", type=float, default=3.0)
    parser.add_argument("--threads", type=int, default=50)
    parser.add_argument("--silent", type=int, default=0, help="players who never answer: the question closes when time is up")
    parser.add_argument("--show", type=float, default=1.0, help="seconds the chart is shown before the host moves on")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    assert arguments.players <= 1000 and arguments.viewers <= 5000 and arguments.questions <= 10
    assert arguments.window < arguments.timer
    rng = random.Random(arguments.seed)

    data = tempfile.mkdtemp(prefix="adivina-timed-bench-")
    viewer_binary = build_viewers(data)
    server, port, key = start_classroom(arguments.binary, data)
    failures, latencies, chart_delays, viewers, closes = [], [], [], [], {}
    wall_to_monotonic = time.monotonic() - time.time()  # sse-viewers times arrivals on CLOCK_MONOTONIC
    try:
        api = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        host = {"X-Host-Key": key}

        idle = memory_kib(server.pid)["VmRSS"]
        joining = time.monotonic()
        cookies = [cookie for _, cookie in join_players(api, arguments.players, failures)]
        joining = time.monotonic() - joining
        streams = Streams(open_stream(port, "classroom"), [open_stream(port, "round", cookie) for cookie in cookies])
        streams.start()
        time.sleep(1)  # the players' streams opened: what the room holds for them
        joined = memory_kib(server.pid)["VmRSS"]
        viewers = start_viewer_shards(viewer_binary, port, arguments.viewers, arguments.shards)
        time.sleep(1)
        watched = memory_kib(server.pid)["VmRSS"]

        game = {"game": "trivia", "seconds": arguments.timer, "speedPoints": True}
        for method, path, body in [("POST", "/api/classroom/host/game", game), ("POST", "/api/classroom/host/start", None)]:
            status, answer, _ = request(api, method, path, body, host)
            if status != 200:
                raise RuntimeError(f"{path}: {status} {answer}")

        for question in range(1, arguments.questions + 1):
            status, state, _ = request(api, "GET", "/api/classroom/state")
            deadline = state["deadline"]["endsAt"] / 1000
            answering = cookies[arguments.silent:]
            results = answer_all(port, answering, question, deadline, arguments.window, arguments.threads, rng)
            accepted = [done for status, _, done in results if status == 200]
            failures += [f"question {question}: answer {status}" for status, _, _ in results if status not in (200, 409)]
            latencies += [latency for _, latency, _ in results]
            closed_at = deadline if len(accepted) < len(cookies) or not accepted else min(deadline, max(accepted))
            waited = time.time() + 5
            while question not in streams.chart_at and time.time() < waited:
                time.sleep(0.01)
            if question not in streams.chart_at:
                failures.append(f"question {question}: no chart on the projector")
            else:
                arrived, chart, _ = streams.chart_at[question]
                chart_delays.append(arrived - closed_at)
                closes[question] = closed_at + wall_to_monotonic
                if chart["right"] + chart["wrong"] != len(accepted):
                    failures.append(f"question {question}: chart counts {chart['right'] + chart['wrong']}, accepted {len(accepted)}")
            print(f"question {question}: {len(accepted)} in time, {len(results) - len(accepted)} late; chart "
                  f"{(chart_delays[-1] * 1000 if chart_delays else float('nan')):.0f} ms after closing", flush=True)
            time.sleep(arguments.show)
            if question < arguments.questions:
                status, answer, _ = request(api, "POST", "/api/classroom/host/next", None, host)
                if status != 200:
                    raise RuntimeError(f"next: {status} {answer}")
        memory = memory_kib(server.pid)
        streams.stop.set()
        streams.join()
        if streams.closed:
            failures.append(f"{streams.closed} streams closed by the server")
        stopped = [stop_viewers(process) for process in viewers]
        dropped = sum(viewer["closed"] for viewer in stopped)
        if dropped:
            failures.append(f"{dropped} viewer streams closed by the server")
        viewer_delays = []
        for question, closed in closes.items():
            chart_id = streams.chart_at[question][2]
            for arrivals in (stream for viewer in stopped for stream in viewer["arrivals"]):
                if chart_id in arrivals:
                    viewer_delays.append(arrivals[chart_id] - closed)
                else:
                    failures.append(f"question {question}: a viewer never got the chart's event {chart_id}")
        sizes, counts = bytes_per_question(streams.events, arguments.questions)
    finally:
        for process in viewers:
            if process.poll() is None:
                process.kill()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)

    ms = lambda values, p: percentile(values, p) * 1000 if values else float("nan")  # noqa: E731
    print(f"players {arguments.players}, viewers {arguments.viewers}, questions {arguments.questions}, "
          f"timer {arguments.timer} s, answers in the last {arguments.window} s")
    print(f"verdict latency: p50 {ms(latencies, 0.5):.1f} ms, p99 {ms(latencies, 0.99):.1f} ms ({len(latencies)} answers)")
    print(f"chart on the projector after closing: p50 {ms(chart_delays, 0.5):.1f} ms, "
          f"p99 {ms(chart_delays, 0.99):.1f} ms, max {max(chart_delays, default=float('nan')) * 1000:.1f} ms")
    print(f"chart at every viewer after closing: p50 {ms(viewer_delays, 0.5):.1f} ms, "
          f"p99 {ms(viewer_delays, 0.99):.1f} ms, max {max(viewer_delays, default=float('nan')) * 1000:.1f} ms "
          f"({len(viewer_delays)} arrivals)")
    print(f"bytes to each viewer a question: {sizes['all told']:.0f} all told; its opening's event {sizes['opening']:.0f}, "
          f"then {sizes['to the chart']:.0f} in {counts['to the chart']:.1f} events; the chart's event {sizes['chart']:.0f}, "
          f"then {sizes['after the chart']:.0f} in {counts['after the chart']:.1f} events")
    print(f"resident memory: idle {idle / 1024:.1f} MB, the players in {joined / 1024:.1f} MB, the viewers too "
          f"{watched / 1024:.1f} MB, after the round {memory['VmRSS'] / 1024:.1f} MB, peak {memory['VmHWM'] / 1024:.1f} MB; "
          f"a class player with their stream {(joined - idle) / max(arguments.players, 1):.0f} KiB")
    print(f"joining the {arguments.players} players one after another: {joining:.1f} s")
    sys.exit(report_failures(failures))


if __name__ == "__main__":
    main()
