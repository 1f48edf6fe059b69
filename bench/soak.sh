#!/usr/bin/env bash
# The long mixed soak: sign-ups, sign-ins, refresh rotations, reads, the largest script, junk
# and clients that never read, against one solace on 127.0.0.1 with a fresh temporary data directory.
# Reports RSS growth after minute 2 (goal < 10 %) and p50/p99 latency per kind; exit 1 on a miss or a 5xx.
#
#   bench/soak.sh                       # DURATION=600 (seconds, at most 3600) WORKERS=4
#   SOLACE_BIN=target/release/solace bench/soak.sh
#
# Loopback only; the server is stopped at the end. Rate limits are off so the load reaches the handlers.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SOLACE_BIN:-target/debug/solace}
[ -x "$bin" ] || cargo build --bins
data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$data/solace.toml" <<TOML
[auth.rate_limit]
token_per_ip = 0
token_per_email = 0
signup_per_ip = 0
signup_per_email = 0
[weather]
provider = "off"
TOML
RUST_LOG=warn "$bin" --bind 127.0.0.1 --port "$port" --data-dir "$data/data" --config "$data/solace.toml" \
  2>"$data/server.log" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
  sleep 0.1
done
echo "soak: solace pid $pid on 127.0.0.1:$port for ${DURATION:-600} s"
python3 bench/soak.py "$port" "$pid"
