#!/usr/bin/env node
// The floor under exit-timing.mjs: the same inputs, the same Chromium, context and clock, on a bare page whose
// only script is the hide itself (a page-wide capture listener that sets one attribute, which a stylesheet turns
// into `display: none`). Whatever this page needs from the input event's timeStamp to the first frame drawn without
// its content is the browser's input path and frame clock on this machine, not work of the app. Compare its
// figures with exit-timing.mjs's, taken at the same time. Reports figures only (exit 0).
//
// Env: RUNS (default 20), CHROME_PATH (default /usr/bin/chromium).
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.RUNS || 20);

const PAGE = `<!doctype html><html><head><style>
  html[data-quick-exit] body { display: none; }
  button { margin: 40px; padding: 16px 24px; font-size: 18px; }
</style></head><body><h1>Bare page</h1><button type="button">Exit now</button><p>${'Text. '.repeat(200)}</p>
<script>
  const hide = () => document.documentElement.setAttribute('data-quick-exit', '');
  window.addEventListener('pointerdown', (e) => { if (e.target.closest('button')) hide(); }, true);
  let presses = { key: '', n: 0 };
  window.addEventListener('keydown', (e) => {
    presses = presses.key === e.key ? { key: e.key, n: presses.n + 1 } : { key: e.key, n: 1 };
    if (presses.n === 3) hide();
  }, true);
</script></body></html>`;

// The same watcher as exit-timing.mjs: the input's timeStamp, the moment the content is hidden, the next frame.
function watchExit([inputEvent, key]) {
  let input = null;
  window.addEventListener(inputEvent, (e) => {
    if (key && e.key !== key) return;
    input = e.timeStamp;
  }, true);
  new MutationObserver(() => {
    if (!document.documentElement.hasAttribute('data-quick-exit')) return;
    const hidden = performance.now();
    requestAnimationFrame((start) => void window.benchReport({ input, hidden, frame: Math.max(start, performance.now()) }));
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-quick-exit'] });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const [label, inputEvent, key] of [
      ['tap on "Exit now"', 'pointerdown', null],
      ['third Shift', 'keydown', 'Shift'],
      ['third Escape', 'keydown', 'Escape'],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true });
        const page = await context.newPage();
        let report;
        const reported = new Promise((resolve) => (report = resolve));
        await page.exposeFunction('benchReport', (r) => report(r));
        await page.setContent(PAGE);
        await page.evaluate(watchExit, [inputEvent, key]);
        if (inputEvent === 'pointerdown') {
          const box = await page.getByRole('button', { name: 'Exit now' }).boundingBox();
          await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        } else {
          for (let k = 0; k < 3; k += 1) await page.keyboard.press(key);
        }
        const r = await reported;
        runs.push({ toHidden: r.hidden - r.input, toFrame: r.frame - r.input });
        await context.close();
      }
      const frames = runs.map((r) => r.toFrame);
      const hiddens = runs.map((r) => r.toHidden);
      console.log(
        `bare page, ${label.padEnd(18)} runs ${runs.length}: to first frame without the content median ` +
          `${median(frames).toFixed(1)} ms, worst ${Math.max(...frames).toFixed(1)} ms; hidden in the DOM median ` +
          `${median(hiddens).toFixed(1)} ms, worst ${Math.max(...hiddens).toFixed(1)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(`exit-floor: ${err.stack || err}`);
  process.exit(2);
});
