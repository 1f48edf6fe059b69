// The app as an offline app shell: after one visit with the network, every screen opens again with the
// network cut (context.setOffline), the screens that need the server say so plainly, signing in waits for the
// network, and a new version of the worker takes over with a complete set of its own files.
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { browserSuite, launchBrowser, openContext, signUpViaUi, startApp, uniqueEmail } from './harness.mjs';

const withWorker = () => ({ serviceWorkers: 'allow' });

/** Waits until the offline worker controls the page and has kept its whole set. */
async function waitForWorker(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
  return page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('app-shell-')));
}

/** Goes to `path` offline; the navigation must be answered by the worker. */
async function openOffline(page, path) {
  const res = await page.goto(path);
  assert.ok(res, `${path}: a response`);
  assert.ok(res.fromServiceWorker(), `${path}: answered by the worker`);
}

/** The build's files this page has loaded (scripts, styles, lazily loaded screens). */
const appFiles = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[src], link[rel=stylesheet]')]
      .map((e) => e.src || e.href)
      .concat(performance.getEntriesByType('resource').map((e) => e.name))
      .filter((u) => new URL(u).pathname.startsWith('/assets/')),
  );

const heading = (page, name) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('offline app shell', () => {
  const suite = browserSuite({ contextOptions: withWorker });

  it('opens every screen again with the network cut, and says plainly what needs it', async () => {
    const { page, ctx } = suite;
    await signUpViaUi(page, uniqueEmail('offline'));
    assert.equal((await waitForWorker(page)).length, 1, 'one set of files for this version');
    // On each load the app's frame asks once whether a check-in runs; that answer comes before the network goes.
    // Waiting for a response to /api/checkin could be the answer to the page before (the one after sign-up);
    // waiting until nothing is in flight is the answer to this one too.
    await page.goto('/resources');
    await heading(page, 'Support Resources');
    await page.waitForLoadState('networkidle');

    ctx.expectOfflineResource(/\/api\/vault\/secret$/);
    ctx.expectOfflineResource(/\/api\/weather\//);
    await ctx.context.setOffline(true);
    try {
      await openOffline(page, '/');
      await heading(page, 'A safe space to heal, reflect and plan');
      await openOffline(page, '/affirmations');
      await heading(page, 'Daily Affirmations');
      await openOffline(page, '/resources');
      await heading(page, 'Support Resources');
      for (const path of ['/journal', '/mood', '/safety-plan']) {
        await openOffline(page, path);
        await heading(page, 'You’re offline');
        const text = await page.getByRole('status').textContent();
        assert.match(text, /need an internet connection/);
        assert.match(text, /Nothing has been lost/);
      }
      // From there to the screens that do open.
      await page.getByRole('link', { name: 'affirmations' }).click();
      await heading(page, 'Daily Affirmations');
    } finally {
      await ctx.context.setOffline(false);
    }

    // The weather seen once with the network is what it shows offline, as a weather app that cannot refresh.
    await page.goto('/weather');
    const current = page.getByRole('region', { name: 'Current conditions' });
    await current.getByText(/^Updated \d\d:\d\d$/).waitFor();
    // Entering the disguise signs her out (no PIN on this device) once the stored session has been read, which
    // may come after the forecast is drawn: the network goes only once that is done, as it would for her.
    await page.waitForFunction(() => window.localStorage.getItem('session') === null);
    await ctx.context.setOffline(true);
    try {
      await openOffline(page, '/weather');
      assert.equal(await page.title(), 'Weather Forecast');
      await current.getByText(/No connection/).waitFor();
      assert.match(await current.textContent(), /31°C/, 'the temperature kept from the visit');
      await openOffline(page, '/notes');
      assert.equal(await page.title(), 'Quick Notes');
      await page.locator('.qn-note-title').first().waitFor();
      // A disguised device gets the disguise for any address, offline too.
      await openOffline(page, '/journal');
      await page.waitForURL((u) => u.pathname === '/notes');
      assert.equal(await page.title(), 'Quick Notes');
    } finally {
      await ctx.context.setOffline(false);
    }

    // The caches hold the app's public files and pages only: nothing from the sign-in service or the API but
    // the operator's public settings.
    const kept = await page.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    assert.ok(kept.includes('/weather') && kept.includes('/notes') && kept.includes('/index.html'));
    assert.deepEqual(
      kept.filter((p) => !p.startsWith('/assets/') && !p.startsWith('/icons/')).sort(),
      ['/api/config', '/index.html', '/notes', '/weather'],
    );
  });

  it('signing in waits for the network, with a clear message', async () => {
    const { page, ctx } = suite;
    await page.goto('/auth');
    await waitForWorker(page);
    // The screen's own requests (a session left from before is ended there) finish before the network goes.
    await page.waitForLoadState('networkidle');
    await ctx.context.setOffline(true);
    try {
      await openOffline(page, '/auth');
      const notice = page.getByRole('status').filter({ hasText: 'offline' });
      await notice.waitFor();
      assert.match(await notice.textContent(), /Signing in needs an internet connection/);
      assert.ok(await page.getByRole('button', { name: 'Sign In', exact: true }).isDisabled());
    } finally {
      await ctx.context.setOffline(false);
    }
    await page.getByRole('status').filter({ hasText: 'offline' }).waitFor({ state: 'detached' });
    assert.ok(await page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled());
  });
});

/**
 * A stand-in for the next release in front of the real binary: once `next()` is called, every hashed file has a
 * new name (`name.v2.js`), the old names are gone (404, as after an upgrade) and the worker lists the new set
 * under a new version.
 */
async function startReleaseProxy(upstream) {
  const up = new URL(upstream);
  const sw = await (await fetch(`${upstream}/sw.js`)).text();
  const files = JSON.parse(/const PRECACHE = (\{.*?\});/.exec(sw)[1]).files;
  const names = files.filter((f) => f.startsWith('/assets/')).map((f) => f.slice('/assets/'.length));
  const renamed = (n) => n.replace(/\.(\w+)$/, '.v2.$1');
  const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  let v2 = false;

  const server = createServer((req, res) => {
    let path = req.url;
    if (v2 && path.startsWith('/assets/')) {
      const name = path.slice('/assets/'.length);
      const old = names.find((n) => renamed(n) === name);
      if (old) path = `/assets/${old}`;
      else if (names.includes(name)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('gone\n');
        return;
      }
    }
    const headers = { ...req.headers, host: up.host, 'accept-encoding': 'identity' };
    delete headers['if-none-match'];
    const upReq = httpRequest({ host: up.hostname, port: up.port, method: req.method, path, headers }, (upRes) => {
      const type = upRes.headers['content-type'] ?? '';
      if (!v2 || !/html|javascript|css/.test(type)) {
        res.writeHead(upRes.statusCode, upRes.headers);
        upRes.pipe(res);
        return;
      }
      const chunks = [];
      upRes.on('data', (c) => chunks.push(c));
      upRes.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8').replace(pattern, renamed);
        if (path === '/sw.js') body = body.replace(/"version":"(\w+)"/, '"version":"$1v2"');
        const out = { ...upRes.headers, 'content-length': Buffer.byteLength(body) };
        delete out.etag;
        res.writeHead(upRes.statusCode, out).end(body);
      });
    });
    upReq.on('error', () => res.writeHead(502).end());
    req.pipe(upReq);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    origin: url,
    next() {
      v2 = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a new version of the worker', () => {
  let app;
  let release;
  let browser;
  before(async () => {
    app = await startApp();
    release = await startReleaseProxy(app.url);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await release?.close();
    await app?.stop();
  });

  it('takes over with its own complete set; a page still open keeps the set it started with', async () => {
    const ctx = await openContext(browser, release, withWorker());
    try {
      const page = await ctx.newPage();
      await page.goto('/auth');
      const [first] = await waitForWorker(page);

      release.next();
      // The browser finds the new worker; it installs its whole set and takes over.
      await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
            navigator.serviceWorker.getRegistration().then((r) => r.update(), reject);
          }),
      );
      const sets = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('app-shell-')));
      assert.equal(sets.length, 2, 'the set before stays for pages still running it');
      assert.equal(sets[0], first);
      assert.equal(sets[1], `${first}v2`);

      // The open page is still the old version: a screen it has not loaded yet comes from its own set, although
      // the server no longer has those files.
      // (Built files are named by their hash alone: the screen's own file is the one that was not loaded before.)
      const beforeOld = new Set(await appFiles(page));
      await page.getByRole('link', { name: /Staying safe/i }).first().click();
      await heading(page, 'Staying safe');
      const oldFiles = await appFiles(page);
      assert.ok(oldFiles.some((u) => !beforeOld.has(u)), 'the screen came with a file of its own');
      for (const url of oldFiles) assert.doesNotMatch(url, /\.v2\./, `${url}: the old page stays on its version`);

      // The next load is the new version, all of it.
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      const beforeNew = new Set(await appFiles(page));
      await page.getByRole('link', { name: /Staying safe/i }).first().click();
      await heading(page, 'Staying safe');
      const newFiles = await appFiles(page);
      assert.ok(newFiles.some((u) => !beforeNew.has(u)), 'the screen came with a file of its own');
      for (const url of newFiles) assert.match(url, /\.v2\.\w+$/, `${url} is of the new version`);
      ctx.check();
    } finally {
      await ctx.close();
    }
  });
});
