"""What the classroom benchmarks share (classroom.py, classroom-rounds.py, timed-question.py):
starting `adivina --classroom`, its host's and players' requests over keep-alive connections,
the leaderboard viewers of benchmarks/sse-viewers.c, reading event streams, the options and the
failure report."""
import argparse
import http.client
import json
import os
import random
import select
import subprocess
import threading
import time

STREAM = b"GET /api/events?topics=classroom HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"


def now():
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def request(connection, method, path, body=None, headers=None):
    """One request on a keep-alive connection; returns (status, parsed JSON or None, headers)."""
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Content-Type": "application/json"} if data is not None else {}
    all_headers.update(headers or {})
    connection.request(method, path, body=data, headers=all_headers)
    response = connection.getresponse()
    payload = response.read()
    try:
        parsed = json.loads(payload) if payload else None
    except ValueError:
        parsed = None
    return response.status, parsed, response


def split_events(buffer):
    """The complete events in `buffer` as (id, name, data) and the unparsed rest."""
    events = []
    while True:
        end = buffer.find(b"\n\n")
        if end < 0:
            return events, buffer
        block, buffer = buffer[:end], buffer[end + 2:]
        event_id, name, data = None, b"message", []
        for line in block.split(b"\n"):
            if line.startswith(b"id: "):
                event_id = int(line[4:])
            elif line.startswith(b"event: "):
                name = line[7:]
            elif line.startswith(b"data: "):
                data.append(line[6:])
        if event_id is not None and data:
            events.append((event_id, name, b"\n".join(data)))


def build_viewers(directory):
    """Compiles benchmarks/sse-viewers.c (the viewers, in C: see its header) into `directory`."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sse-viewers.c")
    binary = os.path.join(directory, "sse-viewers")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-Wall", "-Werror", "-o", binary, source], check=True)
    return binary


def start_viewers(binary, port, count):
    """One sse-viewers process with `count` streams; returns it once every stream had an event."""
    process = subprocess.Popen([binary, str(port), str(count), STREAM.decode()], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    readable, _, _ = select.select([process.stdout], [], [], 120)
    line = process.stdout.readline() if readable else ""
    if line != "ready\n":
        process.kill()
        raise RuntimeError(f"sse-viewers did not get ready: {line!r}")
    return process


def start_viewer_shards(binary, port, count, shards):
    """`count` streams spread over `shards` sse-viewers processes; returns the processes."""
    sizes = [count // shards + (1 if i < count % shards else 0) for i in range(shards)]
    return [start_viewers(binary, port, size) for size in sizes if size > 0]


def join_players(api, count, failures):
    """Joins players "Jugador 1"…"Jugador `count`" over the connection `api`; returns their
    (name, cookie) pairs; a refused join goes into `failures`."""
    players = []
    for number in range(1, count + 1):
        status, body, response = request(api, "POST", "/api/classroom/join", {"name": f"Jugador {number}"})
        if status != 201:
            failures.append(f"join {number}: {status} {body}")
            continue
        players.append((body["name"], response.getheader("Set-Cookie").split(";")[0]))
    return players


def stop_viewers(process):
    """Stops an sse-viewers process; returns its streams' arrivals (id -> time) and closed count."""
    output, _ = process.communicate(input="", timeout=60)
    arrivals, closed = [], 0
    for line in output.splitlines():
        if line.startswith("closed "):
            closed = int(line[7:])
        elif line.startswith("stream "):
            arrivals.append({})
        else:
            event_id, at = line.split()
            arrivals[-1][int(event_id)] = float(at)
    return {"arrivals": arrivals, "closed": closed}


def run_players(port, players, questions, seconds, start_at, seed, results):
    """Each player (name, cookie) on its own thread and connection answers `questions`
    questions of a self-paced round in order at random times in [start_at, start_at + seconds]
    (opening each, `POST /api/classroom/round/open`, then answering it with one option,
    `POST /api/classroom/round/answer`); records every answer (the time of the answer's request)."""
    answers, failures = [], []
    lock = threading.Lock()

    def play(index, name, cookie):
        generator = random.Random(seed * 100_003 + index)
        times = sorted(generator.uniform(0, seconds) for _ in range(questions))
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        for number, offset in enumerate(times, start=1):
            delay = start_at + offset - now()
            if delay > 0:
                time.sleep(delay)
            try:
                request(connection, "POST", "/api/classroom/round/open", {"question": number}, {"Cookie": cookie})
                sent = now()
                status, body, _ = request(connection, "POST", "/api/classroom/round/answer",
                                          {"question": number, "answer": [generator.randrange(4)]}, {"Cookie": cookie})
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    failures.append(f"{name}: {error}")
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            received = now()
            if status != 200:
                with lock:
                    failures.append(f"{name}: {status} {body}")
                continue
            mine.append((name, sent, received, bool(body.get("result"))))
        with lock:
            answers.extend(mine)

    threads = [threading.Thread(target=play, args=(index, name, cookie))
               for index, (name, cookie) in enumerate(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put({"answers": answers, "failures": failures})


def start_classroom(binary, data, probe_log=None):
    """Starts `binary --classroom` on a free loopback port with `data` as its data directory
    (and the main actor probe writing to `probe_log`, if given); returns (process, port, host key)
    once it has printed its address and key."""
    environment = dict(os.environ)
    if probe_log:
        environment["ADIVINA_MAIN_ACTOR_PROBE"] = "1"
    server = subprocess.Popen(
        [binary, "--classroom", "--host", "127.0.0.1", "--port", "0", "--data-dir", data],
        stdout=subprocess.PIPE, stderr=probe_log or subprocess.DEVNULL, text=True, env=environment)
    first = server.stdout.readline().strip()
    server.stdout.readline()
    key = server.stdout.readline().strip().split(": ", 1)[1]
    return server, int(first.rsplit(":", 1)[1].strip("/")), key


def start_self_paced_trivia(api, key, failures, label="host"):
    """As the host (key `key`), over the connection `api`: picks trivia, self-paced, and starts;
    a refusal goes into `failures`, prefixed with `label`."""
    host = {"X-Host-Key": key}
    for method, path, body in [("POST", "/api/classroom/host/game", {"game": "trivia"}),
                               ("PUT", "/api/classroom/host/pace", {"selfPaced": True}),
                               ("POST", "/api/classroom/host/start", None)]:
        status, reply, _ = request(api, method, path, body, host)
        if status != 200:
            failures.append(f"{label} {path}: {status} {reply}")


def report_failures(failures):
    """Prints how many failures there were and the first 20; the exit status they give."""
    print(f"failures: {len(failures)}")
    for failure in failures[:20]:
        print("  " + failure)
    return 1 if failures else 0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def classroom_options(description, players, viewers, seconds):
    """The options every classroom benchmark takes, with these defaults; returns the parser."""
    parser = argparse.ArgumentParser(description=description.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/adivina")
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--viewers", type=int, default=viewers)
    parser.add_argument("--shards", type=int, default=4, help="sse-viewers processes")
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=seconds, help="time over which a round's answers come")
    parser.add_argument("--seed", type=int, default=1)
    return parser


def memory_kib(pid):
    """The memory fields of process `pid` (/proc/PID/status: VmRSS, VmHWM, RssAnon, RssFile,
    RssShmem), in KiB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem"):
                fields[name] = int(value.split()[0])
    return fields
