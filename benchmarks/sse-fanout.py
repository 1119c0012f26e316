#!/usr/bin/env python3
"""SSE fan-out: many concurrent event-stream clients on HTTPBenchServer, timed broadcasts.

Starts the release HTTPBenchServer (or uses --server-pid/--port of one already running), opens
--clients event streams from --shards processes (stdlib select.epoll, sharded over processes), waits until every client has its opening event, then measures:

  * server memory per idle client: (RSS with every client connected - RSS before) / clients,
    RSS read from /proc/PID/statm;
  * delivery latency per broadcast: POST /broadcast carries "SEQ SENT_NS", CLOCK_MONOTONIC
    nanoseconds (the same clock in every process on this machine); each client records
    arrival - sent; p50/p99/max over all clients, per broadcast, and whether every client got
    every broadcast; and the server CPU time each broadcast cost (/proc/PID/stat).

Usage: benchmarks/sse-fanout.py [--clients 10000] [--shards 4] [--broadcasts 20] [--interval 1] [--loops 1] [--burst 1]

With --burst K each broadcast is K events published back to back (K - 1 fillers, then the timed
one): the server's CPU per broadcast then shows what a burst costs per stream.
Goals: p99 <= 200 ms, <= 16 KB per idle client.
"""
import argparse
import multiprocessing
import os
import resource
import select
import socket
import statistics
import subprocess
import sys
import time

REQUEST = b"GET /events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n"
OPENING_MARK = b'{"connected":true}\n\n'


def run_shard(port, count, ready, go, results):
    """Opens `count` event streams, reports when each has its opening event, then records the
    latency of every broadcast until the coordinator sets `go`.

    Plain `select.epoll` rather than asyncio: asyncio's per-event cost (one process tops out near
    15-20k events/s) would be measured as delivery latency. Arrival time is taken once per
    `poll()` return: every event in that batch was already in its socket by then.
    """
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    poller = select.epoll()
    sockets, buffers, opened_fds = {}, {}, set()
    for _ in range(count):
        for attempt in range(20):
            try:
                connection = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.05 * (attempt + 1))
        else:
            raise RuntimeError("cannot connect")
        connection.sendall(REQUEST)
        connection.setblocking(False)
        sockets[connection.fileno()] = connection
        buffers[connection.fileno()] = b""
        poller.register(connection.fileno(), select.EPOLLIN)

    arrivals, lost = {}, 0
    reported = False
    while not go.is_set():
        ready_fds = poller.poll(0.05)
        now = time.monotonic_ns()
        for fd, _ in ready_fds:
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not data:
                lost += 1
                poller.unregister(fd)
                continue
            buffer = buffers[fd] + data
            if fd not in opened_fds:
                if OPENING_MARK not in buffer:
                    buffers[fd] = buffer
                    continue
                opened_fds.add(fd)
                buffer = buffer.split(OPENING_MARK, 1)[1]
            while True:
                end = buffer.find(b"\n\n")
                if end < 0:
                    break
                event, buffer = buffer[:end], buffer[end + 2:]
                data_at = event.find(b"data: ")
                if data_at >= 0 and event[data_at + 6:data_at + 11] != b"burst":  # "data: SEQ SENT_NS"
                    seq, sent = event[data_at + 6:].split(b"\n", 1)[0].split(b" ")
                    arrivals.setdefault(int(seq), []).append(now - int(sent))
            buffers[fd] = buffer
        if not reported and len(opened_fds) == count:
            ready.put(("opened", count))
            reported = True
    results.put(("arrivals", arrivals, lost))
    for connection in sockets.values():
        connection.close()


def resident_bytes(pid):
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def server_cpu_seconds(pid):
    """utime + stime of the whole process (all threads); the client shards are read the same way."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post_broadcast(port, seq, burst):
    body = b"%d %d" % (seq, time.monotonic_ns())
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(b"POST /broadcast?burst=%d HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n"
                           b"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s" % (burst, len(body), body))
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:100]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=10_000)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--broadcasts", type=int, default=20)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between broadcasts")
    parser.add_argument("--port", type=int, default=8194)
    parser.add_argument("--server", help="HTTPBenchServer binary (default: the release build)")
    parser.add_argument("--loops", type=int, default=1, help="the server's event loops")
    parser.add_argument("--burst", type=int, default=1,
                        help="events per broadcast, published back to back; latency is the last one's")
    args = parser.parse_args()

    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    if limit < args.clients + 100:
        sys.exit(f"the hard open-file limit {limit} is below {args.clients} clients")

    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.server
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "HTTPBenchServer"], cwd=repo, check=True,
                       stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=repo, check=True,
                                  capture_output=True, text=True).stdout.strip()
        binary = os.path.join(bin_path, "HTTPBenchServer")
    server = subprocess.Popen([binary, "--port", str(args.port), "--loops", str(args.loops)], stdout=subprocess.PIPE)
    try:
        print(server.stdout.readline().decode().strip())
        time.sleep(0.5)
        before = resident_bytes(server.pid)

        ready, results = multiprocessing.Queue(), multiprocessing.Queue()
        go = multiprocessing.Event()
        per_shard = [args.clients // args.shards + (1 if i < args.clients % args.shards else 0) for i in range(args.shards)]
        started = time.monotonic()
        shards = [multiprocessing.Process(target=run_shard, args=(args.port, n, ready, go, results)) for n in per_shard]
        for shard in shards:
            shard.start()
        opened = sum(ready.get(timeout=180)[1] for _ in shards)
        connect_seconds = time.monotonic() - started
        idle_cpu_before = server_cpu_seconds(server.pid)
        time.sleep(2.0)  # idle
        idle_cpu_ms_per_s = (server_cpu_seconds(server.pid) - idle_cpu_before) * 1000 / 2.0
        after = resident_bytes(server.pid)
        per_client = (after - before) / opened
        print(f"clients: {opened} event streams open in {connect_seconds:.1f} s")
        print(f"server RSS: {before / 2**20:.1f} MiB before, {after / 2**20:.1f} MiB with {opened} idle clients "
              f"-> {per_client / 1024:.2f} KiB per idle client")

        cpu_before = server_cpu_seconds(server.pid)
        clients_cpu_before = sum(server_cpu_seconds(shard.pid) for shard in shards)
        for seq in range(args.broadcasts):
            post_broadcast(args.port, seq, args.burst)
            time.sleep(args.interval)
        server_cpu_ms = (server_cpu_seconds(server.pid) - cpu_before) * 1000 / args.broadcasts
        clients_cpu_ms = (sum(server_cpu_seconds(shard.pid) for shard in shards) - clients_cpu_before) * 1000 / args.broadcasts
        time.sleep(1.0)  # let the last broadcast arrive
        go.set()
        arrivals, lost = {}, 0
        for _ in shards:
            _, shard_arrivals, shard_lost = results.get(timeout=120)
            lost += shard_lost
            for seq, values in shard_arrivals.items():
                arrivals.setdefault(seq, []).extend(values)
        for shard in shards:
            shard.join()

        print(f"\n{'broadcast':>9} {'received':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        p99s, p50s, maxes, complete = [], [], [], True
        for seq in range(args.broadcasts):
            values = [v / 1e6 for v in arrivals.get(seq, [])]
            complete &= len(values) == opened
            if not values:
                print(f"{seq:>9} {0:>9}")
                continue
            p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
            p50s.append(p50)
            p99s.append(p99)
            maxes.append(max(values))
            print(f"{seq:>9} {len(values):>9} {p50:>8.1f} {p99:>8.1f} {max(values):>8.1f}")
        print(f"\nmedian over broadcasts: p50 {statistics.median(p50s):.1f} ms, p99 {statistics.median(p99s):.1f} ms; "
              f"worst p99 {max(p99s):.1f} ms; max {max(maxes):.1f} ms (median of the broadcasts' max "
              f"{statistics.median(maxes):.1f} ms); every client got every broadcast: {complete}; connections lost early: {lost}")
        print(f"server CPU: {idle_cpu_ms_per_s:.0f} ms/s while the clients idle; "
              f"{server_cpu_ms:.1f} ms per broadcast interval of {args.interval} s (idle share included)")
        print(f"client processes' CPU: {clients_cpu_ms:.1f} ms per broadcast interval (the same two cores); "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"goals: p99 <= 200 ms: {'met' if statistics.median(p99s) <= 200 else 'MISSED'}; "
              f"<= 16 KiB per idle client: {'met' if per_client <= 16 * 1024 else 'MISSED'}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
