# Sourced by http-wrk.sh and loops-wrk.sh: the nginx peer's configuration, and one wrk run
# against a server with the server's CPU time per request read from /proc (uses the caller's
# $seconds).

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

# write_nginx_conf DIR PORT ROOT LOCATIONS → DIR/nginx.conf: one worker, no access log,
# sendfile, keep-alive as long as the run, temporary files in DIR; serves ROOT on
# 127.0.0.1:PORT with the nginx `location` blocks LOCATIONS.
write_nginx_conf() {
  local dir=$1 port=$2 root=$3 locations=$4
  cat > "$dir/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $dir;
    proxy_temp_path $dir;
    fastcgi_temp_path $dir;
    uwsgi_temp_path $dir;
    scgi_temp_path $dir;
    server {
        listen 127.0.0.1:$port;
        root $root;
$locations
    }
}
CONF
}
