// The server's memory while many devices send their encrypted copy at once: DEVICES accounts signed up through
// /auth/v1/signup, each a client that puts CHUNKS chunks of 1 MiB (random bytes, as ciphertext looks) through
// /api/copy/attachments/{id}/{n} one after another, all clients at the same time. The binary's resident memory
// (VmRSS in /proc/PID/status) is read before, every SAMPLE_MS while they upload, and after; the anchor is the
// bytes in flight at once (one chunk per device). Nothing here is a pass/fail test: it prints one JSON line.
//
//   node copy-memory.mjs            (DEVICES=50 CHUNKS=8 by default)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startSolace } from './server.mjs';

const DEVICES = Number(process.env.DEVICES || 50);
const CHUNKS = Number(process.env.CHUNKS || 8);
const SAMPLE_MS = 10;
const CHUNK = 1024 * 1024;
const PASSWORD = 'Bench-Harbour-42!';

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const mib = (kib) => Math.round((kib / 1024) * 10) / 10;

async function signUp(base, i) {
  const headers = { 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email: `bench-copy-${Date.now()}-${i}@example.com`, password: PASSWORD });
  const signup = await fetch(`${base}/auth/v1/signup`, { method: 'POST', headers, body: credentials });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: credentials });
  const body = await res.json();
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status}`);
  return body.access_token;
}

/** One device: its chunks in order, each a fresh 1 MiB of random bytes. */
async function upload(base, token, device) {
  for (let n = 0; n < CHUNKS; n += 1) {
    const res = await fetch(`${base}/api/copy/attachments/bench-${device}/${n}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: randomBytes(CHUNK),
    });
    if (!res.ok) throw new Error(`chunk ${n} of device ${device}: ${res.status} ${await res.text()}`);
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'solace-bench-copy-'));
const config = path.join(dir, 'solace.toml');
// Many sign-ups from one loopback address: the per-IP sign-up limit is raised for the bench only.
writeFileSync(config, `[copy]\nenabled = true\n\n[auth.rate_limit]\nsignup_per_ip = ${DEVICES + 10}\n`);
const server = await startSolace({ args: ['--config', config] });
try {
  const tokens = [];
  for (let i = 0; i < DEVICES; i += 1) tokens.push(await signUp(server.url, i));
  // Warm: one chunk through the route before the baseline, so the first-use costs are not counted as load.
  await fetch(`${server.url}/api/copy/attachments/warm/0`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/octet-stream' },
    body: randomBytes(CHUNK),
  });
  const before = rssKiB(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(server.pid));
  }, SAMPLE_MS);
  const started = performance.now();
  await Promise.all(tokens.map((token, i) => upload(server.url, token, i)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = rssKiB(server.pid);
  peak = Math.max(peak, after);
  const inFlightMiB = (DEVICES * CHUNK) / (1024 * 1024);
  console.log(
    JSON.stringify({
      devices: DEVICES,
      chunks_per_device: CHUNKS,
      uploaded_mib: DEVICES * CHUNKS,
      seconds: Math.round(seconds * 10) / 10,
      rss_mib: { before: mib(before), peak: mib(peak), after: mib(after) },
      peak_growth_mib: mib(peak - before),
      in_flight_mib: inFlightMiB,
      growth_per_in_flight: Math.round(((peak - before) / 1024 / inFlightMiB) * 100) / 100,
      loadavg_1min: Math.round(loadavg()[0] * 100) / 100,
    }),
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
