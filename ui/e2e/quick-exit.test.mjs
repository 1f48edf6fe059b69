// Quick exit in Debian's Chromium against the real binary: it leaves from every screen, by tap,
// Shift ×3 and Escape ×3; it hides the page before the navigation starts; it ends the session on the device
// and on the server; Back never returns into the app; a page restored from the back/forward cache shows
// nothing of it. The exit lands on a local neutral page set through `safety.exit_destinations`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  focusedInfo,
  homeScreen,
  launchBrowser,
  NEUTRAL_ORIGINS,
  openContext,
  PASSWORD,
  signInScreen,
  signInViaUi,
  signUpViaUi,
  startApp,
  uniqueEmail,
} from './harness.mjs';

const HOME_HEADING = 'A safe space to heal, reflect and plan';
const EXIT = { name: 'Exit now' };

describe('quick exit', () => {
  let app;
  let browser;
  let email;

  before(async () => {
    app = await startApp({ exitPage: true });
    browser = await launchBrowser();
    email = uniqueEmail('exit');
    const ctx = await openContext(browser, app);
    await signUpViaUi(await ctx.newPage(), email);
    ctx.check();
    await ctx.close();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A fresh context (fresh session: each exit ends it on the server) where the exit page loads for real. */
  async function fresh({ signedIn = true, b = browser } = {}) {
    const ctx = await openContext(b, app, { allowOrigins: [app.exitPage.origin] });
    const page = await ctx.newPage();
    if (signedIn) await signInViaUi(page, email, PASSWORD);
    return { ctx, page };
  }

  const leftForExitPage = (page) => page.waitForURL((u) => u.origin === app.exitPage.origin);
  const storedSession = (page) => page.evaluate(() => window.localStorage.getItem('session'));

  it('Back after an exit from four screens deep never shows an app page', async () => {
    const { ctx, page } = await fresh();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [link, heading] of [
      ['Journal', 'Your Private Journal'],
      ['Safety Plan', 'My Safety Plan'],
      ['Mood', 'Mood Tracker'],
      ['Settings', 'Settings'],
    ]) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.getByRole('button', EXIT).click({ force: true }); // the press hides the page at once
    await leftForExitPage(page);
    const visited = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await page.goBack();
      visited.push(page.url());
      if (!res) break;
    }
    assert.ok(
      visited.every((u) => !u.startsWith(app.origin)),
      `Back reached the app: ${visited.join(', ')}`,
    );
    ctx.check();
    await ctx.close();
  });

  it('Back after an exit never shows the app, however many times the tab had loaded it', async () => {
    const { ctx, page } = await fresh();
    // Every document the app draws into from here on is recorded; nothing may be drawn after the exit.
    const drawn = [];
    await page.exposeFunction('e2eDrew', (url) => drawn.push(url));
    await ctx.context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.getElementById('root')?.childElementCount) {
          observer.disconnect();
          void window.e2eDrew?.(window.location.href);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // The app loaded four times in this tab: signing in, a typed address, a bookmark, a reload.
    await page.goto('/journal');
    await page.getByRole('heading', { level: 1, name: 'Your Private Journal' }).waitFor();
    await page.goto('/safety-plan');
    await page.getByRole('heading', { level: 1, name: 'My Safety Plan' }).waitFor();
    await page.reload(); // the address names no screen, but the tab keeps it: a reload stays on it
    await page.getByRole('heading', { level: 1, name: 'My Safety Plan' }).waitFor();
    const drawnBefore = drawn.length;
    assert.ok(drawnBefore >= 3, `the app was drawn on each load: ${drawn.join(', ')}`);

    await page.getByRole('button', EXIT).click({ force: true });
    await leftForExitPage(page);
    const visited = [];
    for (let i = 0; i < 6; i += 1) {
      // A page of the app that Back reaches replaces itself at once, which ends Playwright's wait early.
      const res = await page.goBack().catch(() => 'replaced');
      const left = await page
        .waitForURL((u) => u.origin !== app.origin, { timeout: 5000 })
        .then(() => true, () => false);
      visited.push(page.url());
      if (res === null || !left) break;
    }
    const drawnAfter = drawn.slice(drawnBefore).filter((u) => u.startsWith(app.origin));
    assert.deepEqual(drawnAfter, [], `Back drew the app (visited ${visited.join(', ')})`);
    assert.equal(visited.at(-1), 'about:blank');
    assert.equal(await page.getByRole('heading').count(), 0, 'nothing of the app on the empty page');

    // Opening the address herself later is a new visit: the app starts as usual.
    await page.goto('/');
    await signInScreen(page).waitFor();
    ctx.check();
    await ctx.close();
  });

  it('hides the page and ends the session before the navigation starts; the server forgets the session', async () => {
    const { ctx, page } = await fresh();
    await page.goto('/journal');
    await page.getByLabel('Write your thoughts').fill('Something only I should read');
    const { refresh_token: refreshToken } = JSON.parse(await storedSession(page));
    // A second tab of the app, left open on the safety plan.
    const otherTab = await ctx.newPage();
    await otherTab.goto('/safety-plan');
    await otherTab.getByRole('heading', { level: 1, name: 'My Safety Plan' }).waitFor();
    // What the page looked like at the moment its navigation to the neutral page began.
    let atNavigation = null;
    await page.exposeFunction('e2eAtNavigation', (state) => {
      atNavigation ??= state;
    });
    await page.evaluate(() => {
      window.navigation.addEventListener('navigate', () => {
        void window.e2eAtNavigation({
          hidden: document.documentElement.hasAttribute('data-quick-exit'),
          bodyDisplay: getComputedStyle(document.body).display,
          title: document.title,
          session: window.localStorage.getItem('session'),
        });
      });
    });
    const sent = ctx.context.waitForEvent('request', {
      predicate: (r) => r.url() === `${app.origin}/auth/v1/logout?scope=local` && r.method() === 'POST',
    });
    const logFrom = app.log().length;
    await page.getByRole('button', EXIT).click({ force: true }); // the press hides the page at once
    await leftForExitPage(page);
    assert.deepEqual(atNavigation, { hidden: true, bodyDisplay: 'none', title: 'Loading…', session: null });

    // The revocation outlives the page (keepalive); the server logs it once it has ended the session.
    await sent;
    await app.logged(/method=POST path=\/auth\/v1\/logout status=204/, { from: logFrom });
    const refresh = await fetch(`${app.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    assert.equal(refresh.ok, false, 'the old refresh token still works');

    // The other tab went with it: it now shows the sign-in screen.
    await signInScreen(otherTab).waitFor();
    await otherTab.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();

    await page.goto('/journal');
    await signInScreen(page).waitFor();
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    assert.equal(await storedSession(page), null);
    assert.doesNotMatch(await page.locator('body').innerText(), /Something only I should read/);
    ctx.check();
    await ctx.close();
  });

  for (const key of ['Shift', 'Escape']) {
    it(`${key} three times leaves from /auth, from the journal text area and from the weather disguise`, async () => {
      const { ctx, page } = await fresh({ signedIn: false });
      await page.goto('/auth');
      await page.getByLabel('Email').fill('typing@example.com');
      await page.keyboard.press(key);
      await page.keyboard.press(key);
      assert.equal(
        await page.locator('[data-quick-exit-status]').textContent(),
        `Press ${key} 1 more time to leave this page`,
      );
      await page.keyboard.press(key);
      await leftForExitPage(page);
      await ctx.close();

      const signed = await fresh();
      await signed.page.goto('/journal');
      const text = signed.page.getByLabel('Write your thoughts');
      await text.click();
      await signed.page.keyboard.type('Half a Sentence');
      for (let i = 0; i < 3; i += 1) await signed.page.keyboard.press(key);
      await leftForExitPage(signed.page);
      signed.ctx.check();
      await signed.ctx.close();

      const disguised = await fresh();
      await disguised.page.getByRole('button', { name: 'Weather Mode' }).click();
      await disguised.page.waitForURL((u) => u.pathname === '/weather');
      await disguised.page.getByRole('button', { name: 'Back' }).waitFor();
      assert.equal(await disguised.page.getByRole('button', EXIT).count(), 0, 'no exit bar on a disguise');
      for (let i = 0; i < 3; i += 1) await disguised.page.keyboard.press(key);
      await leftForExitPage(disguised.page);
      disguised.ctx.check();
      await disguised.ctx.close();
    });
  }

  it('a Shift used for capitals while typing does not leave', async () => {
    const { ctx, page } = await fresh({ signedIn: false });
    await page.goto('/auth');
    await page.getByLabel('Email').click();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+KeyA');
    assert.equal(await page.getByLabel('Email').inputValue(), 'AAA');
    assert.equal(new URL(page.url()).origin, app.origin);
    ctx.check();
    await ctx.close();
  });

  it('the exit control is the first focus stop on /auth, home, the 404 page and the loading screen', async () => {
    const firstStop = async (page, where) => {
      await page.keyboard.press('Tab');
      const f = await focusedInfo(page);
      assert.equal(f?.name, 'Exit now', `${where}: first Tab reached ${JSON.stringify(f)}`);
      assert.ok(f.visibleFocus, `${where}: the focus is visible`);
      const box = await page.getByRole('button', EXIT).boundingBox();
      assert.ok(box.width >= 48 && box.height >= 48, `${where}: target ${box.width}×${box.height}`);
    };
    const { ctx, page } = await fresh();
    // Each screen freshly loaded, as she would open it.
    await page.goto('/');
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    await firstStop(page, 'home');
    await page.goto('/no-such-page');
    await page.getByText('Oops! Page not found.').waitFor();
    await firstStop(page, '404');
    await ctx.close();

    const out = await fresh({ signedIn: false });
    await out.page.goto('/auth');
    await out.page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await firstStop(out.page, '/auth');

    // The loading screen: /api/config held back, so the app waits; the exit already works (default pages).
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await out.page.route('**/api/config', async (route) => {
      await held;
      await route.abort().catch(() => undefined);
    });
    await out.page.goto('/auth');
    await out.page.getByText('Loading application...').waitFor();
    await firstStop(out.page, 'loading');
    await out.page.keyboard.press('Enter');
    await out.page.waitForURL((u) => NEUTRAL_ORIGINS.includes(u.origin));
    release();
    out.ctx.check();
    await out.ctx.close();
  });

  it('a page restored from the back/forward cache shows nothing of the app, then loads afresh', async () => {
    const cachingBrowser = await launchBrowser({ backForwardCache: true });
    try {
      const { ctx, page } = await fresh({ b: cachingBrowser });
      await page.goto('/journal');
      await page.getByLabel('Write your thoughts').fill('Kept out of sight');
      // Records, across the reload that follows, what the restored page showed when it came back.
      await page.evaluate(() => {
        window.addEventListener('pageshow', (e) => {
          window.sessionStorage.setItem(
            'e2e-restore',
            JSON.stringify({ persisted: e.persisted, bodyDisplay: getComputedStyle(document.body).display }),
          );
        });
      });
      await page.goto(app.exitPage.url);
      await page.goBack();
      // Loaded afresh at the neutral address, the app opens on its home page.
      await homeScreen(page).waitFor();
      const restore = JSON.parse(await page.evaluate(() => window.sessionStorage.getItem('e2e-restore')));
      assert.deepEqual(restore, { persisted: true, bodyDisplay: 'none' }, 'restored from the cache, hidden');
      assert.equal(
        await page.evaluate(() => performance.getEntriesByType('navigation')[0].type),
        'reload',
        'then loaded afresh, so the app decides what to show',
      );
      assert.equal(await page.getByText('Kept out of sight').count(), 0, 'the typed text did not come back');
      assert.equal(await page.getByLabel('Write your thoughts').count(), 0);
      ctx.check();
      await ctx.close();
    } finally {
      await cachingBrowser.close();
    }
  });
});
