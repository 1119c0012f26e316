#!/usr/bin/env bash
# The portable readiness backend (poll(2), a self-pipe, one acceptor handing connections to the
# loops: what a Mac runs) beside epoll, in the same run on the same machine, alternating:
#   1. HTTP: GET /json and GET /app.css (4.5 KB) on HTTPBenchServer with 2 loops, wrk -t1 -c64;
#   2. SSE fan-out: 10,000 event streams on HTTPBenchServer (1 loop), timed broadcasts
#      (benchmarks/sse-fanout.py): delivery p99 and server memory per stream;
#   3. the classroom at its cap: `adivina --classroom` (one loop per core), 300 players answering
#      and 2,000 leaderboard viewers (benchmarks/classroom.py): score change -> every viewer.
#
# Usage: benchmarks/portable-vs-epoll.sh [rounds] [wrk seconds]   (default 3 rounds, 5 s)
#   PARTS="http sse class"   which of the three to run (default all)
# Needs: wrk, cc, python3. Builds both release variants first (.build and .build-portable).
# Prints each measurement, then the medians per backend and the ratios portable/epoll.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-5}
work=$(mktemp -d /tmp/adivina-portable-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

native=(-c release)
portable=(-c release --scratch-path .build-portable -Xcc -DADIVINA_PORTABLE -Xswiftc -DADIVINA_PORTABLE)
for variant in native portable; do
  declare -n flags=$variant
  for product in adivina HTTPBenchServer; do swift build "${flags[@]}" --product "$product" 2>&1 | tail -1; done
done
declare -A bin=([epoll]="$(swift build "${native[@]}" --show-bin-path)" [poll]="$(swift build "${portable[@]}" --show-bin-path)")
if nm -u "${bin[poll]}/adivina" | grep -qE '\b(epoll_[a-z_]+|eventfd|accept4)\b'; then
  echo "the portable build references epoll/eventfd/accept4" >&2; exit 1
fi

head -c 4608 WebRoot/css/ios.css > "$work/app.css"
source benchmarks/wrk-measure.sh
results="$work/results.tsv"
: > "$results"

http_round() {  # backend round
  local backend=$1 round=$2 pid
  "${bin[$backend]}/HTTPBenchServer" --port 8195 --webroot "$work" --loops 2 > "$work/http.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -fsS http://127.0.0.1:8195/json >/dev/null 2>&1 && break; sleep 0.1; done
  wrk -t1 -c64 -d1s http://127.0.0.1:8195/json >/dev/null
  for path in /json /app.css; do
    IFS=$'\t' read -r rps cpu < <(wrk_measure "$pid" "http://127.0.0.1:8195$path" "$backend $path")
    printf '%s\t%s\t%s\t%s\n' "$round" "$backend" "$path req/s" "$rps" | tee -a "$results"
    printf '%s\t%s\t%s\t%s\n' "$round" "$backend" "$path µs CPU/request" "$cpu" | tee -a "$results"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

fanout_round() {
  local backend=$1 round=$2 out
  out=$(python3 benchmarks/sse-fanout.py --server "${bin[$backend]}/HTTPBenchServer" --clients 10000 --broadcasts 10 \
    --interval 0.5 --port 8196)
  python3 - "$round" "$backend" "$out" <<'PY' | tee -a "$results"
import re, sys
round_, backend, out = sys.argv[1:]
p99 = re.search(r"median over broadcasts: p50 ([\d.]+) ms, p99 ([\d.]+) ms", out)
rss = re.search(r"server RSS: ([\d.]+) MiB before, ([\d.]+) MiB with (\d+) idle", out)
print(f"{round_}\t{backend}\tSSE 10k p99 ms\t{p99.group(2)}")
print(f"{round_}\t{backend}\tSSE KiB per stream\t{(float(rss.group(2)) - float(rss.group(1))) * 1024 / int(rss.group(3)):.2f}")
PY
}

classroom_round() {
  local backend=$1 round=$2 out
  out=$(python3 benchmarks/classroom.py --binary "${bin[$backend]}/adivina" --players 300 --viewers 2000 --seed "$round")
  python3 - "$round" "$backend" "$out" <<'PY' | tee -a "$results"
import re, sys
round_, backend, out = sys.argv[1:]
change = re.search(r"score change -> every viewer: p50 ([\d.]+) ms, p99 ([\d.]+) ms", out)
answer = re.search(r"answer request: p50 ([\d.]+) ms, p99 ([\d.]+) ms", out)
failures = re.search(r"failures: (\d+)", out)
print(f"{round_}\t{backend}\tclass change->viewers p50 ms\t{change.group(1)}")
print(f"{round_}\t{backend}\tclass change->viewers p99 ms\t{change.group(2)}")
print(f"{round_}\t{backend}\tclass answer p50 ms\t{answer.group(1)}")
print(f"{round_}\t{backend}\tclass answer p99 ms\t{answer.group(2)}")
print(f"{round_}\t{backend}\tclass failures\t{failures.group(1) if failures else 0}")
PY
}

for round in $(seq "$rounds"); do
  # Alternate which backend goes first, so neither always meets the warmer (or busier) machine.
  order=(epoll poll); [ $((round % 2)) = 0 ] && order=(poll epoll)
  parts=" ${PARTS:-http sse class} "
  if [[ $parts == *" http "* ]]; then for backend in "${order[@]}"; do http_round "$backend" "$round"; done; fi
  if [[ $parts == *" sse "* ]]; then for backend in "${order[@]}"; do fanout_round "$backend" "$round"; done; fi
  if [[ $parts == *" class "* ]]; then for backend in "${order[@]}"; do classroom_round "$backend" "$round"; done; fi
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines() if line]
metrics = list(dict.fromkeys(r[2] for r in rows))
print(f"\n== medians over {max(int(r[0]) for r in rows)} rounds, same machine, same run")
print(f"{'measure':<32} {'epoll':>10} {'poll':>10} {'poll/epoll':>11}")
for metric in metrics:
    med = {b: statistics.median(float(r[3]) for r in rows if r[1] == b and r[2] == metric) for b in ("epoll", "poll")}
    ratio = med["poll"] / med["epoll"] if med["epoll"] else float("nan")
    print(f"{metric:<32} {med['epoll']:>10.2f} {med['poll']:>10.2f} {ratio:>11.2f}")
PY
