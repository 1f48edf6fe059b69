// The first load's weight, as a phone on a poor connection pays it: a cold load (empty cache, no storage) of
// the sign-in screen and of the weather disguise in a mobile Chromium, every request and its bytes on the
// wire (brotli, headers included). Byte and request counts do not depend on the machine's speed, so a
// change that makes the first load heavier fails here. The budgets and their history: bench/RESULTS.md.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { devices } from 'playwright-core';
import { launchBrowser, startApp } from './harness.mjs';

const BUDGETS = {
  '/auth': { bytes: 70_000, requests: 5, ready: (page) => page.getByLabel('Email').first() },
  '/weather': { bytes: 80_000, requests: 10, ready: (page) => page.getByRole('heading', { level: 1 }).first() },
};

/** Loads `path` in a fresh context and returns every request with its bytes on the wire. */
async function coldLoad(browser, app, path, ready) {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: app.url, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, bytes: null }));
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = 0;
    });
    await page.goto(path);
    await ready(page).waitFor();
    await page.waitForLoadState('networkidle');
    const all = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
    assert.ok(all.every((r) => r.bytes !== null), `every request finished: ${JSON.stringify(all)}`);
    return all;
  } finally {
    await context.close();
  }
}

describe('first load budget', () => {
  let app;
  let browser;
  before(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const [path, budget] of Object.entries(BUDGETS)) {
    it(`${path}: at most ${budget.bytes} bytes in at most ${budget.requests} requests`, async () => {
      const requests = await coldLoad(browser, app, path, budget.ready);
      const bytes = requests.reduce((sum, r) => sum + r.bytes, 0);
      const list = requests.map((r) => `${r.bytes} ${new URL(r.url).pathname}`).join('\n');
      console.log(`${path}: ${bytes} bytes in ${requests.length} requests\n${list}`);
      assert.ok(requests.every((r) => new URL(r.url).origin === app.url), `nothing from another host:\n${list}`);
      assert.ok(requests.length <= budget.requests, `${requests.length} requests:\n${list}`);
      assert.ok(bytes <= budget.bytes, `${bytes} bytes:\n${list}`);
      // The page preloads the API answers its script asks for first (src/assets/index_pages.rs): a preload the
      // script's own request does not match is a second request for the same answer.
      const addresses = requests.map((r) => new URL(r.url).pathname + new URL(r.url).search);
      assert.deepEqual(addresses.filter((a, i) => addresses.indexOf(a) !== i), [], `asked twice:\n${list}`);
      assert.ok(addresses.includes('/api/config'), list);
      // The entry script asks to be compiled while it downloads (compile-hints-plugin.ts): without the hint on
      // its very first line, a cold load's longest tasks come back.
      const entry = requests.find((r) => new URL(r.url).pathname.endsWith('.js'));
      const script = await (await fetch(entry.url)).text();
      assert.ok(script.startsWith('//# allFunctionsCalledOnLoad\n'), `${entry.url}: ${script.slice(0, 80)}`);
    });
  }
});
