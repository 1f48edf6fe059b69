"""The worst burst of the hostile-load tests: CONNS connections from one address, each asking for the largest script
REQS times and never reading; then they close. Prints the server's RSS idle, while held, and at intervals
after the close, so memory coming back is seen (bench/RESULTS.md).

    python3 bench/burst.py PORT PID [CONNS=1000] [REQS=64]
"""
import re
import socket
import sys
import time
import urllib.request


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    conns = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    reqs = int(sys.argv[4]) if len(sys.argv) > 4 else 64
    base = f"http://127.0.0.1:{port}"
    page = urllib.request.urlopen(f"{base}/auth").read().decode()
    script = re.search(r'src="(/assets/index-[^"]+\.js)"', page).group(1)
    time.sleep(1)
    idle = rss_mib(pid)
    request = (f"GET {script} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n" * reqs).encode()
    held = []
    for _ in range(conns):
        try:
            s = socket.create_connection(("127.0.0.1", port), 2)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.setblocking(False)
            try:
                s.send(request)
            except OSError:
                pass
            held.append(s)
        except OSError:
            pass
    peak = idle
    for _ in range(30):
        peak = max(peak, rss_mib(pid))
        time.sleep(0.1)
    for s in held:
        s.close()
    closed = time.monotonic()
    after = []
    for wait in (1, 5, 10, 20):
        time.sleep(max(0, closed + wait - time.monotonic()))
        after.append((wait, rss_mib(pid)))
    print(f"script {script}, {len(held)} connections x {reqs} requests, never read")
    print(f"RSS idle {idle:.1f} MiB, while held (peak of 3 s) {peak:.1f} MiB")
    for wait, rss in after:
        print(f"RSS {wait:>2} s after the close: {rss:.1f} MiB ({rss / idle:.2f} x idle)")


main()
