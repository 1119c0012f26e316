#!/usr/bin/env python3
"""Classroom benchmark: one room, many players answering at random times, many leaderboard viewers.

Starts the release `adivina --classroom` on loopback (port 0, a temporary data directory), joins
--players players (each with their own cookie), opens --viewers event streams on topic
`classroom` from --shards processes of benchmarks/sse-viewers.c (C and epoll, built with cc at
the start: Python viewers took more CPU than the server they measure), has the host pick trivia,
go self-paced and start the round; then every player answers the round's --questions questions
at random times spread over --seconds seconds (from --player-shards processes, one keep-alive
connection and one thread per player).

Measures, with CLOCK_MONOTONIC (the same clock in every process on this machine):
  * delivery: for every score change (a player's k-th right answer), the time from the answer's
    request being sent to the arrival, at each viewer, of the first leaderboard event that shows
    it; p50/p99/max over all (change, viewer) pairs (goal p99 <= 200 ms);
  * answer -> score on the leaderboard: the same, p50 (goal <= 20 ms), also at one reference
    viewer only;
  * failures: every request's status (join, host, answers) and every viewer kept to the end
    (a viewer the server drops, or one that misses an event, is a failure).

Which event first shows a change is found by one reference stream that parses every event.
Arrival times are taken once per epoll return, as in sse-fanout.py.

With --probe the server runs with ADIVINA_MAIN_ACTOR_PROBE set (see MainActorProbe.swift): over
the answering window it reports the main actor's queue wait (p50/p99/max of a turn asked every
millisecond), the share of those asks that waited over 1 ms (the main actor busy, or its thread
not running on a loaded machine), and the server's CPU time over wall time (in cores).

Usage: benchmarks/classroom.py [--binary .build/release/adivina] [--players 200] [--viewers 1000]
       [--shards 4] [--player-shards 2] [--questions 10] [--seconds 20] [--seed 1] [--probe]
"""
import http.client
import json
import multiprocessing
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from classroom_kit import (STREAM, build_viewers, classroom_options, join_players, now, percentile, report_failures,
                           run_players, split_events, start_classroom, start_self_paced_trivia, start_viewer_shards,
                           stop_viewers)



def apply_patch(snapshot, patch):
    """A `classroom.patch` event applied to a snapshot (the format of WebRoot/js/snapshot-patch.js)."""
    result = dict(snapshot)
    result.update(patch.get("set", {}))
    for field, change in patch.get("lists", {}).items():
        removed = set(change.get("remove", []))
        rows = [row for row in result.get(field, []) if row["id"] not in removed]
        position = {row["id"]: index for index, row in enumerate(rows)}
        for row in change.get("upsert", []):
            if row["id"] in position:  # only the fields that changed: merged into the row
                rows[position[row["id"]]] = {**rows[position[row["id"]]], **row}
            else:
                position[row["id"]] = len(rows)
                rows.append(row)
        for key in reversed(change.get("sort", [])):  # stable sorts, last key first
            rows.sort(key=lambda row: row[key.lstrip("-")], reverse=key.startswith("-"))
        result[field] = rows
    return result


def run_reference(port, stop, events):
    """One stream that keeps every event's id and data (to find which event shows a change)."""
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(STREAM)
    connection.settimeout(0.1)
    buffer, header = b"", False
    while not stop.is_set():
        try:
            chunk = connection.recv(1 << 20)
        except socket.timeout:
            continue
        if not chunk:
            break
        arrival = now()
        buffer += chunk
        if not header:
            head = buffer.find(b"\r\n\r\n")
            if head < 0:
                continue
            buffer, header = buffer[head + 4:], True
        parsed, buffer = split_events(buffer)
        for event_id, name, data in parsed:
            events.append((event_id, arrival, name, data))


def probe_report(path, start, end):
    """The main actor probe's lines between `start` and `end` (CLOCK_MONOTONIC seconds): queue
    wait p50/p99/max in ms, the share of asks that waited over 1 ms, the server's CPU in cores."""
    lines = []
    with open(path) as log:
        for line in log:
            parts = line.split()
            if len(parts) >= 3 and parts[0] == "main-actor-probe" and start <= float(parts[1]) <= end + 1:
                lines.append((float(parts[1]), int(parts[2]), parts[3] if len(parts) > 3 else ""))
    waits = [int(w) / 1000 for _, _, field in lines for w in field.split(",") if w]
    if len(lines) < 2 or not waits:
        return "main actor probe: no samples"
    cores = (lines[-1][1] - lines[0][1]) / os.sysconf("SC_CLK_TCK") / (lines[-1][0] - lines[0][0])
    waited = sum(1 for w in waits if w > 1) / len(waits)
    return (f"main actor queue wait: p50 {percentile(waits, 0.5):.2f} ms, p99 {percentile(waits, 0.99):.2f} ms, "
            f"max {max(waits):.1f} ms over {len(waits)} probes, {waited * 100:.1f} % over 1 ms; "
            f"server CPU {cores:.2f} cores")


def main():
    parser = classroom_options(__doc__, players=200, viewers=1000, seconds=20.0)
    parser.add_argument("--player-shards", type=int, default=2)
    parser.add_argument("--probe", action="store_true", help="report the main actor's queue wait")
    arguments = parser.parse_args()
    assert arguments.players <= 300 and arguments.viewers <= 5000 and arguments.seconds <= 120, "bounded runs only"

    data = tempfile.mkdtemp(prefix="adivina-classroom-bench-")
    try:
        viewer_binary = build_viewers(data)
    except subprocess.CalledProcessError:
        shutil.rmtree(data, ignore_errors=True)
        raise
    viewers = []
    probe_path = os.path.join(data, "probe.log")
    probe_log = open(probe_path, "w") if arguments.probe else None
    server, port, key = start_classroom(arguments.binary, data, probe_log)
    probe, answered_at = None, None
    failures = []
    try:
        api = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

        players = join_players(api, arguments.players, failures)
        stop = threading.Event()
        viewers = start_viewer_shards(viewer_binary, port, arguments.viewers, arguments.shards)
        reference_events = []
        reference = threading.Thread(target=run_reference, args=(port, stop, reference_events))
        reference.start()

        start_self_paced_trivia(api, key, failures)

        start_at = now() + 1.0
        player_results = multiprocessing.Queue()
        shard_size = (len(players) + arguments.player_shards - 1) // arguments.player_shards
        drivers = [multiprocessing.Process(target=run_players, args=(
            port, players[i:i + shard_size], arguments.questions, arguments.seconds, start_at,
            arguments.seed, player_results)) for i in range(0, len(players), shard_size)]
        for process in drivers:
            process.start()
        answers = []
        for _ in drivers:
            result = player_results.get(timeout=arguments.seconds + 120)
            answers += result["answers"]
            failures += result["failures"]
        for process in drivers:
            process.join()
        answered_at = now()
        time.sleep(1.0)  # let the last events reach every viewer
        stop.set()
        shards = [stop_viewers(process) for process in viewers]
        reference.join()
    finally:
        for process in viewers:
            if process.poll() is None:
                process.kill()
        server.terminate()
        server.wait(timeout=10)
        if probe_log:
            probe_log.close()
            if answered_at:
                probe = probe_report(probe_path, start_at, answered_at)
        shutil.rmtree(data, ignore_errors=True)

    # Which event first shows each player's k-th right answer.
    first_event = {}  # (name, score) -> event id
    board = {}
    patch_bytes, whole_bytes = [], []
    for event_id, _, kind, data in sorted(reference_events):
        if kind == b"classroom.patch":
            board = apply_patch(board, json.loads(data))
            patch_bytes.append(len(data))
        else:
            board = json.loads(data)
            whole_bytes.append(len(data))
        for row in board["players"]:
            for score in range(1, row["score"] + 1):
                first_event.setdefault((row["name"], score), event_id)
    changes = []  # (send time, receive time, event id)
    rights = {}
    for name, sent, received, right in sorted(answers, key=lambda a: a[1]):
        if right:
            rights[name] = rights.get(name, 0) + 1
            event_id = first_event.get((name, rights[name]))
            if event_id is None:
                failures.append(f"{name}'s score {rights[name]} never appeared on the leaderboard")
            else:
                changes.append((sent, received, event_id))

    streams = [stream for shard in shards for stream in shard["arrivals"]]
    dropped = sum(shard["closed"] for shard in shards)
    latencies, missing = [], 0
    for stream in streams:
        for sent, _, event_id in changes:
            arrival = stream.get(event_id)
            if arrival is None:
                missing += 1
            else:
                latencies.append((arrival - sent) * 1000)
    reference_arrival = {event_id: arrival for event_id, arrival, _, _ in reference_events}
    reference_latencies = [(reference_arrival[e] - sent) * 1000 for sent, _, e in changes]
    answer_times = [(received - sent) * 1000 for _, sent, received, _ in answers]
    if dropped:
        failures.append(f"{dropped} viewer streams closed by the server")
    if missing:
        failures.append(f"{missing} (change, viewer) pairs never delivered")

    print(f"players {len(players)}, answers {len(answers)} ({len(changes)} score changes), "
          f"viewers {len(streams)}, leaderboard events {len(reference_events)} "
          f"({len(whole_bytes)} whole, median {statistics.median(whole_bytes or [0]):.0f} B; "
          f"{len(patch_bytes)} patches, median {statistics.median(patch_bytes or [0]):.0f} B)")
    if answer_times:
        print(f"answer request: p50 {percentile(answer_times, 0.5):.1f} ms, p99 {percentile(answer_times, 0.99):.1f} ms")
    if latencies:
        print(f"score change -> every viewer: p50 {percentile(latencies, 0.5):.1f} ms, "
              f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms "
              f"over {len(latencies)} deliveries (goal p99 <= 200 ms)")
        print(f"answer -> score on the leaderboard: p50 {percentile(latencies, 0.5):.1f} ms over all viewers, "
              f"{statistics.median(reference_latencies):.1f} ms at the reference viewer (goal p50 <= 20 ms)")
    if probe:
        print(probe)
    return report_failures(failures)


if __name__ == "__main__":
    sys.exit(main())
