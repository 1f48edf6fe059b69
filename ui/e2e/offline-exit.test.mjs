// An exit made while offline ends the session on the server once the device is back online and the app is
// opened again (docs/auth-contract.md, "Ending a session after an offline exit"), and what waits on the device
// meanwhile lets nobody in. Against the real binary, with Chromium's network cut (context.setOffline).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';

async function refresh(app, token) {
  const res = await fetch(`${app.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: token }),
  });
  return res.status;
}

describe('quick exit while offline', () => {
  const suite = browserSuite({
    app: { exitPage: true },
    contextOptions: ({ app }) => ({ allowOrigins: [app.exitPage.origin] }),
  });

  it('the session ends on the server once the device is back online', async () => {
    const { app, ctx, page } = suite;
    await signUpViaUi(page, uniqueEmail('offline-exit'));
    const stored = JSON.parse(await page.evaluate(() => window.localStorage.getItem('session')));
    const old = stored.refresh_token;
    assert.ok(old, 'a refresh token was kept while signed in');

    const exit = page.getByRole('button', { name: 'Exit now' }).first();
    await exit.waitFor();
    // The home screen itself, not only the frame around it: its lazily loaded code is in before the network goes.
    await page.getByRole('heading', { level: 1, name: 'A safe space to heal, reflect and plan' }).waitFor();
    // What the page still loads when the network goes fails, as it must.
    ctx.expectOfflineResource(/.*/);
    await ctx.context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    // Going offline already sets the end aside (a write made while the page is left can be lost).
    await page.waitForFunction(() => window.localStorage.getItem('pending-cleanup') !== null);
    const pending = await page.evaluate(() => window.localStorage.getItem('pending-cleanup'));
    assert.ok(!pending.includes(old), 'the refresh token itself is not kept');
    // What waits lets nobody in: the kept value is no refresh token.
    assert.equal(await refresh(app, pending), 400);
    const logFrom = app.log().length;
    await exit.click({ force: true }); // the press hides the page at once
    // Offline, the neutral page cannot load: the navigation to it may end in Chromium's network error, which
    // is as much a departure from the app as the page itself.
    await page
      .waitForURL((u) => u.origin !== app.origin)
      .catch((e) => assert.match(e.message, /ERR_INTERNET_DISCONNECTED/));

    // Back online, she opens the app again, and the end is sent. Under Chromium's emulated offline mode it
    // can also leave from the exited page as that page is replaced (the emulation does not follow a page
    // being torn down), and the browser then shows no answer to it: the server's log is the witness, whichever
    // page sent it.
    await ctx.context.setOffline(false);
    const again = await ctx.newPage();
    await again.goto('/');
    await app.logged(/method=POST path=\/auth\/v1\/logout\/offline status=204/, { from: logFrom });
    assert.equal(await refresh(app, old), 400, 'the exited session is over');
    // Once answered, the kept end is forgotten on the device.
    await again.waitForFunction(() => window.localStorage.getItem('pending-cleanup') === null);
  });
});

/** Resolves once `check()` holds (within 10 s), asking every 50 ms. */
async function until(check) {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('quick exit while offline, with the offline worker', () => {
  const suite = browserSuite({
    app: { exitPage: true },
    contextOptions: ({ app }) => ({ allowOrigins: [app.exitPage.origin], serviceWorkers: 'allow' }),
  });

  it('the worker ends the session by Background Sync when the network is back, the app never opened again', async () => {
    const { app, ctx, page } = suite;
    await signUpViaUi(page, uniqueEmail('offline-exit-sync'));
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
    const old = JSON.parse(await page.evaluate(() => window.localStorage.getItem('session'))).refresh_token;
    await page.getByRole('heading', { level: 1, name: 'A safe space to heal, reflect and plan' }).waitFor();
    // Chromium's own Background Sync (checked here: headless Chromium has it).
    assert.equal(await page.evaluate(async () => 'sync' in (await navigator.serviceWorker.ready)), true);

    // The worker's registration, to fire its sync event as Chromium does when its network comes back: the
    // emulated offline mode below is not what Chromium's network watcher sees.
    const cdp = await ctx.context.newCDPSession(page);
    const registration = new Promise((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(app.origin) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;

    ctx.expectOfflineResource(/.*/);
    await ctx.context.setOffline(true);
    await page.waitForFunction(() => window.localStorage.getItem('pending-cleanup') !== null);
    const logFrom = app.log().length;
    await page.getByRole('button', { name: 'Exit now' }).first().click({ force: true });
    await page
      .waitForURL((u) => u.origin !== app.origin)
      .catch((e) => assert.match(e.message, /ERR_INTERNET_DISCONNECTED/));
    // The exit handed the end to the worker, which asked for a sync.
    const [worker] = ctx.context.serviceWorkers();
    assert.ok(worker, 'the offline worker runs');
    const registered = () => worker.evaluate(async () => (await self.registration.sync.getTags()).includes('pending-end'));
    const kept = () => worker.evaluate(async () => (await (await caches.open('pending')).keys()).length);
    // The worker has no event to await from here: its state is polled, as waitForFunction does in a page.
    await until(async () => (await kept()) === 1);
    // Chromium may fire the sync at once (its network watcher saw no change); failing under the emulated offline
    // mode, the end stays kept and the tag waits for the next try.
    assert.equal(await registered(), true, 'a sync is registered');

    await ctx.context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: app.origin, registrationId, tag: 'pending-end', lastChance: false });
    await app.logged(/method=POST path=\/auth\/v1\/logout\/offline status=204/, { from: logFrom });
    assert.equal(await refresh(app, old), 400, 'the exited session is over, though the app was not opened again');
    assert.equal(ctx.context.pages().filter((p) => p.url().startsWith(app.origin)).length, 0, 'no page of the app is open');
  });
});
