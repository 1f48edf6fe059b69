#!/usr/bin/env bash
# Footprint of the release binary: start-to-ready time (spawn until GET /health answers 200; goal
# median < 100 ms), idle memory after start and a few requests (VmRSS; goal < 15 MB), and file size.
#
#   bench/startup.sh                     # RUNS=30 starts on a fresh data dir and 30 on an existing one
#
# Builds like bench/static.sh (same target dir, ui/dist as it is). Only 127.0.0.1; every server is stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
SOLACE_SKIP_UI_BUILD=1 cargo build --release --quiet
bin="$CARGO_TARGET_DIR/release/solace"

echo "binary: $bin, $(stat -c %s "$bin") bytes ($(( $(stat -c %s "$bin") / 1024 / 1024 )) MiB)"
BIN="$bin" RUNS="$RUNS" python3 - <<'EOF'
import os, shutil, signal, socket, statistics, subprocess, tempfile, time

BIN, RUNS = os.environ["BIN"], int(os.environ["RUNS"])

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def get(port, path, headers=""):
    """One HTTP/1.1 request; returns the status code, or None when nothing listens yet."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as c:
            c.sendall(f"GET {path} HTTP/1.1\r\nHost: b\r\n{headers}Connection: close\r\n\r\n".encode())
            data = b""
            while chunk := c.recv(65536):
                data += chunk
            return int(data.split(b" ", 2)[1])
    except (ConnectionRefusedError, ConnectionResetError, IndexError, ValueError):
        return None

def start(data_dir):
    port = free_port()
    t0 = time.perf_counter()
    p = subprocess.Popen([BIN, "--bind", "127.0.0.1", "--port", str(port), "--data-dir", data_dir],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = t0 + 10
    while get(port, "/health") != 200:
        if time.perf_counter() > deadline or p.poll() is not None:
            p.kill(); raise SystemExit("solace did not become ready")
        time.sleep(0.0005)
    return p, port, (time.perf_counter() - t0) * 1000

def stop(p):
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=10)

work = tempfile.mkdtemp(prefix="solace-bench-startup.")
try:
    for label, fresh in (("fresh data dir (creates the database)", True), ("existing data dir", False)):
        times = []
        for i in range(RUNS):
            d = os.path.join(work, f"d{i}" if fresh else "kept")
            p, _, ms = start(d)
            stop(p)
            times.append(ms)
        times.sort()
        print(f"start-to-ready, {label}: median {statistics.median(times):.1f} ms, "
              f"p90 {times[int(len(times) * 0.9) - 1]:.1f} ms, min {times[0]:.1f} ms ({RUNS} runs)")

    p, port, _ = start(os.path.join(work, "kept"))
    idle = int(open(f"/proc/{p.pid}/status").read().split("VmRSS:")[1].split()[0])
    index = open("ui/dist/index.html").read() if os.path.exists("ui/dist/index.html") else ""
    js = sorted((os.path.getsize(os.path.join("ui/dist/assets", f)), f)
                for f in os.listdir("ui/dist/assets") if f.endswith(".js"))[-1][1]
    for _ in range(20):
        for path in ("/", "/journal", f"/assets/{js}", "/api/config", "/health", "/api/nope"):
            get(port, path, "Accept-Encoding: br\r\n")
    status = open(f"/proc/{p.pid}/status").read()
    field = lambda name: int(status.split(name + ":")[1].split()[0])
    print(f"memory: VmRSS {idle / 1024:.1f} MiB right after start; after 120 requests "
          f"VmRSS {field('VmRSS') / 1024:.1f} MiB (peak VmHWM {field('VmHWM') / 1024:.1f} MiB), "
          f"threads {field('Threads')}")
    stop(p)
finally:
    shutil.rmtree(work, ignore_errors=True)
EOF
