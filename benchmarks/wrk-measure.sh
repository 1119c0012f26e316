# Sourced by http-wrk.sh and loops-wrk.sh: one wrk run against a server, with the server's CPU
# time per request read from /proc. Uses the caller's $seconds.

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }  # utime + stime, in clock ticks

# wrk_measure PID URL LABEL [COMMAND PREFIX…] → "req/s<TAB>server-CPU-µs-per-request"; the
# prefix (e.g. taskset -c 1) runs wrk; non-2xx answers or socket errors are said on stderr.
wrk_measure() {
  local pid=$1 url=$2 label=$3 output before after requests
  shift 3
  before=$(cpu_ticks "$pid")
  output=$("$@" wrk -t1 -c64 -d"${seconds}s" "$url")
  after=$(cpu_ticks "$pid")
  if grep -q "Non-2xx\|Socket errors" <<<"$output"; then echo "$label: $(grep "Non-2xx\|Socket errors" <<<"$output")" >&2; fi
  requests=$(awk '/requests in/ { print $1 }' <<<"$output")
  printf '%s\t%s\n' "$(awk '/^Requests\/sec:/ { print $2 }' <<<"$output")" \
    "$(python3 -c "print(round(($after - $before) * 1e6 / $(getconf CLK_TCK) / $requests, 2))")"
}
