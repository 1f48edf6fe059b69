// Entering a disguise locks her records at once (docs/product.md, "Disguise mode"): without a PIN it signs her out
// (here and on the server) and the way back asks for her password; with a PIN the way back asks for the PIN. Nothing
// she wrote shows before. Tapping and typing on a disguise does not postpone the idle lock.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { address, browserSuite, signInScreen, signInViaUi, signUpViaUi, uniqueEmail } from './harness.mjs';

const ENTRY = 'He read my messages again last night';
const PIN = '97531';

/** Records, from the first moment of the document, whether her journal entry was ever on the page. */
function watchForEntry(entry) {
  const record = { seen: false };
  Object.defineProperty(window, '__entry', { value: record });
  const look = () => {
    if (document.body?.textContent?.includes(entry)) record.seen = true;
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
}

describe('entering a disguise locks her records', () => {
  const suite = browserSuite();
  let ctx;
  let page;
  beforeEach(async () => {
    ({ ctx, page } = suite);
    await ctx.context.addInitScript(watchForEntry, ENTRY);
  });

  const storedSession = () => page.evaluate(() => window.localStorage.getItem('session'));
  const entrySeen = () => page.evaluate(() => window.__entry.seen);
  const forgetSeen = () => page.evaluate(() => (window.__entry.seen = false));
  const menu = (name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });
  const pinField = () => page.getByLabel('PIN', { exact: true });

  async function writeEntry() {
    await menu('Journal').click();
    await page.getByLabel('Write your thoughts').fill(ENTRY);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.journal-entries > li', { hasText: ENTRY }).waitFor();
  }

  async function setPin() {
    await menu('Settings').click();
    await page.getByRole('button', { name: 'Set a PIN' }).click();
    await page.getByLabel('PIN (4 to 12 digits)').fill(PIN);
    await page.getByLabel('Type the PIN again').fill(PIN);
    await page.getByRole('button', { name: 'Save PIN' }).click();
    await page.getByText('Your PIN is set.', { exact: false }).waitFor();
  }

  /** 'Weather App' or 'Notes App' from the red emergency button, from the journal with her entry on screen. */
  async function enterFromEmergencyMenu(button, title) {
    await menu('Journal').click();
    await page.getByText(ENTRY).waitFor();
    await page.getByRole('button', { name: 'Emergency options' }).click();
    await page.getByRole('button', { name: button }).click();
    await heading(title).waitFor();
    await forgetSeen();
  }

  /** The hidden way back: the disguise's title held down until `until` shows (the clock run on when controlled). */
  async function holdTitle(title, until, { clock = false } = {}) {
    await heading(title).scrollIntoViewIfNeeded();
    const box = await heading(title).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    if (clock) await page.clock.runFor(2_100);
    await until.waitFor();
    await page.mouse.up();
  }

  it('without a PIN: Weather App and Notes App sign her out; the way back asks for her password, showing nothing of hers', async () => {
    const email = uniqueEmail('lock-nopin');
    await signUpViaUi(page, email);
    await writeEntry();
    for (const [button, title, path] of [
      ['Weather App', 'Weather', '/weather'],
      ['Notes App', 'Notes', '/notes'],
    ]) {
      const ended = ctx.context.waitForEvent('request', { predicate: (r) => r.url().endsWith('/auth/v1/logout?scope=local') });
      await enterFromEmergencyMenu(button, title);
      assert.equal(address(page), path);
      await ended; // the session is ended on the server, as the quick exit ends it
      assert.equal(await storedSession(), null, `${button}: no session is kept on the device`);

      await holdTitle(title, signInScreen(page));
      await page.getByLabel('Password', { exact: true }).waitFor();
      assert.equal(await entrySeen(), false, `${button}: her entry never showed on the way back`);
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);

      // Her password brings everything back.
      await signInViaUi(page, email);
      await menu('Journal').click();
      await page.getByText(ENTRY).waitFor();
    }
  });

  it('with a PIN: the session stays, and the way back asks for the PIN before anything of hers shows', async () => {
    await signUpViaUi(page, uniqueEmail('lock-pin'));
    await writeEntry();
    await setPin();
    for (const [button, title] of [
      ['Notes App', 'Notes'],
      ['Weather App', 'Weather'],
    ]) {
      await enterFromEmergencyMenu(button, title);
      assert.ok(await storedSession(), `${button}: she stays signed in`);

      await holdTitle(title, pinField());
      assert.equal(await entrySeen(), false, `${button}: her entry never showed before the PIN`);
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
      await pinField().fill(PIN);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await menu('Journal').click();
      await page.getByText(ENTRY).waitFor();
    }
  });

  it('tapping and typing on a disguise does not postpone the idle lock', async () => {
    await signUpViaUi(page, uniqueEmail('lock-idle'));
    await writeEntry();
    // With a PIN the session outlives the disguise, so only the idle lock can end it.
    await setPin();
    await page.clock.install();
    await page.goto('/');
    await pinField().fill(PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await enterFromEmergencyMenu('Weather App', 'Weather');
    const ended = ctx.context.waitForEvent('request', { predicate: (r) => r.url().includes('/auth/v1/logout') });

    // 2 min 40 s of someone tapping, scrolling and typing on the weather screen.
    for (let i = 0; i < 16; i += 1) {
      await page.mouse.click(40, 400 + i);
      await page.mouse.wheel(0, 40);
      await page.keyboard.press('Tab');
      await page.clock.runFor(10_000);
    }
    await page.waitForFunction(() => window.localStorage.getItem('session') === null);
    await ended;
    await heading('Weather').waitFor(); // the disguise stays on screen

    await holdTitle('Weather', signInScreen(page), { clock: true });
    assert.equal(await entrySeen(), false);
  });
});
