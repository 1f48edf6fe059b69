// Starts the push service stand-in (push-stand-in.py beside this file) for the JavaScript suites, and hands
// over each push it receives as it arrives; `open` decrypts one with webpush-open.py (Python's cryptography,
// independent of the server). The Rust suites start the same scripts (tests/integration/push_support).
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Resolves once the stand-in on 127.0.0.1:`port` takes pushes: `{ config, endpoint(name), next(ms), open(push, keys), close() }`. */
export async function startPushStandIn(port) {
  const child = spawn('/usr/bin/python3', [path.join(here, 'push-stand-in.py'), String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const queue = [];
  const waiting = [];
  let ready;
  const isReady = new Promise((resolve, reject) => {
    ready = resolve;
    child.once('exit', (code) => reject(new Error(`the push stand-in exited (${code})`)));
  });
  lines.on('line', (line) => {
    if (line === 'ready') return ready();
    const push = JSON.parse(line);
    const w = waiting.shift();
    if (w) w(push);
    else queue.push(push);
  });
  await isReady;
  const base = `http://127.0.0.1:${port}/push/`;
  return {
    /** The `[push]` section that lets the server send to this stand-in. */
    config: `[push]\ntest_endpoint = "${base}"\n`,
    endpoint: (name) => base + name,
    /** The next push received: `{ path, status, ttl, urgency, content_encoding, authorization, body }`; fails after `ms`. */
    next(ms = 30_000) {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push arrived')), ms);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    /** Decrypts a push with the subscription's private key and auth secret (base64url): `{ plaintext, claims, k }`. */
    open(push, { privateKey, auth }) {
      const out = execFileSync('/usr/bin/python3', [path.join(here, 'webpush-open.py')], {
        input: JSON.stringify({ body: push.body, authorization: push.authorization, private_key: privateKey, auth }),
      });
      return JSON.parse(out.toString());
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}
