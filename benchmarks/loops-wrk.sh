#!/usr/bin/env bash
# One event loop against several: `adivina --loops N` (release) for each N, same run, wrk -t1 -c64
# on loopback, on a WebRoot file (GET /css/ios.css) and the JSON state route
# (GET /api/quizzes/state). Rounds alternate the loop counts so a busy neighbour hurts each alike.
#
# Usage: benchmarks/loops-wrk.sh [rounds] [seconds] [loop counts…]   (default 5 rounds of 5 s, 1 2)
#   ADIVINA_BIN   a release adivina already built (default: builds this package's)
# Needs: wrk (apt-get install -y wrk).
# Prints every measurement (round, loops, path, req/s, server CPU µs per request from
# /proc/PID/stat, the load average before it), then the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-5}
counts=(1 2)
if [ $# -gt 2 ]; then counts=("${@:3}"); fi
command -v wrk >/dev/null || { echo "missing wrk (apt-get install -y wrk)" >&2; exit 1; }

if [ -n "${ADIVINA_BIN:-}" ]; then
  bin=$ADIVINA_BIN
else
  echo "== building adivina (release)"
  swift build -c release --product adivina 2>&1 | tail -1
  bin="$(swift build -c release --show-bin-path)/adivina"
fi
work=$(mktemp -d)
paths=(/css/ios.css /api/quizzes/state)

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

declare -A port pid
next=8291
for loops in "${counts[@]}"; do
  port[$loops]=$next
  "$bin" --port "$next" --loops "$loops" --data-dir "$work/data-$loops" > "$work/adivina-$loops.log" 2>&1 &
  pid[$loops]=$!; pids+=($!)
  next=$((next + 1))
done
for loops in "${counts[@]}"; do
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:${port[$loops]}/api/quizzes/state" 2>/dev/null | grep -q '"loading":false' && break
    sleep 0.2
  done
  for path in "${paths[@]}"; do
    curl -fsS -o /dev/null "http://127.0.0.1:${port[$loops]}$path" || { echo "--loops $loops does not serve $path" >&2; exit 1; }
  done
done

source benchmarks/wrk-measure.sh
measure() { wrk_measure "${pid[$1]}" "http://127.0.0.1:${port[$1]}$2" "--loops $1 $2"; }  # loops path

echo "== warm-up"
for loops in "${counts[@]}"; do
  for path in "${paths[@]}"; do wrk -t1 -c64 -d1s "http://127.0.0.1:${port[$loops]}$path" >/dev/null; done
done

results="$work/results.tsv"
echo "== $rounds rounds of ${seconds}s, wrk -t1 -c64; columns: round loops path req/s CPU-µs/request load"
for round in $(seq "$rounds"); do
  for path in "${paths[@]}"; do
    for loops in "${counts[@]}"; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$loops" "$path" "$(measure "$loops" "$path")" "$load" | tee -a "$results"
    done
  done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().split("\n") if line]
counts = sorted({r[1] for r in rows}, key=int)
paths = list(dict.fromkeys(r[2] for r in rows))
print("\n== medians: req/s (server CPU µs per request); load average " +
      f"{min(float(r[5]) for r in rows):.1f}–{max(float(r[5]) for r in rows):.1f}")
for n in counts:
    cells = []
    for p in paths:
        mine = [r for r in rows if r[1] == n and r[2] == p]
        cells.append(f"{p} {statistics.median(float(r[3]) for r in mine):>8.0f} "
                     f"({statistics.median(float(r[4]) for r in mine):.1f} µs)")
    print(f"--loops {n:<3} " + "   ".join(cells))
PY
