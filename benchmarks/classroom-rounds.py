#!/usr/bin/env python3
"""Memory of a classroom over many rounds: does `adivina` grow from round to round?

Starts the release `adivina --classroom` (as benchmarks/classroom.py does, whose pieces it
uses), reads its resident memory idle, joins --players players, opens --viewers leaderboard
streams (benchmarks/sse-viewers.c), then plays --rounds self-paced trivia rounds one after the
other: the host picks trivia and starts, every player answers the round's --questions questions
at random times over --seconds seconds, the host ends the round (the scores go into the ranking,
as a class would do, unless --no-ranking). After each round, once the server is quiet, it reads the server's
resident memory (VmRSS, /proc/PID/status) and its peak (VmHWM).

Prints the memory idle, with everybody joined, after each round, and the growth from the end of
round 2 (the first rounds fill caches and pools that are then reused) to the end of the last;
every request's failure and every viewer the server closed count as failures.

Usage: benchmarks/classroom-rounds.py [--binary .build/release/adivina] [--players 300]
       [--viewers 2000] [--rounds 10] [--questions 10] [--seconds 10] [--shards 4] [--seed 1]
       [--no-ranking]
"""
import http.client
import multiprocessing
import shutil
import sys
import tempfile
import time

from classroom_kit import (build_viewers, classroom_options, join_players, memory_kib, now, report_failures, request,
                       run_players, start_classroom, start_self_paced_trivia, start_viewer_shards, stop_viewers)


def play_round(port, key, players, arguments, number, failures):
    """One self-paced trivia round from pick to podium; failures go into `failures`."""
    api = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start_self_paced_trivia(api, key, failures, label=f"round {number}, host")
    start_at = now() + 0.5
    results = multiprocessing.Queue()
    shard = (len(players) + 1) // 2
    drivers = [multiprocessing.Process(target=run_players, args=(
        port, players[i:i + shard], arguments.questions, arguments.seconds, start_at,
        arguments.seed + number, results)) for i in range(0, len(players), shard)]
    for process in drivers:
        process.start()
    answers = 0
    for _ in drivers:
        result = results.get(timeout=arguments.seconds + 120)
        answers += len(result["answers"])
        failures += [f"round {number}, {failure}" for failure in result["failures"]]
    for process in drivers:
        process.join()
    ending = None if arguments.save_to_ranking else {"saveToRanking": False}
    status, reply, _ = request(api, "POST", "/api/classroom/host/end", ending, {"X-Host-Key": key})
    if status != 200:
        failures.append(f"round {number}, host end: {status} {reply}")
    api.close()
    return answers


def main():
    parser = classroom_options(__doc__, players=300, viewers=2000, seconds=10.0)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--no-ranking", dest="save_to_ranking", action="store_false",
                        help="end each round without saving its scores into the ranking")
    arguments = parser.parse_args()
    assert arguments.players <= 300 and arguments.viewers <= 5000 and arguments.rounds <= 50, "bounded runs only"

    data = tempfile.mkdtemp(prefix="adivina-classroom-rounds-")
    viewers, failures = [], []
    server = None
    try:
        viewer_binary = build_viewers(data)
        server, port, key = start_classroom(arguments.binary, data)
        time.sleep(1.0)
        idle = memory_kib(server.pid)["VmRSS"]
        api = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        players = join_players(api, arguments.players, failures)
        api.close()
        viewers = start_viewer_shards(viewer_binary, port, arguments.viewers, arguments.shards)
        time.sleep(1.0)
        joined = memory_kib(server.pid)["VmRSS"]
        print(f"idle {idle / 1024:.1f} MB; {len(players)} players and {arguments.viewers} viewers in: {joined / 1024:.1f} MB",
              flush=True)
        after = []
        for number in range(1, arguments.rounds + 1):
            answers = play_round(port, key, players, arguments, number, failures)
            time.sleep(1.0)  # the last events reach every viewer; the server is quiet
            memory = memory_kib(server.pid)
            after.append(memory["VmRSS"])
            print(f"round {number:2}: {answers} answers, resident {memory['VmRSS'] / 1024:.1f} MB "
                  f"(anonymous {memory['RssAnon'] / 1024:.1f}, files {memory['RssFile'] / 1024:.1f}, "
                  f"shared {memory['RssShmem'] / 1024:.1f}), peak {memory['VmHWM'] / 1024:.1f} MB", flush=True)
        shards = [stop_viewers(process) for process in viewers]
        dropped = sum(shard["closed"] for shard in shards)
        if dropped:
            failures.append(f"{dropped} viewer streams closed by the server")
    finally:
        for process in viewers:
            if process.poll() is None:
                process.kill()
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)

    if len(after) >= 3:
        growth = after[-1] - after[1]
        print(f"growth from the end of round 2 to the end of round {len(after)}: {growth / 1024:+.1f} MB "
              f"({growth / (len(after) - 2):+.0f} KiB a round)")
    return report_failures(failures)


if __name__ == "__main__":
    sys.exit(main())
