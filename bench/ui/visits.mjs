#!/usr/bin/env node
// First and repeat visit of /auth and /weather with the offline worker, against the real solace binary, in a
// fresh mobile-emulated (Pixel 7) Chromium context per path:
//   - first visit: the page's own load (until the network is quiet), then what the worker fetches in the
//     background to keep the app (its one-time precache of the build's files);
//   - repeat visit: the same path opened again in a new tab of that context; the worker answers the app's files
//     from its cache, so only the page itself (network first), /api/config and any data go to the server.
// Bytes are on the wire (Playwright's request.sizes(): response headers + encoded body). Requests answered by
// the worker from its cache are listed but cost no network.
//
// The weather provider is off (the weather screen shows its 'No connection' look), so nothing waits on the internet.
// Env: SOLACE_BIN (default the checkout's target/debug/solace), SOLACE_URL (use a running server instead),
//      CHROME_PATH (default /usr/bin/chromium), PATHS (default "/auth,/weather").
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../tests/support/chromium.mjs';
import { startSolace } from './server.mjs';

const DEVICE = 'Pixel 7';
const QUIET_MS = 1500;

function kb(n) {
  return n >= 1000 ? `${(n / 1000).toFixed(1)} KB` : `${n} B`;
}

/** Records every response of the context: who asked, whether the worker answered, its bytes on the wire. */
function recorder(context) {
  const all = [];
  let last = Date.now();
  context.on('request', () => {
    last = Date.now();
  });
  context.on('response', async (res) => {
    last = Date.now();
    const req = res.request();
    const entry = {
      url: req.url(),
      byWorker: Boolean(req.serviceWorker()),
      fromWorker: res.fromServiceWorker(),
      status: res.status(),
      bytes: 0,
    };
    all.push(entry);
    // sizes() waits for the body; a body the page never reads (e.g. the weather's 503) is counted from its
    // headers (Content-Length) instead of waiting for ever.
    const headers = await res.allHeaders();
    const fallback = Number(headers['content-length'] ?? 0) + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    const sizes = await Promise.race([
      req.sizes().catch(() => null),
      new Promise((resolve) => setTimeout(resolve, 2000, null)),
    ]);
    entry.bytes = sizes ? Math.max(0, sizes.responseHeadersSize) + Math.max(0, sizes.responseBodySize) : fallback;
  });
  return {
    all,
    /** Until nothing new happened for QUIET_MS, and every size is known. */
    async quiet(page) {
      while (Date.now() - last < QUIET_MS) await page.waitForTimeout(100);
      await page.waitForTimeout(2100);
    },
  };
}

/** Requests that reached the server: the worker's own fetches and the page's requests it did not answer. */
function network(records) {
  return records.filter((r) => r.byWorker || !r.fromWorker);
}

function summary(label, records, origin) {
  const net = network(records);
  const bytes = net.reduce((s, r) => s + r.bytes, 0);
  const cached = records.filter((r) => r.fromWorker && !r.byWorker);
  console.log(`  ${label}: ${net.length} requests to the server, ${bytes} bytes (${kb(bytes)})` +
    (cached.length ? `; ${cached.length} answered by the worker` : ''));
  for (const r of net) {
    const u = new URL(r.url);
    console.log(`      ${String(r.bytes).padStart(7)}  ${r.status}  ${r.byWorker ? '[worker] ' : ''}${u.origin === origin ? u.pathname + u.search : r.url}`);
  }
  return { requests: net.length, bytes };
}

async function visit(browser, baseUrl, path) {
  const context = await browser.newContext({ ...devices[DEVICE], serviceWorkers: 'allow' });
  try {
    const rec = recorder(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    const loadedAt = rec.all.length;
    await rec.quiet(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await rec.quiet(page);
    const firstPage = rec.all.slice(0, loadedAt).concat(rec.all.slice(loadedAt).filter((r) => !r.byWorker));
    const firstWorker = rec.all.slice(loadedAt).filter((r) => r.byWorker);
    const before = rec.all.length;
    const again = await context.newPage();
    await again.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await rec.quiet(again);
    const repeat = rec.all.slice(before);
    const origin = new URL(baseUrl).origin;
    console.log(`\n${path}`);
    const a = summary('first visit, the page', firstPage, origin);
    const b = summary('first visit, the worker keeping the app (background, after load)', firstWorker, origin);
    const c = summary('repeat visit', repeat, origin);
    return { path, firstPage: a, firstWorker: b, repeat: c };
  } finally {
    await context.close();
  }
}

async function main() {
  // The weather provider off: the weather screen answers at once with its 'No connection' look instead of
  // waiting for a weather service this machine may not reach.
  const dir = mkdtempSync(join(tmpdir(), 'solace-bench-visits-'));
  const configFile = join(dir, 'solace.toml');
  writeFileSync(configFile, '[weather]\nprovider = "off"\n');
  const server = await startSolace({ args: ['--config', configFile] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || DEBIAN_CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    console.log(`Solace first and repeat visits: ${DEVICE} emulation, a fresh context per path, Chromium ${browser.version()}`);
    for (const path of (process.env.PATHS || '/auth,/weather').split(',')) await visit(browser, server.url, path);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`visits: measurement failed: ${err.stack || err}`);
  process.exit(2);
});
