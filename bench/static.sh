#!/usr/bin/env bash
# Static serving: the largest JavaScript file of the web app, brotli-compressed, served by the release
# `solace` binary and by nginx (the anchor) sending the same precompressed bytes with the same headers.
# wrk on 127.0.0.1 with keep-alive; binary and nginx runs alternate, ROUNDS each; prints requests/s and
# the ratio binary/nginx (goal >= 0.5), and a single-connection run of each (wrk -c1: every request waits
# for the one before on the same kept-alive connection, where a response held back shows at once).
#
#   bench/static.sh                      # ROUNDS=3 DURATION=10s THREADS=2 CONNECTIONS=64 SENDFILE=on
#   UI_DIST=DIR bench/static.sh          # first copy a UI build from DIR into ui/dist
#   SOLACE_BIN=PATH bench/static.sh      # measure that binary instead of building the release one
#
# Needs Debian's nginx and wrk (installed when missing). Everything stays on 127.0.0.1 and stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
SENDFILE=${SENDFILE:-on}    # nginx's zero-copy file sending; off = it copies through a buffer, as solace does
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx wrk >/dev/null
fi

# A UI build handed in with UI_DIST, if any; else whatever ui/dist holds.
# Copied only when it differs (the .br/.gz files are ours), keeping times so nothing rebuilds needlessly.
ui_build=${UI_DIST:-}
if [ -n "$ui_build" ] && [ -f "$ui_build/index.html" ] && ! diff -rq -x '*.br' -x '*.gz' "$ui_build" ui/dist >/dev/null 2>&1; then
  rm -rf ui/dist
  cp -a "$ui_build" ui/dist
fi
# ui/dist exists, so the UI is not rebuilt; build.rs still writes the .br/.gz variants.
if [ -n "${SOLACE_BIN:-}" ]; then
  bin=$SOLACE_BIN
else
  SOLACE_SKIP_UI_BUILD=1 cargo build --release --quiet
  bin="$CARGO_TARGET_DIR/release/solace"
fi

js=$(find ui/dist/assets -name '*.js' -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2)
[ -f "$js.br" ] || { echo "no brotli variant of $js"; exit 1; }
path="/${js#ui/dist/}"

work=$(mktemp -d /tmp/solace-bench-static.XXXXXX)
chmod 755 "$work"
solace_pid= nginx_pid=
cleanup() {
  [ -n "$solace_pid" ] && kill "$solace_pid" 2>/dev/null && wait "$solace_pid" 2>/dev/null
  [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() {
  for _ in $(seq 200); do curl -sf -o /dev/null "$1" && return 0; sleep 0.05; done
  echo "no answer from $1"; exit 1
}

# --- solace, as it runs by default (request log on, written to /dev/null here) ---
solace_port=$(free_port)
"$bin" --bind 127.0.0.1 --port "$solace_port" --data-dir "$work/data" >/dev/null 2>&1 &
solace_pid=$!
wait_http "http://127.0.0.1:$solace_port/health"
workers=$(nproc)

# --- nginx: same worker count, no access log, the .br file's bytes sent as-is with solace's headers ---
nginx_port=$(free_port)
mkdir -p "$work/www/assets" "$work/nginx"
cp "$js.br" "$work/www${path}.br"
chmod -R a+rX "$work/www"
headers=$(curl -s -D - -o /dev/null -H 'Accept-Encoding: br' "http://127.0.0.1:$solace_port$path" | tr -d '\r')
h() { printf '%s\n' "$headers" | grep -i "^$1:" | head -1 | cut -d' ' -f2-; }
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes $workers;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile $SENDFILE;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
    location = $path {
      types { }
      default_type "$(h content-type)";
      try_files \$uri.br =404;
      add_header Content-Encoding br;
      add_header Vary Accept-Encoding;
      add_header Cache-Control "$(h cache-control)";
      add_header Content-Security-Policy "$(h content-security-policy)";
      add_header Referrer-Policy "$(h referrer-policy)";
      add_header X-Content-Type-Options "$(h x-content-type-options)";
      add_header X-Frame-Options "$(h x-frame-options)";
      add_header Permissions-Policy "$(h permissions-policy)";
      add_header Cross-Origin-Opener-Policy "$(h cross-origin-opener-policy)";
      add_header Cross-Origin-Resource-Policy "$(h cross-origin-resource-policy)";
    }
  }
}
EOF
nginx -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx_pid=$!
wait_http "http://127.0.0.1:$nginx_port$path"

# Both must send the very same bytes.
curl -s -H 'Accept-Encoding: br' "http://127.0.0.1:$solace_port$path" -o "$work/from-solace"
curl -s -H 'Accept-Encoding: br' "http://127.0.0.1:$nginx_port$path" -o "$work/from-nginx"
cmp -s "$work/from-solace" "$js.br" && cmp -s "$work/from-nginx" "$js.br" || {
  echo "the two servers do not send the same bytes"; exit 1
}

echo "file: $path ($(stat -c %s "$js") bytes, brotli $(stat -c %s "$js.br") bytes); workers: $workers; nginx sendfile $SENDFILE"
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION -H 'Accept-Encoding: br' (keep-alive)"
rps() { wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -H 'Accept-Encoding: br' "$1" | awk '/^Requests\/sec/ {print $2}'; }
solace_all=() nginx_all=()
for round in $(seq "$ROUNDS"); do
  s=$(rps "http://127.0.0.1:$solace_port$path")
  n=$(rps "http://127.0.0.1:$nginx_port$path")
  solace_all+=("$s") nginx_all+=("$n")
  printf 'round %d: solace %10.0f req/s   nginx %10.0f req/s   ratio %.2f\n' "$round" "$s" "$n" "$(echo "$s / $n" | bc -l)"
done
# One connection, one request at a time: the latency a phone sees for each file it fetches in turn.
one() { wrk -t1 -c1 -d"$DURATION" -H 'Accept-Encoding: br' "$1" | awk '/^Requests\/sec/ {print $2}'; }
s1=$(one "http://127.0.0.1:$solace_port$path")
n1=$(one "http://127.0.0.1:$nginx_port$path")
printf 'one connection (wrk -t1 -c1): solace %.0f req/s, nginx %.0f req/s, ratio %.2f\n' "$s1" "$n1" "$(echo "$s1 / $n1" | bc -l)"
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
sm=$(median "${solace_all[@]}") nm=$(median "${nginx_all[@]}")
printf 'median: solace %.0f req/s, nginx %.0f req/s, ratio solace/nginx %.2f\n' "$sm" "$nm" "$(echo "$sm / $nm" | bc -l)"
