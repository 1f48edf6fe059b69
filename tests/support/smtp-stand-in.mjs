// Starts the SMTP stand-in (smtp-stand-in.py beside this file: a real SMTP server from Debian's
// python3-aiosmtpd) for the JavaScript suites, and hands over each message it receives as it arrives.
// The Rust suites start the same script (tests/integration/checkin_support).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'smtp-stand-in.py');

/** Resolves once the server on 127.0.0.1:`port` accepts mail: `{ config, next(ms), close() }`. */
export async function startSmtpStandIn(port) {
  // Debian's Python, which has Debian's python3-aiosmtpd (as the browser tests use Debian's chromium).
  const child = spawn('/usr/bin/python3', [script, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const queue = [];
  const waiting = [];
  let ready;
  const isReady = new Promise((resolve, reject) => {
    ready = resolve;
    child.once('exit', (code) => reject(new Error(`the SMTP stand-in exited (${code})`)));
  });
  lines.on('line', (line) => {
    if (line === 'ready') return ready();
    const message = JSON.parse(line);
    const w = waiting.shift();
    if (w) w(message);
    else queue.push(message);
  });
  await isReady;
  return {
    /** The `[email]` section that sends through this server. */
    config: `[email]\nsmtp_url = "smtp://127.0.0.1:${port}?tls=none"\nfrom = "Solace alerts <alerts@solace.test>"\n`,
    /** The next message received: `{ to, from, subject, body }`; fails after `ms`. */
    next(ms = 30_000) {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no e-mail arrived')), ms);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}
