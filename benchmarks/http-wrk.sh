#!/usr/bin/env bash
# HTTP throughput: our HTTPServer (HTTPBenchServer, release) against Hummingbird 2.28 and nginx
# (1 worker), same run, same routes: GET /json ({"message":"Hello, World!"}) and GET /app.css
# (a 4.5 KB static file cut from WebRoot/css/ios.css). wrk -t1 -c64 on loopback.
#
# Usage: benchmarks/http-wrk.sh [rounds] [seconds]        (default 5 rounds of 10 s per case)
#   BENCH_SCRATCH   scratch folder outside the repository (default /work/scratch): the
#                   Hummingbird peer is copied to $BENCH_SCRATCH/hb-bench and built there
#   PIN=1           pin every server to CPU 0 and wrk to CPU 1 with taskset (default: unpinned;
#                   on a shared, busy machine pinning starves single-threaded nginx)
# Needs: wrk and nginx (apt-get install -y wrk nginx), taskset (util-linux).
# Prints every measurement (round, server, path, req/s, server CPU µs per request from
# /proc/PID/stat), then the medians and the ratios. CPU per request holds up on a busy machine.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
rounds=${1:-5}
seconds=${2:-10}
scratch=${BENCH_SCRATCH:-/work/scratch}
work="$scratch/http-bench"
mkdir -p "$work/webroot" "$work/nginx"

for tool in wrk nginx taskset python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y wrk nginx)" >&2; exit 1; }
done

server_cpu=(); wrk_cpu=()
if [ "${PIN:-0}" = 1 ]; then server_cpu=(taskset -c 0); wrk_cpu=(taskset -c 1); fi

# The static file: the first 4,608 bytes of the app's stylesheet.
head -c 4608 "$repo/WebRoot/css/ios.css" > "$work/webroot/app.css"

echo "== building HTTPBenchServer (release)"
swift build -c release --product HTTPBenchServer 2>&1 | tail -1
ours_bin="$(swift build -c release --show-bin-path)/HTTPBenchServer"

echo "== building the Hummingbird peer in $scratch/hb-bench (release)"
hb="$scratch/hb-bench"
mkdir -p "$hb/Sources/HBBench"
for file in Package.swift Sources/HBBench/main.swift; do
  cmp -s "benchmarks/peers/hummingbird/$file" "$hb/$file" || cp "benchmarks/peers/hummingbird/$file" "$hb/$file"
done
(cd "$hb" && swift build -c release 2>&1 | tail -1)
hb_bin="$hb/.build/release/HBBench"

source benchmarks/wrk-measure.sh
write_nginx_conf "$work/nginx" 8193 "$work/webroot" "        location = /json {
            default_type application/json;
            return 200 '{\"message\":\"Hello, World!\"}';
        }"

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

"${server_cpu[@]}" "$ours_bin" --port 8191 --webroot "$work/webroot" > "$work/ours.log" 2>&1 & pids+=($!)
"${server_cpu[@]}" "$hb_bin" 8192 "$work/webroot" > "$work/hb.log" 2>&1 & pids+=($!)
"${server_cpu[@]}" nginx -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" > "$work/nginx.log" 2>&1 & pids+=($!)

declare -A ports=([ours]=8191 [hummingbird]=8192 [nginx]=8193)
for name in ours hummingbird nginx; do
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:${ports[$name]}/json" >/dev/null 2>&1 && break
    sleep 0.1
  done
  for path in /json /app.css; do
    curl -fsS -o /dev/null "http://127.0.0.1:${ports[$name]}$path" || { echo "$name does not serve $path" >&2; exit 1; }
  done
done
echo "== same bytes? /app.css is $(curl -s http://127.0.0.1:8191/app.css | wc -c) / $(curl -s http://127.0.0.1:8192/app.css | wc -c) / $(curl -s http://127.0.0.1:8193/app.css | wc -c) bytes (ours / hummingbird / nginx)"

# The process whose CPU time is counted: ours and Hummingbird themselves, nginx's one worker.
declare -A cpu_pid=([ours]=${pids[0]} [hummingbird]=${pids[1]} [nginx]=$(pgrep -P "${pids[2]}" | head -1))

results="$work/results.tsv"
: > "$results"
measure() { wrk_measure "${cpu_pid[$1]}" "http://127.0.0.1:${ports[$1]}$2" "$1 $2" "${wrk_cpu[@]}"; }  # name path

echo "== warm-up"
for name in ours hummingbird nginx; do
  for path in /json /app.css; do "${wrk_cpu[@]}" wrk -t1 -c64 -d2s "http://127.0.0.1:${ports[$name]}$path" >/dev/null; done
done

echo "== $rounds rounds of ${seconds}s, wrk -t1 -c64 (pinned: ${PIN:-0})"
for round in $(seq "$rounds"); do
  for path in /json /app.css; do
    for name in ours hummingbird nginx; do
      printf '%s\t%s\t%s\t%s\n' "$round" "$name" "$path" "$(measure "$name" "$path")" | tee -a "$results"
    done
  done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().split("\n") if line]
names, paths = ("ours", "hummingbird", "nginx"), ("/json", "/app.css")
def median(name, path, column):
    return statistics.median(float(r[column]) for r in rows if r[1] == name and r[2] == path)
rps = {(n, p): median(n, p, 3) for n in names for p in paths}
cpu = {(n, p): median(n, p, 4) for n in names for p in paths}
print("\n== medians: req/s (server CPU µs per request)")
print(f"{'server':<12} {'/json':>18} {'/app.css':>18}")
for n in names:
    print(f"{n:<12} " + " ".join(f"{rps[(n, p)]:>9.0f} ({cpu[(n, p)]:>5.1f} µs)" for p in paths))
print("\n== ratios of the medians (req/s; in brackets the inverse CPU-per-request ratio, >1 = ours cheaper)")
for p in paths:
    print(f"{p:<9} ours/hummingbird {rps[('ours', p)] / rps[('hummingbird', p)]:.2f} "
          f"({cpu[('hummingbird', p)] / cpu[('ours', p)]:.2f})   "
          f"ours/nginx {rps[('ours', p)] / rps[('nginx', p)]:.2f} ({cpu[('nginx', p)] / cpu[('ours', p)]:.2f})")
PY
