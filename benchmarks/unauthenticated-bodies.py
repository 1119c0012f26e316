"""Big bodies from nobody: the memory `adivina --classroom` takes while many connections each
send a big body, without the host key, to the host-only import route.

    python3 benchmarks/unauthenticated-bodies.py .build/release/adivina [--connections 1000] [--megabytes 2]

Starts the binary on a free port with a scratch data directory, then opens CONNECTIONS
connections; each sends the head of `POST /api/classroom/sets/import` announcing MEGABYTES MB
with no `X-Host-Key`, then the body, all connections at once (non-blocking, round-robin). It
prints the process's resident memory (VmRSS from /proc) before, its peak during the attack
(VmHWM), while the connections are still open, and after they are closed; and how the
connections were answered. A server that reads every body before checking the key holds them
all; one that refuses from the head answers 401 at once and reads nothing."""
import argparse
import collections
import os
import selectors
import socket
import subprocess
import tempfile
import time


def memory(pid):
    """VmRSS and VmHWM of `pid`, in MB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def start(binary, data):
    process = subprocess.Popen(
        [binary, "--classroom", "--port", "0", "--data-dir", data],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = process.stdout.readline()
    port = int(first.strip().rstrip("/").rsplit(":", 1)[1])
    return process, port


def attack(port, connections, size):
    """Sends the heads and bodies; returns the sockets (still open) and their answers' status
    lines, counted."""
    head = (f"POST /api/classroom/sets/import?title=x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n").encode()
    body = memoryview(b"[" + b" " * (size - 2) + b"]")
    selector = selectors.DefaultSelector()
    sockets = []
    states = {}
    for _ in range(connections):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(head)
        sock.setblocking(False)
        sockets.append(sock)
        states[sock] = {"sent": 0, "writing": True, "answer": b""}
        selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE)
    deadline = time.monotonic() + 300
    while selector.get_map() and time.monotonic() < deadline:
        for key, events in selector.select(timeout=1):
            sock, state = key.fileobj, states[key.fileobj]
            ended = False
            if events & selectors.EVENT_READ:
                try:
                    chunk = sock.recv(65536)
                except OSError:
                    chunk = b""
                state["answer"] += chunk
                ended = not chunk
            if not ended and events & selectors.EVENT_WRITE and state["writing"]:
                try:
                    state["sent"] += sock.send(body[state["sent"]:state["sent"] + 262144])
                except OSError:
                    state["writing"] = False
                if state["sent"] >= size:
                    state["writing"] = False
                if not state["writing"]:
                    selector.modify(sock, selectors.EVENT_READ)
            answered = b"\r\n\r\n" in state["answer"]
            if ended or (answered and not state["writing"]):
                selector.unregister(sock)
    statuses = collections.Counter(
        state["answer"].split(b"\r\n", 1)[0].decode(errors="replace") or "(no answer)" for state in states.values())
    sent = sum(state["sent"] for state in states.values())
    return sockets, statuses, sent


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--megabytes", type=float, default=2)
    options = parser.parse_args()
    size = int(options.megabytes * 1024 * 1024)
    with tempfile.TemporaryDirectory() as data:
        process, port = start(options.binary, data)
        try:
            time.sleep(1)
            before, _ = memory(process.pid)
            started = time.monotonic()
            sockets, statuses, sent = attack(port, options.connections, size)
            took = time.monotonic() - started
            during, peak = memory(process.pid)
            for sock in sockets:
                sock.close()
            time.sleep(3)
            after, _ = memory(process.pid)
            print(f"{options.connections} connections x {options.megabytes:g} MB without the host key, in {took:.1f} s")
            print(f"body bytes sent before each answer (socket buffers included): {sent / 1048576:.0f} MB; "
                  f"answers: {dict(statuses)}")
            print(f"RSS before {before:.0f} MB, peak {peak:.0f} MB, with the connections open {during:.0f} MB, "
                  f"3 s after closing them {after:.0f} MB")
        finally:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()
