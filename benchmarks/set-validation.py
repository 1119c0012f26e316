"""How long the host's queue is held by a set's validation: the time `adivina --classroom`
takes to answer a full set (200 quizzes with 10 alternatives each, every text at its length
limit), and a set and an import whose one quiz has 6,000 alternatives.

    python3 benchmarks/set-validation.py .build/release/adivina [--rounds 5]

Starts the binary on a free port with a scratch data directory and the printed host key,
sends each request ROUNDS times over one kept-alive connection and prints the median and the
slowest answer time of each, with its status."""
import argparse
import http.client
import json
import statistics
import subprocess
import tempfile
import time


def start(binary, data):
    process = subprocess.Popen(
        [binary, "--classroom", "--port", "0", "--data-dir", data],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(process.stdout.readline().strip().rstrip("/").rsplit(":", 1)[1])
    key = None
    while key is None:
        line = process.stdout.readline()
        if line.startswith("Clave de anfitrión: "):
            key = line.split(": ", 1)[1].strip()
    return process, port, key


def full_set():
    long = "x" * 190
    return {"title": "Completo", "quizzes": [
        {"question": "¿" * 400 + str(number), "answer": f"r{number}",
         "alternatives": [f"{long} {number} {index}" for index in range(10)]}
        for number in range(200)]}


def many_alternatives():
    return {"title": "Muchas", "quizzes": [
        {"question": "¿Pregunta?", "answer": "Respuesta", "alternatives": [f"alternativa {index}" for index in range(6000)]}]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    cases = [
        ("POST /api/classroom/sets: 200 quizzes x 10 alternatives", "/api/classroom/sets", full_set()),
        ("POST /api/classroom/sets: 1 quiz x 6,000 alternatives", "/api/classroom/sets", many_alternatives()),
        ("POST /api/classroom/sets/import: 1 quiz x 6,000 alternatives", "/api/classroom/sets/import?title=Import",
         [dict(id=1, **many_alternatives()["quizzes"][0])]),
    ]
    with tempfile.TemporaryDirectory() as data:
        process, port, key = start(options.binary, data)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            for name, path, payload in cases:
                body = json.dumps(payload).encode()
                times, statuses = [], set()
                for _ in range(options.rounds):
                    started = time.monotonic()
                    connection.request("POST", path, body=body,
                                       headers={"Content-Type": "application/json", "X-Host-Key": key})
                    response = connection.getresponse()
                    response.read()
                    times.append(time.monotonic() - started)
                    statuses.add(response.status)
                print(f"{name} ({len(body) / 1024:.0f} KB): median {statistics.median(times) * 1000:.1f} ms, "
                      f"slowest {max(times) * 1000:.1f} ms, status {sorted(statuses)}")
        finally:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()
