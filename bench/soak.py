"""Mixed soak against a running Solace on loopback: sign-ups, sign-ins, refresh rotations, API reads, the
largest script, junk requests and clients that never read, for a bounded time. Samples the server's
VmRSS every 10 s and reports RSS growth after minute 2 and p50/p99 latency per kind of request.

Started by bench/soak.sh; stdlib only. Exit status 1 when RSS grew 10 % or more after minute 2, or when
any request got a 5xx.
"""

import http.client
import json
import os
import random
import socket
import sys
import threading
import time

PORT = int(sys.argv[1])
PID = int(sys.argv[2])
DURATION = min(float(os.environ.get("DURATION", "600")), 3600)  # bounded: at most an hour
WORKERS = int(os.environ.get("WORKERS", "4"))
PASSWORD = "Quiet-Harbour-Lantern-58!"
HOST = "127.0.0.1"

lock = threading.Lock()
latencies = {}
server_errors = []
stop_at = time.monotonic() + DURATION


def rss_kib():
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def request(kind, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection(HOST, PORT, timeout=30)
    hdrs = {"content-type": "application/json"}
    hdrs.update(headers or {})
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    started = time.monotonic()
    try:
        conn.request(method, path, body=data, headers=hdrs)
        res = conn.getresponse()
        payload = res.read()
        status = res.status
    except OSError:
        return None, None
    finally:
        conn.close()
    elapsed = (time.monotonic() - started) * 1000
    with lock:
        latencies.setdefault(kind, []).append(elapsed)
        if status >= 500 and b"weather_off" not in payload:
            server_errors.append(f"{method} {path} -> {status}")
    return status, payload


def largest_script():
    _, html = request("index", "GET", "/")
    paths = [p for p in html.decode().split('"') if p.startswith("/assets/") and p.endswith(".js")]
    return max(paths, key=lambda p: len(request("script", "GET", p)[1] or b""))


def account_worker(n):
    sessions = []
    i = 0
    while time.monotonic() < stop_at:
        i += 1
        choice = random.random()
        if choice < 0.15 or not sessions:
            email = f"soak{n}-{i}-{random.randrange(1 << 30)}@example.org"
            status, body = request("signup", "POST", "/auth/v1/signup", {"email": email, "password": PASSWORD})
            if status == 200:
                sessions.append((email, json.loads(body)["refresh_token"]))
                sessions = sessions[-50:]
        elif choice < 0.35:
            email, _ = random.choice(sessions)
            request("signin", "POST", "/auth/v1/token?grant_type=password", {"email": email, "password": PASSWORD})
        elif choice < 0.65:
            at = random.randrange(len(sessions))
            email, token = sessions[at]
            status, body = request("refresh", "POST", "/auth/v1/token?grant_type=refresh_token", {"refresh_token": token})
            if status == 200:
                sessions[at] = (email, json.loads(body)["refresh_token"])
        else:
            request("read", "GET", random.choice(["/api/config", "/health", "/auth/v1/settings", "/journal"]))


def static_worker(script):
    while time.monotonic() < stop_at:
        request("script", "GET", script, headers={"accept-encoding": random.choice(["br", "gzip", ""])})


def junk_worker():
    junk = [b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", os.urandom(300)]
    while time.monotonic() < stop_at:
        request("junk", random.choice(["POST", "PUT"]), random.choice(["/auth/v1/signup", "/auth/v1/user", "/api/config"]),
                body=os.urandom(random.randrange(2000)), headers={"authorization": "Bearer x.y.z"})
        try:
            with socket.create_connection((HOST, PORT), timeout=10) as s:
                s.sendall(random.choice(junk))
                s.recv(1024)
        except OSError:
            pass


def non_reading_worker(script):
    """Holds 20 connections that ask for the largest script 16 times and never read, then lets go."""
    while time.monotonic() < stop_at:
        held = []
        for _ in range(20):
            try:
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.connect((HOST, PORT))
                s.sendall(f"GET {script} HTTP/1.1\r\nHost: soak\r\n\r\n".encode() * 16)
                held.append(s)
            except OSError:
                pass
        time.sleep(15)
        for s in held:
            s.close()


def main():
    script = largest_script()
    threads = [threading.Thread(target=account_worker, args=(n,), daemon=True) for n in range(WORKERS)]
    threads += [threading.Thread(target=static_worker, args=(script,), daemon=True),
                threading.Thread(target=junk_worker, daemon=True),
                threading.Thread(target=non_reading_worker, args=(script,), daemon=True)]
    started = time.monotonic()
    for t in threads:
        t.start()
    samples = []
    while time.monotonic() < stop_at:
        samples.append((time.monotonic() - started, rss_kib()))
        print(f"{samples[-1][0]:6.0f} s  VmRSS {samples[-1][1] / 1024:7.1f} MiB", flush=True)
        time.sleep(min(10, max(0.1, stop_at - time.monotonic())))
    for t in threads:
        t.join(timeout=60)
    samples.append((time.monotonic() - started, rss_kib()))

    after_two = [kib for at, kib in samples if at >= 120] or [samples[0][1]]
    base, end = after_two[0], samples[-1][1]
    growth = (end - base) / base * 100
    print(f"\nRSS: start {samples[0][1] / 1024:.1f} MiB, minute 2 {base / 1024:.1f} MiB, "
          f"peak {max(k for _, k in samples) / 1024:.1f} MiB, end {end / 1024:.1f} MiB, growth after minute 2 {growth:+.1f} %")
    print(f"{'kind':8} {'count':>7} {'p50 ms':>8} {'p99 ms':>8}")
    for kind, values in sorted(latencies.items()):
        values.sort()
        p = lambda q: values[min(len(values) - 1, int(q * len(values)))]
        print(f"{kind:8} {len(values):7d} {p(0.5):8.1f} {p(0.99):8.1f}")
    print(f"5xx answers: {len(server_errors)}", *server_errors[:5], sep="\n  ")
    sys.exit(1 if growth >= 10 or server_errors else 0)


main()
