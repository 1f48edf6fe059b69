// Starts the push service stand-in (push-stand-in.py beside this file) for the JavaScript suites, and hands
// over each push it receives as it arrives; `open` decrypts one with webpush-open.py (Python's cryptography,
// independent of the server). The Rust suites start the same scripts (tests/integration/push_support).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPythonStandIn } from './python-stand-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Resolves once the stand-in on 127.0.0.1:`port` takes pushes: `{ config, endpoint(name), next(ms), open(push, keys), close() }`. */
export async function startPushStandIn(port) {
  const service = await startPythonStandIn('push-stand-in.py', port, 'push');
  const base = `http://127.0.0.1:${port}/push/`;
  return {
    /** The `[push]` section that lets the server send to this stand-in. */
    config: `[push]\ntest_endpoint = "${base}"\n`,
    endpoint: (name) => base + name,
    /** The next push received: `{ path, status, ttl, urgency, content_encoding, authorization, body }`; fails after `ms`. */
    next: service.next,
    /** Decrypts a push with the subscription's private key and auth secret (base64url): `{ plaintext, claims, k }`. */
    open(push, { privateKey, auth }) {
      const out = execFileSync('/usr/bin/python3', [path.join(here, 'webpush-open.py')], {
        input: JSON.stringify({ body: push.body, authorization: push.authorization, private_key: privateKey, auth }),
      });
      return JSON.parse(out.toString());
    },
    close: service.close,
  };
}
