#!/usr/bin/python3
"""A real SMTP server (Debian's python3-aiosmtpd) on loopback for the tests of alert e-mail.

Usage: smtp-stand-in.py PORT. Prints "ready" once it accepts connections, then one JSON line per
message it receives: {"to": [...], "from": "...", "subject": "...", "body": "..."}. Stops when its
standard input closes (the test that started it ended), so it never outlives its test. A recipient whose
address starts with "unreachable" is refused for now (451), as a mail server that cannot take it yet does,
so the tests can see an e-mail wait in the retry queue.
"""
import json
import sys
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


class Printer:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("unreachable"):
            return "451 Cannot take this message now"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.original_content, policy=policy.default)
        body = message.get_body(("plain",))
        print(
            json.dumps(
                {
                    "to": envelope.rcpt_tos,
                    "from": envelope.mail_from,
                    "subject": str(message["subject"]),
                    "body": body.get_content() if body else "",
                }
            ),
            flush=True,
        )
        return "250 Message accepted"


controller = Controller(Printer(), hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("ready", flush=True)
sys.stdin.read()
controller.stop()
