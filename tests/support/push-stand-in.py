#!/usr/bin/python3
"""A push service stand-in (RFC 8030) on loopback for the Web Push tests, Rust and browser alike.

Usage: push-stand-in.py PORT. Takes POST /push/<name> as a browser's push service does: it requires
`Content-Encoding: aes128gcm`, a `TTL` and an `Authorization: vapid t=<JWT>, k=<key>` header (answering 400
otherwise), answers 201 Created, or 410 Gone when <name> starts with "gone" (a subscription the browser
dropped). Prints "ready", then one JSON line per push received:
{"path", "status", "ttl", "urgency", "content_encoding", "authorization", "body" (base64url)}.
Stops when its standard input closes, so it never outlives the test that started it.
"""
import base64
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        auth = self.headers.get("Authorization") or ""
        well_formed = (
            self.path.startswith("/push/")
            and self.headers.get("Content-Encoding") == "aes128gcm"
            and (self.headers.get("TTL") or "").isdigit()
            and auth.startswith("vapid t=")
            and ", k=" in auth
            and len(body) > 0
        )
        name = self.path[len("/push/"):]
        status = 400 if not well_formed else 410 if name.startswith("gone") else 201
        print(
            json.dumps(
                {
                    "path": self.path,
                    "status": status,
                    "ttl": self.headers.get("TTL"),
                    "urgency": self.headers.get("Urgency"),
                    "content_encoding": self.headers.get("Content-Encoding"),
                    "authorization": auth,
                    "body": base64.urlsafe_b64encode(body).decode().rstrip("="),
                }
            ),
            flush=True,
        )
        self.send_response(status)
        if status == 201:
            self.send_header("Location", "/message/" + name)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("ready", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
