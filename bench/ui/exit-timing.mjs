#!/usr/bin/env node
// Quick-exit timing in Chromium against the real solace binary: from the earliest exit input (a tap's
// pointerdown on "Exit now" in a touch context, the third Shift's keydown, the third Escape's keydown) to a
// page with nothing of the app visible. For each of RUNS runs (default 20) per input, the page records, in
// its own clock (performance.now / event.timeStamp):
//   input   - the input event's timeStamp (when the browser received the pointerdown / the third keydown)
//   hidden  - when <html data-quick-exit> was set (MutationObserver), i.e. the content is hidden in the DOM
//   frame   - the next animation frame after that (its callbacks run; style, layout and paint follow at
//             once): the first frame drawn without the app
// and reports median and worst of (frame - input) and (hidden - input). Goal for frame - input: median
// under 16 ms (one frame at 60 Hz), worst under 50 ms, for each input.
// The exit destination is a local page that answers after 300 ms (like a real site), so the old page keeps
// drawing frames meanwhile. The app is signed in (a session injected into storage) on the home page.
//
// Env: SOLACE_BIN (default as in server.mjs), CHROME_PATH (default /usr/bin/chromium), RUNS (default 20).
// Exits 1 when a worst case misses the goal, 2 when the measurement could not be made.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startSolace } from './server.mjs';

const RUNS = Number(process.env.RUNS || 20);
const GOAL_MEDIAN_MS = 16;
const GOAL_WORST_MS = 50;
const DESTINATION_DELAY_MS = 300;
const PASSWORD = 'Bench-Exit-Timing-7!';

function startNeutralPage() {
  const server = createServer((req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Neutral</title><link rel="icon" href="data:,"><p>neutral</p>');
    }, DESTINATION_DELAY_MS);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server })),
  );
}

let accounts = 0;
async function signUp(base) {
  accounts += 1;
  const credentials = JSON.stringify({ email: `bench-exit-${Date.now()}-${accounts}@example.com`, password: PASSWORD });
  const headers = { 'content-type': 'application/json' };
  const signup = await fetch(`${base}/auth/v1/signup`, { method: 'POST', headers, body: credentials });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  // Sign-up answers without a session (it gives no account away); the session comes from signing in.
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: credentials });
  const body = await res.json();
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

// Runs in the page: collects the three timestamps of one exit and hands them to the bench.
function watchExit([inputEvent, key]) {
  let input = null;
  window.addEventListener(inputEvent, (e) => {
    if (key && e.key !== key) return;
    input = e.timeStamp;
  }, true);
  new MutationObserver(() => {
    if (!document.documentElement.hasAttribute('data-quick-exit')) return;
    const hidden = performance.now();
    const display = getComputedStyle(document.body).display;
    // The frame's rendering steps (style, layout, paint) run right after its callbacks: take the later of
    // the frame's start and the moment this callback runs.
    requestAnimationFrame((start) =>
      void window.benchReport({ input, hidden, frame: Math.max(start, performance.now()), display }),
    );
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-quick-exit'] });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const neutral = await startNeutralPage();
  const dir = mkdtempSync(join(tmpdir(), 'solace-bench-exit-'));
  const configFile = join(dir, 'solace.toml');
  // Every run signs up its own account: an exit ends its session on the server too. The encrypted copy is off,
  // as server.mjs keeps it for scripts without a config: its first-use screen would stand before the home screen.
  writeFileSync(
    configFile,
    `[safety]\nexit_destinations = ["${neutral.url}/"]\n[auth.rate_limit]\nsignup_per_ip = 0\nsignup_per_email = 0\n` +
      '[copy]\nenabled = false\n',
  );
  const solace = await startSolace({ args: ['--config', configFile] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  let failed = false;
  try {
    const results = {};
    for (const [label, inputEvent, key] of [
      ['tap on "Exit now"', 'pointerdown', null],
      ['third Shift', 'keydown', 'Shift'],
      ['third Escape', 'keydown', 'Escape'],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A fresh session in storage, with recent activity so the idle lock lets it through.
        const session = await signUp(solace.url);
        session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in;
        const context = await browser.newContext({
          baseURL: solace.url,
          viewport: { width: 412, height: 915 },
          hasTouch: true,
        });
        await context.addInitScript(
          ({ origin, value }) => {
            if (location.origin !== origin) return;
            localStorage.setItem('session', value);
            localStorage.setItem('last-activity', String(Date.now()));
          },
          { origin: solace.url, value: JSON.stringify(session) },
        );
        const page = await context.newPage();
        let report;
        const reported = new Promise((resolve) => (report = resolve));
        await page.exposeFunction('benchReport', (r) => report(r));
        await page.goto('/');
        await page.getByRole('heading', { name: 'A safe space to heal, reflect and plan' }).waitFor();
        // Measured on a settled page (as when she reaches for the exit), not during the load's own work.
        await page.waitForLoadState('networkidle');
        await page.evaluate(watchExit, [inputEvent, key]);
        if (inputEvent === 'pointerdown') {
          const box = await page.getByRole('button', { name: 'Exit now' }).boundingBox();
          await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        } else {
          for (let k = 0; k < 3; k += 1) await page.keyboard.press(key);
        }
        const r = await Promise.race([
          reported,
          new Promise((_, reject) => setTimeout(() => reject(new Error('no report within 10 s')), 10_000)),
        ]);
        await page.waitForURL((u) => u.origin === neutral.url);
        if (r.display !== 'none') throw new Error(`body still displayed (${r.display}) when hidden`);
        runs.push({ toHidden: r.hidden - r.input, toFrame: r.frame - r.input });
        await context.close();
      }
      const frames = runs.map((r) => r.toFrame);
      const hiddens = runs.map((r) => r.toHidden);
      results[label] = {
        runs: runs.length,
        frame_median_ms: median(frames),
        frame_worst_ms: Math.max(...frames),
        hidden_median_ms: median(hiddens),
        hidden_worst_ms: Math.max(...hiddens),
      };
      if (median(frames) >= GOAL_MEDIAN_MS || Math.max(...frames) >= GOAL_WORST_MS) failed = true;
    }
    for (const [label, r] of Object.entries(results)) {
      console.log(
        `${label.padEnd(20)} runs ${r.runs}: to first frame without the app median ${r.frame_median_ms.toFixed(1)} ms, ` +
          `worst ${r.frame_worst_ms.toFixed(1)} ms; content hidden in the DOM median ${r.hidden_median_ms.toFixed(1)} ms, ` +
          `worst ${r.hidden_worst_ms.toFixed(1)} ms`,
      );
    }
    console.log(
      failed
        ? `goal missed: a median reached ${GOAL_MEDIAN_MS} ms or a worst case ${GOAL_WORST_MS} ms`
        : `goal met: every median under ${GOAL_MEDIAN_MS} ms, every worst case under ${GOAL_WORST_MS} ms`,
    );
  } finally {
    await browser.close();
    await solace.stop();
    neutral.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
