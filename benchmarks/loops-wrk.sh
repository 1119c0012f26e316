#!/usr/bin/env bash
# One event loop against several: `adivina --loops N` (release) for each N, same run, wrk -t1 -c64
# on loopback, on a WebRoot file (GET /css/ios.css) and the JSON state route
# (GET /api/quizzes/state); and nginx (1 worker) serving the same bytes of both as files (the
# state route's answer copied once the quizzes have loaded). Rounds alternate the servers so a
# busy neighbour hurts each alike.
#
# Usage: benchmarks/loops-wrk.sh [rounds] [seconds] [loop counts…]   (default 5 rounds of 5 s, 1 2)
#   ADIVINA_BIN        a release adivina already built (default: builds this package's)
#   ADIVINA_BASELINE   another release adivina (e.g. one built before a change), measured
#                      alongside with the first loop count, as `base-N`
#   NGINX=0            leave nginx out (default: in, if installed)
# Needs: wrk (apt-get install -y wrk), nginx for the peer.
# Prints every measurement (round, server, path, req/s, server CPU µs per request from
# /proc/PID/stat — nginx's worker —, the load average before it), then the medians and the
# ratios to nginx.
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

source benchmarks/wrk-measure.sh
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The servers, by name: loops-N for each loop count, base-N for the baseline, nginx.
declare -A port pid
servers=()
next=8291
start() {  # name binary loops
  port[$1]=$next
  "$2" --port "$next" --loops "$3" --data-dir "$work/data-$1" > "$work/$1.log" 2>&1 &
  pid[$1]=$!; pids+=($!); servers+=("$1")
  next=$((next + 1))
}
for loops in "${counts[@]}"; do start "loops-$loops" "$bin" "$loops"; done
if [ -n "${ADIVINA_BASELINE:-}" ]; then start "base-${counts[0]}" "$ADIVINA_BASELINE" "${counts[0]}"; fi
for name in "${servers[@]}"; do
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:${port[$name]}/api/quizzes/state" 2>/dev/null | grep -q '"loading":false' && break
    sleep 0.2
  done
  for path in "${paths[@]}"; do
    curl -fsS -o /dev/null "http://127.0.0.1:${port[$name]}$path" || { echo "$name does not serve $path" >&2; exit 1; }
  done
done

if [ "${NGINX:-1}" = 1 ] && command -v nginx >/dev/null; then
  # The same bytes as files: the stylesheet, and the state route's answer of the first server.
  mkdir -p "$work/nginx/root/css" "$work/nginx/root/api/quizzes"
  cp WebRoot/css/ios.css "$work/nginx/root/css/ios.css"
  curl -fsS "http://127.0.0.1:${port[${servers[0]}]}/api/quizzes/state" > "$work/nginx/root/api/quizzes/state"
  chmod a+rx "$work" "$work/nginx"; chmod -R a+rX "$work/nginx/root"  # nginx's worker may run as nobody
  write_nginx_conf "$work/nginx" "$next" "$work/nginx/root" \
    "        location = /api/quizzes/state { default_type application/json; }"
  nginx -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" > "$work/nginx.log" 2>&1 & pids+=($!)
  port[nginx]=$next; servers+=(nginx)
  for _ in $(seq 50); do curl -fsS -o /dev/null "http://127.0.0.1:$next/css/ios.css" 2>/dev/null && break; sleep 0.1; done
  pid[nginx]=$(pgrep -P "${pids[-1]}" | head -1)  # the one worker
  for path in "${paths[@]}"; do
    printf '== same bytes? %s is %s / %s bytes (%s / nginx)\n' "$path" \
      "$(curl -fsS "http://127.0.0.1:${port[${servers[0]}]}$path" | wc -c)" \
      "$(curl -fsS "http://127.0.0.1:$next$path" | wc -c)" "${servers[0]}"
  done
fi

measure() { wrk_measure "${pid[$1]}" "http://127.0.0.1:${port[$1]}$2" "$1 $2"; }  # server path

echo "== warm-up"
for name in "${servers[@]}"; do
  for path in "${paths[@]}"; do wrk -t1 -c64 -d1s "http://127.0.0.1:${port[$name]}$path" >/dev/null; done
done

results="$work/results.tsv"
echo "== $rounds rounds of ${seconds}s, wrk -t1 -c64; columns: round server path req/s CPU-µs/request load"
for round in $(seq "$rounds"); do
  for path in "${paths[@]}"; do
    for name in "${servers[@]}"; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$path" "$(measure "$name" "$path")" "$load" | tee -a "$results"
    done
  done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().split("\n") if line]
servers = list(dict.fromkeys(r[1] for r in rows))
paths = list(dict.fromkeys(r[2] for r in rows))
def median(name, path, column):
    return statistics.median(float(r[column]) for r in rows if r[1] == name and r[2] == path)
print("\n== medians: req/s (server CPU µs per request); load average " +
      f"{min(float(r[5]) for r in rows):.1f}–{max(float(r[5]) for r in rows):.1f}")
for name in servers:
    print(f"{name:<8} " + "   ".join(f"{p} {median(name, p, 3):>8.0f} ({median(name, p, 4):.1f} µs)" for p in paths))
if "nginx" in servers:
    print("\n== ratios to nginx of the medians: req/s (in brackets nginx's CPU per request ÷ ours, >1 = ours cheaper)")
    for name in servers:
        if name == "nginx": continue
        print(f"{name:<8} " + "   ".join(
            f"{p} {median(name, p, 3) / median('nginx', p, 3):.2f}× ({median('nginx', p, 4) / median(name, p, 4):.2f})"
            for p in paths))
PY
