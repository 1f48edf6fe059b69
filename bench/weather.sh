#!/usr/bin/env bash
# Weather proxy bench, loopback only, bounded in time:
#  1. cached look-ups per second (wrk), against /api/config in the same run as the anchor (the cheapest
#     JSON answer the server has), so the figure reads as a ratio;
#  2. upstream calls made by 50 concurrent look-ups of one uncached city, cache on vs cache off
#     (cache_max_entries = 0, which also turns the single flight off), the stand-in pausing 300 ms.
# Needs wrk, curl, node, python3 and a release binary:
#   SOLACE_SKIP_UI_BUILD=1 cargo build --release
#   bench/weather.sh            (DURATION=10s CONNECTIONS=50 by default; SOLACE_BIN=FILE for another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${SOLACE_BIN:-${CARGO_TARGET_DIR:-$PWD/target}/release/solace}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-50}
LOOKUPS=50

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() { for _ in $(seq 100); do curl -sf -o /dev/null "$1" && return 0; sleep 0.1; done; echo "no answer from $1"; exit 1; }

up_port=$(free_port)
# The weather stand-in the tests use, each answer 300 ms late.
node tests/support/weather-stand-in.mjs --port "$up_port" --pause-ms 300 >/dev/null &
pids+=($!)
wait_http "http://127.0.0.1:$up_port/__calls"

# Starts solace with the given cache size; sets $port and $solace_pid.
start_solace() {
  port=$(free_port)
  rm -rf "$tmp/data"
  cat >"$tmp/solace.toml" <<EOF
[weather]
api_key = "stand-in-key"
openweathermap_url = "http://127.0.0.1:$up_port"
rate_limit_per_minute = 0
cache_max_entries = $1
EOF
  RUST_LOG=warn "$BIN" --config "$tmp/solace.toml" --data-dir "$tmp/data" --port "$port" 2>"$tmp/solace.log" &
  solace_pid=$!
  pids+=("$solace_pid")
  wait_http "http://127.0.0.1:$port/health"
}
stop_solace() { kill "$solace_pid"; wait "$solace_pid" 2>/dev/null || true; }

rps() { awk '/Requests\/sec/ {print $2}'; }

echo "== cached look-ups per second (wrk -t2 -c$CONNECTIONS -d$DURATION)"
start_solace 1000
curl -sf -o /dev/null "http://127.0.0.1:$port/api/weather/current?city=Delhi"   # fill the cache
anchor=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "http://127.0.0.1:$port/api/config" | tee "$tmp/anchor.txt" | rps)
cached=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "http://127.0.0.1:$port/api/weather/current?city=Delhi" | tee "$tmp/cached.txt" | rps)
grep -E 'Latency|Requests/sec|Non-2xx' "$tmp/anchor.txt" | sed 's/^/  anchor \/api\/config: /'
grep -E 'Latency|Requests/sec|Non-2xx' "$tmp/cached.txt" | sed 's/^/  cached weather:     /'
upstream=$(curl -sf "http://127.0.0.1:$up_port/__calls")
echo "  upstream calls during the cached run: $((upstream - 1))"
awk -v c="$cached" -v a="$anchor" 'BEGIN { printf "  ratio cached weather / /api/config: %.2f\n", c / a }'
stop_solace

echo "== upstream calls for $LOOKUPS concurrent look-ups of one uncached city"
for entries in 1000 0; do
  start_solace "$entries"
  curl -sf -X POST -o /dev/null "http://127.0.0.1:$up_port/__calls"
  started=$(date +%s%N)
  seq "$LOOKUPS" | xargs -P "$LOOKUPS" -I{} \
    curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$port/api/weather/current?city=Delhi" \
    >"$tmp/codes.txt"
  took_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  ok=$(grep -c '^200$' "$tmp/codes.txt" || true)
  calls=$(curl -sf "http://127.0.0.1:$up_port/__calls")
  label=$([ "$entries" = 0 ] && echo "cache off" || echo "cache on ")
  echo "  $label: $ok/$LOOKUPS answered 200, upstream calls: $calls, wall time ${took_ms} ms"
  stop_solace
done
