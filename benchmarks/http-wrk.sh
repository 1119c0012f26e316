#!/usr/bin/env bash
# HTTP throughput: our HTTPServer (HTTPBenchServer, release) against Hummingbird 2.28 and nginx
# (1 worker), same run, same routes: GET /json ({"message":"Hello, World!"}) and GET /app.css
# (a 4.5 KB static file cut from WebRoot/css/ios.css). wrk -t1 -c64 on loopback.
#
# Usage: benchmarks/http-wrk.sh [rounds] [seconds]        (default 5 rounds of 10 s per case)
#   BENCH_SCRATCH   scratch folder outside the repository (default /work/scratch): the
#                   Hummingbird peer is copied to $BENCH_SCRATCH/hb-bench and built there
#   PIN=0           do not pin (default: every server on CPU 0, wrk on CPU 1, with taskset)
# Needs: wrk and nginx (apt-get install -y wrk nginx), taskset (util-linux).
# Prints every measurement, then the medians of req/s and the ratios.
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
if [ "${PIN:-1}" = 1 ]; then server_cpu=(taskset -c 0); wrk_cpu=(taskset -c 1); fi

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

cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $work/nginx;
    proxy_temp_path $work/nginx;
    fastcgi_temp_path $work/nginx;
    uwsgi_temp_path $work/nginx;
    scgi_temp_path $work/nginx;
    server {
        listen 127.0.0.1:8193;
        root $work/webroot;
        location = /json {
            default_type application/json;
            return 200 '{"message":"Hello, World!"}';
        }
    }
}
CONF

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

results="$work/results.tsv"
: > "$results"
measure() {  # name path → req/s
  local output
  output=$("${wrk_cpu[@]}" wrk -t1 -c64 -d"${seconds}s" "http://127.0.0.1:${ports[$1]}$2")
  if grep -q "Non-2xx\|Socket errors" <<<"$output"; then echo "$1 $2: $(grep "Non-2xx\|Socket errors" <<<"$output")" >&2; fi
  awk '/^Requests\/sec:/ { print $2 }' <<<"$output"
}

echo "== warm-up"
for name in ours hummingbird nginx; do
  for path in /json /app.css; do "${wrk_cpu[@]}" wrk -t1 -c64 -d2s "http://127.0.0.1:${ports[$name]}$path" >/dev/null; done
done

echo "== $rounds rounds of ${seconds}s, wrk -t1 -c64 (pinned: ${PIN:-1})"
for round in $(seq "$rounds"); do
  for path in /json /app.css; do
    for name in ours hummingbird nginx; do
      rps=$(measure "$name" "$path")
      printf '%s\t%s\t%s\t%s\n' "$round" "$name" "$path" "$rps" | tee -a "$results"
    done
  done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().split("\n") if line]
median = {}
for name in ("ours", "hummingbird", "nginx"):
    for path in ("/json", "/app.css"):
        values = [float(r[3]) for r in rows if r[1] == name and r[2] == path]
        median[(name, path)] = statistics.median(values)
print("\n== medians (req/s)")
print(f"{'server':<12} {'/json':>10} {'/app.css':>10}")
for name in ("ours", "hummingbird", "nginx"):
    print(f"{name:<12} {median[(name, '/json')]:>10.0f} {median[(name, '/app.css')]:>10.0f}")
print("\n== ratios")
for path in ("/json", "/app.css"):
    ours = median[("ours", path)]
    print(f"{path:<9} ours/hummingbird {ours / median[('hummingbird', path)]:.2f}   ours/nginx {ours / median[('nginx', path)]:.2f}")
PY
