#!/usr/bin/python3
"""A throwaway PostgreSQL cluster from Debian's packages (postgresql-15) for every test suite.

Usage: postgres-stand-in.py PORT. Makes a cluster in a new temporary directory (initdb, as the
`postgres` OS user when run as root, since initdb refuses root), starts the server on 127.0.0.1:PORT
with TLS on (a self-signed certificate made by openssl), and creates:

- the database `solace` owned by the role `solace`, which signs in with a password over TCP and may
  create databases (the JavaScript suites give each server one of its own: postgres-databases.mjs);
- the role `solace_tls`, which the server accepts over TLS only (for the tests of a server that
  requires TLS).

Then prints "ready" and one JSON line: {"host", "port", "database", "user", "password", "tls_user",
"url", "certificate"} (the server's certificate, which signs itself). It stops the server and removes the directory when its standard input closes: the process that
started it ended, however it ended (killed too), since the kernel closes its end of the pipe then.

Without flushes to disk (fsync off), which the tests do not need; with SOLACE_POSTGRES_STAND_IN_DURABLE=1,
with them, as a real server keeps them (bench/auth.rs compares the engines so).
"""
import glob
import json
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time

port = int(sys.argv[1])


def debian_bin(name):
    """The newest Debian PostgreSQL's program (initdb and postgres are not on the PATH there)."""
    found = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda p: int(p.split("/")[4]),
    )
    if not found:
        sys.exit(f"postgres-stand-in: no {name}: install Debian's postgresql package")
    return found[-1]


# initdb and postgres refuse to run as root: the cluster then belongs to the `postgres` OS user.
as_user = {}
if os.geteuid() == 0:
    user = pwd.getpwnam("postgres")
    as_user = {"user": user.pw_uid, "group": user.pw_gid}

top = tempfile.mkdtemp(prefix="solace-postgres-")
data = os.path.join(top, "data")
server = None


def stop(status=0):
    if server is not None and server.poll() is None:
        server.send_signal(signal.SIGINT)  # "fast" shutdown: ends the sessions, no waiting for clients
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    shutil.rmtree(top, ignore_errors=True)
    sys.exit(status)


signal.signal(signal.SIGTERM, lambda *_: stop())
signal.signal(signal.SIGINT, lambda *_: stop())

try:
    if as_user:
        os.chown(top, as_user["user"], as_user["group"])
    password = secrets.token_hex(16)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": sys.stderr, "check": True, **as_user}
    subprocess.run(
        [debian_bin("initdb"), "-D", data, "-U", "postgres", "-E", "UTF8", "--locale=C",
         "--auth-local=trust", "--auth-host=reject", "--no-sync", "--no-instructions"],
        **quiet,
    )
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
         "-subj", "/CN=localhost", "-days", "2", "-addext", "basicConstraints=critical,CA:FALSE",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", os.path.join(data, "server.key"),
         "-out", os.path.join(data, "server.crt")],
        **{**quiet, "stderr": subprocess.DEVNULL},  # its progress dashes, not an error
    )
    os.chmod(os.path.join(data, "server.key"), 0o600)  # the server refuses a key others can read
    # First match wins: `solace_tls` only over TLS, `solace` with or without, nobody else over TCP.
    with open(os.path.join(data, "pg_hba.conf"), "w") as hba:
        hba.write(
            "local all all trust\n"
            "hostssl all solace_tls 127.0.0.1/32 scram-sha-256\n"
            "host all solace 127.0.0.1/32 scram-sha-256\n"
        )
    # The tests want speed, not durability: no flushes to disk. SOLACE_POSTGRES_STAND_IN_DURABLE=1 keeps
    # them, as a real server does (bench/auth.rs compares the engines so, against SQLite's synchronous=FULL).
    durable = os.environ.get("SOLACE_POSTGRES_STAND_IN_DURABLE") == "1"
    server = subprocess.Popen(
        [debian_bin("postgres"), "-D", data, "-p", str(port), "-c", "listen_addresses=127.0.0.1",
         "-c", f"unix_socket_directories={top}", "-c", "ssl=on", "-c", "max_connections=200"]
        + ([] if durable else ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(top, "server.log"), "w"),
        **as_user,
    )
    # Up once pg_isready gets an answer on the socket (as `pg_ctl start -w` waits); then the roles.
    deadline = time.monotonic() + 60
    while subprocess.run(
        [debian_bin("pg_isready"), "-q", "-h", top, "-p", str(port)], **as_user
    ).returncode != 0:
        if server.poll() is not None or time.monotonic() > deadline:
            raise OSError("the server did not start")
        time.sleep(0.05)
    psql = ["psql", "-h", top, "-p", str(port), "-U", "postgres", "-d", "postgres", "-q",
            "-v", "ON_ERROR_STOP=1"]
    for sql in (
        f"CREATE ROLE solace LOGIN CREATEDB PASSWORD '{password}'",
        f"CREATE ROLE solace_tls LOGIN PASSWORD '{password}'",
        "CREATE DATABASE solace OWNER solace",
    ):
        subprocess.run(psql + ["-c", sql], **quiet)
except (subprocess.CalledProcessError, OSError) as e:
    print(f"postgres-stand-in: {e}", file=sys.stderr)
    log = os.path.join(top, "server.log")
    if os.path.exists(log):
        sys.stderr.write(open(log).read())
    stop(1)

print("ready", flush=True)
print(
    json.dumps(
        {
            "host": "127.0.0.1",
            "port": port,
            "database": "solace",
            "user": "solace",
            "password": password,
            "tls_user": "solace_tls",
            "certificate": os.path.join(data, "server.crt"),
            "url": f"postgres://solace:{password}@127.0.0.1:{port}/solace",
        }
    ),
    flush=True,
)
sys.stdin.read()
stop()
