// The idle lock and the disguise hold beyond one page load: idle across a reload and a new tab on a
// controlled clock, the idle sign-out landing on the disguise chosen in Settings, disguise mode kept by the
// browser (new tab, every page closed, a restarted browser), the tab title while a disguise reloads, the
// hidden way back into the app; and the Settings switch that turns Voice Entry off.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { browserSuite, openContext, signInScreen, signUpViaUi, uniqueEmail } from './harness.mjs';

/**
 * Records, from the first moment of every document, each tab title and whether anything of the signed-in app
 * (its main navigation or Logout) or the sign-in page (its safety note) was ever in the page.
 */
function watchEveryFrame() {
  const record = { titles: [], app: false, welcome: false };
  Object.defineProperty(window, '__watch', { value: record });
  const look = () => {
    const title = document.title;
    if (title && record.titles.at(-1) !== title) record.titles.push(title);
    if (document.querySelector('nav[aria-label="Main"]')) record.app = true;
    if (document.body?.textContent?.includes('Your safety is our priority')) record.welcome = true;
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  look();
}

const watched = (page) => page.evaluate(() => window.__watch);

describe('the idle lock and the disguise hold', () => {
  // Each test signs up its own account: an idle lock ends the session on the server, so no session is shared.
  const suite = browserSuite();
  let app;
  let browser;
  let ctx;
  let page;
  beforeEach(async () => {
    ({ app, browser, ctx, page } = suite);
    await signUpViaUi(page, uniqueEmail('holds'));
    await ctx.context.addInitScript(watchEveryFrame);
  });

  const journal = () => page.getByRole('heading', { level: 1, name: 'Your Private Journal' });
  const weatherTitle = (p = page) => p.getByRole('heading', { level: 1, name: 'Weather' });
  const notesTitle = (p = page) => p.getByRole('heading', { level: 1, name: 'Notes' });
  const storedSession = (p = page) => p.evaluate(() => window.localStorage.getItem('session'));

  it('idle across a reload: the reload does not restart the 2 minutes', async () => {
    await page.clock.install();
    await page.goto('/journal');
    await journal().waitFor();
    await page.clock.runFor(100_000);
    // A reload opens the home page: the address names no screen to come back to.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'A safe space to heal, reflect and plan' }).waitFor();
    assert.ok(await storedSession(), '100 s after the last activity she is still signed in');

    // 30 s after the reload is 130 s after the last activity: locked, although this page is only 30 s old.
    await page.clock.runFor(31_000);
    await page.waitForURL((u) => u.pathname === '/weather');
    await weatherTitle().waitFor();
    assert.equal(await storedSession(), null);
    assert.equal(await page.title(), 'Weather Forecast');
  });

  it('a tab opened more than 2 minutes after the last activity never shows a signed-in screen; open tabs follow', async () => {
    await page.goto('/journal');
    await journal().waitFor();

    // A second tab whose clock stands 3 minutes later: the session was last used 3 minutes ago.
    const later = await ctx.newPage();
    await later.clock.install({ time: new Date(Date.now() + 3 * 60_000) });
    const revoked = ctx.context.waitForEvent('request', { predicate: (r) => r.url().includes('/auth/v1/logout') });
    await later.goto('/journal');
    await later.waitForURL((u) => u.pathname === '/weather');
    await weatherTitle(later).waitFor();
    const seen = await watched(later);
    assert.equal(seen.app, false, 'no frame of the signed-in app was shown');
    assert.equal(seen.welcome, false, 'nor the sign-in page');
    assert.equal(await storedSession(later), null, 'the stored session is gone');
    await revoked; // the session is ended on the server too

    // The tab left open on the journal followed into the disguise, not through the sign-in page.
    await page.waitForURL((u) => u.pathname === '/weather');
    await weatherTitle().waitFor();
    assert.equal((await watched(page)).welcome, false);
    assert.equal(await journal().count(), 0);

    // And the same after every page was closed: a new one, later still, shows the disguise.
    await page.close();
    await later.close();
    const reopened = await ctx.newPage();
    await reopened.goto('/');
    await reopened.waitForURL((u) => u.pathname === '/weather');
    assert.equal((await watched(reopened)).app, false);
  });

  it('the idle sign-out lands on the disguise she chose in Settings', async () => {
    await page.clock.install();
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'The notes screen' }).check();
    await page.clock.runFor(2 * 60_000 + 30_000 + 1_000);
    await page.waitForURL((u) => u.pathname === '/notes');
    await notesTitle().waitFor();
    assert.equal(await page.title(), 'Quick Notes');
    assert.equal(await storedSession(), null);
    assert.equal(await page.getByText('Your safety is our priority', { exact: false }).count(), 0);
  });

  it('disguise mode stays: a new tab, every page closed, a restarted browser all show the disguise', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Notes Mode' }).click();
    await notesTitle().waitFor();

    const tab = await ctx.newPage();
    await tab.goto('/');
    await tab.waitForURL((u) => u.pathname === '/notes');
    await notesTitle(tab).waitFor();
    await tab.goto('/journal');
    await tab.waitForURL((u) => u.pathname === '/notes');
    await notesTitle(tab).waitFor();
    const seen = await watched(tab);
    assert.equal(seen.app, false, 'no frame of the app in the new tab');
    assert.deepEqual(seen.titles, ['Quick Notes'], 'the tab never showed another title, not even while loading');

    await page.close();
    await tab.close();
    const after = await ctx.newPage();
    await after.goto('/settings');
    await after.waitForURL((u) => u.pathname === '/notes');
    assert.equal(await after.title(), 'Quick Notes');
    assert.equal((await watched(after)).app, false);

    // A browser restart keeps local storage, as a new context from the saved state does.
    const saved = await ctx.context.storageState();
    const restarted = await ctx.context.browser().newContext({ baseURL: app.url, storageState: saved });
    try {
      const fresh = await restarted.newPage();
      await fresh.goto('/');
      await fresh.waitForURL((u) => u.pathname === '/notes');
      await notesTitle(fresh).waitFor();
      assert.equal(await fresh.title(), 'Quick Notes');
    } finally {
      await restarted.close();
    }
  });

  it('the tab title never shows the product name while /weather or /notes reloads', async () => {
    for (const [path, title, icon, heading] of [
      ['/weather', 'Weather Forecast', '/icons/weather-192.png', weatherTitle],
      ['/notes', 'Quick Notes', '/icons/notes-192.png', notesTitle],
    ]) {
      // What the server sends, before any script runs.
      const html = await (await fetch(`${app.url}${path}`)).text();
      assert.match(html, new RegExp(`<title>${title}</title>`));
      assert.doesNotMatch(html, /Solace/);

      await page.goto(path);
      await heading().waitFor();
      for (let i = 0; i < 3; i += 1) {
        await page.reload();
        await heading().waitFor();
        const seen = await watched(page);
        assert.deepEqual(seen.titles, [title], `${path}, reload ${i + 1}: every title the tab showed`);
        assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), icon);
      }
    }
  });

  it('the hidden way back: a click or a short press does nothing, a 2 s press returns (to sign-in: she has no PIN)', async () => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Weather Mode' }).click();
    await weatherTitle().waitFor();

    await weatherTitle().click();
    const box = await weatherTitle().boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.clock.runFor(1_500);
    await page.mouse.up();
    await page.clock.runFor(5_000);
    assert.equal(new URL(page.url()).pathname, '/weather', 'a casual click or press stays in the disguise');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('view-mode')), 'weather');

    // Entering the disguise without a PIN signed her out: the way back leads to the sign-in screen.
    await page.mouse.down();
    await page.clock.runFor(2_100);
    await signInScreen(page).waitFor();
    await page.mouse.up();
    assert.equal(await page.title(), 'Welcome');
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('view-mode')), null);

    // The same by keyboard, from a disguise opened by its address.
    await page.goto('/notes');
    await notesTitle().focus();
    await page.keyboard.down('Enter');
    await page.clock.runFor(2_100);
    await signInScreen(page).waitFor();
    await page.keyboard.up('Enter');
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
  });

  it('the hidden way back works by touch: a finger held on the title for 2 s, not a tap', async () => {
    const touch = await openContext(browser, app, { hasTouch: true, viewport: { width: 390, height: 800 } });
    try {
      const phone = await touch.newPage();
      await signUpViaUi(phone, uniqueEmail('touch'));
      await phone.clock.install();
      await phone.goto('/');
      await phone.getByRole('button', { name: 'Emergency options' }).tap();
      await phone.getByRole('button', { name: 'Notes App' }).tap();
      await notesTitle(phone).waitFor();

      const box = await notesTitle(phone).boundingBox();
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await notesTitle(phone).tap();
      const cdp = await touch.context.newCDPSession(phone);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await phone.clock.runFor(1_000);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await phone.clock.runFor(5_000);
      assert.equal(new URL(phone.url()).pathname, '/notes', 'a tap or a short touch stays in the disguise');

      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await phone.clock.runFor(2_100);
      await signInScreen(phone).waitFor();
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      touch.check();
    } finally {
      await touch.close();
    }
  });

  it('Voice Entry turned off in Settings is gone from the journal, also after a reload', async () => {
    await page.goto('/journal');
    await page.getByRole('button', { name: 'Voice Entry' }).waitFor();
    await page.goto('/settings');
    await page.getByRole('checkbox', { name: 'Offer Voice Entry in the journal' }).uncheck();
    await page.goto('/journal');
    await journal().waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journal', exact: true }).click();
    await journal().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Voice Entry' }).count(), 0);
    assert.equal(await page.getByLabel('Write your thoughts').getAttribute('placeholder'), 'Start writing…');
  });
});
