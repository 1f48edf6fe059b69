// Issue 9 §2: nothing readable after sign-out or quick exit; each account its own data; the plain format of
// earlier versions moved into the encrypted store; the optional PIN; 'Remember my e-mail on this device'.
// Every storage area of the origin is searched for the words she wrote.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import {
  assertNoSeriousA11yViolations,
  browserSuite,
  signInScreen,
  signInViaUi,
  signUpViaUi,
  uniqueEmail,
} from './harness.mjs';
import { everythingStored, readVault } from './vault-reader.mjs';

const JOURNAL = 'Journal words about the lighthouse at dawn';
const DRAFT = 'Draft words I have not saved yet';
const SAFETY = 'Safety words: spare keys under the blue pot';
const MOOD = 'Mood words after a quiet evening';
const WRITTEN = [JOURNAL, DRAFT, SAFETY, MOOD];

describe('vault', () => {
  const suite = browserSuite();
  let app;
  let page;
  beforeEach(() => ({ app, page } = suite));

  const open = async (path, title) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  };
  const logout = async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();
  };
  const assertNothingReadable = async (when, words = WRITTEN) => {
    const all = await everythingStored(page);
    for (const w of words) assert.ok(!all.includes(w), `${when}: "${w}" is readable in storage`);
  };
  const writeJournal = async (text) => {
    await open('/journal', 'Your Private Journal');
    await page.getByLabel('Write your thoughts').fill(text);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.journal-entries > li', { hasText: text }).waitFor();
  };
  const journalEmpty = () =>
    page.getByText('Your journal entries will appear here. Start by writing your first entry above.');

  it('after sign-out and after a quick exit no storage area holds her words, and signing in brings all back', async () => {
    const email = uniqueEmail('vault-out');
    await signUpViaUi(page, email);
    await writeJournal(JOURNAL);
    await page.getByLabel('Write your thoughts').fill(DRAFT);
    // Leaving the journal stores the draft (encrypted) at once.
    await page.getByRole('link', { name: 'Safety Plan' }).first().click();
    await page.waitForFunction(() => Object.keys(window.localStorage).some((k) => /^data:[^:]+:4$/.test(k)));
    assert.equal(await readVault(page, 'journal-draft'), DRAFT);

    await open('/safety-plan', 'My Safety Plan');
    await page.getByLabel('What would you like to add?').fill(SAFETY);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByText(SAFETY).waitFor();
    await open('/mood', 'Mood Tracker');
    await page.getByRole('group', { name: 'Choose your mood' }).getByRole('button', { name: 'Good', exact: true }).click();
    await page.getByLabel('Notes (optional)').fill(MOOD);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.mood-history', { hasText: MOOD }).waitFor();
    assert.deepEqual(
      (await readVault(page, 'mood-entries')).map((m) => m.notes),
      [MOOD],
      'SPEC shape inside the encryption',
    );
    await assertNothingReadable('while signed in');

    await logout();
    await assertNothingReadable('after sign-out');
    assert.ok(
      (await page.evaluate(() => Object.keys(window.localStorage))).some((k) => k.startsWith('data:')),
      'the encrypted records stay on the device',
    );

    await signInViaUi(page, email);
    await open('/journal', 'Your Private Journal');
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    await page.getByText('We kept what you were writing last time. It is back in the box below.').waitFor();
    assert.equal(await page.getByLabel('Write your thoughts').inputValue(), DRAFT);

    // Quick exit as docs/product.md describes it: the stored session goes, then the page is replaced by a neutral site.
    await Promise.all([
      page.waitForURL((u) => u.origin !== app.origin),
      page.evaluate(() => {
        window.localStorage.removeItem('session');
        window.location.replace('https://www.wikipedia.org/');
      }),
    ]);
    await page.goto('/journal');
    await signInScreen(page).waitFor();
    await assertNothingReadable('after a quick exit');

    await signInViaUi(page, email);
    await open('/safety-plan', 'My Safety Plan');
    await page.getByText(SAFETY).waitFor();
    await open('/mood', 'Mood Tracker');
    await page.locator('.mood-history', { hasText: MOOD }).waitFor();
  });

  it('after the idle sign-out no storage area holds her words, and her unsaved draft is offered back', async () => {
    const email = uniqueEmail('vault-idle');
    await page.clock.install();
    await signUpViaUi(page, email);
    await writeJournal(JOURNAL);
    await page.getByLabel('Write your thoughts').fill(DRAFT);
    // No input at all for longer than the idle limit (2 minutes) and its check interval.
    await page.clock.runFor(2 * 60_000 + 30_000 + 1_000);
    await page.waitForFunction(() => window.localStorage.getItem('session') === null);
    await page.getByLabel('Write your thoughts').waitFor({ state: 'detached' });
    await assertNothingReadable('after the idle sign-out', [JOURNAL, DRAFT]);

    // The idle sign-out lands on the weather disguise; she comes back through its hidden way (a 2 s press).
    await page.waitForURL((u) => u.pathname === '/weather');
    await page.getByRole('heading', { level: 1, name: 'Weather' }).focus();
    await page.keyboard.down('Enter');
    await page.clock.runFor(2_100);
    await signInScreen(page).waitFor();
    await page.keyboard.up('Enter');
    await signInViaUi(page, email);
    await open('/journal', 'Your Private Journal');
    await page.getByText('We kept what you were writing last time. It is back in the box below.').waitFor();
    assert.equal(await page.getByLabel('Write your thoughts').inputValue(), DRAFT);
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
  });

  it('a second account on the same browser sees none of the first; the first sees all of hers again', async () => {
    const first = uniqueEmail('vault-first');
    const second = uniqueEmail('vault-second');
    await signUpViaUi(page, first);
    await writeJournal(JOURNAL);
    await logout();

    await signUpViaUi(page, second);
    await open('/journal', 'Your Private Journal');
    await journalEmpty().waitFor();
    assert.equal(await page.getByText(JOURNAL).count(), 0);
    await writeJournal('The second account writes this');
    await logout();

    await signInViaUi(page, first);
    await open('/journal', 'Your Private Journal');
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    assert.equal(await page.locator('.journal-entries > li').count(), 1);
    assert.equal(await page.getByText('The second account writes this').count(), 0);
  });

  it('entries in the plain format of earlier versions move into her encrypted store at sign-in', async () => {
    await page.goto('/auth');
    await page.evaluate(
      ({ journal, safety, mood }) => {
        window.localStorage.setItem(
          'journal-entries',
          JSON.stringify([{ id: '1700000000000', content: journal, timestamp: 1700000000000, aiResponse: 'You matter.' }]),
        );
        window.localStorage.setItem('safety-plan-items', JSON.stringify([{ id: 's1', category: 'safe-places', content: safety }]));
        window.localStorage.setItem('mood-entries', JSON.stringify([{ id: 'm1', date: '2026-01-02', mood: 4, notes: mood }]));
      },
      { journal: JOURNAL, safety: SAFETY, mood: MOOD },
    );
    const email = uniqueEmail('vault-migrate');
    await signUpViaUi(page, email);
    await open('/journal', 'Your Private Journal');
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    for (const key of ['journal-entries', 'safety-plan-items', 'mood-entries']) {
      assert.equal(await page.evaluate((k) => window.localStorage.getItem(k), key), null, `plain ${key} removed`);
    }
    assert.deepEqual(await readVault(page, 'safety-plan-items'), [{ id: 's1', category: 'safe-places', content: SAFETY }]);
    await assertNothingReadable('after the move');
    await open('/mood', 'Mood Tracker');
    await page.locator('.mood-history', { hasText: MOOD }).waitFor();

    await logout();
    await signInViaUi(page, email);
    await open('/safety-plan', 'My Safety Plan');
    await page.getByText(SAFETY).waitFor();
  });

  it('PIN: a warning first; asked after reload; a wrong PIN opens nothing, the right one all', async () => {
    const email = uniqueEmail('vault-pin');
    await signUpViaUi(page, email);
    await writeJournal(JOURNAL);
    await open('/settings', 'Settings');
    await page.getByRole('button', { name: 'Set a PIN' }).click();
    await page.getByText(/If you forget it, your journal, safety plan and mood history on this device cannot be opened again/).waitFor();
    await page.getByLabel('PIN (4 to 12 digits)').fill('13579');
    await page.getByLabel('Type the PIN again').fill('13579');
    await page.getByRole('button', { name: 'Save PIN' }).click();
    await page.getByText('Your PIN is set. You will be asked for it after you sign in.').waitFor();

    await page.goto('/journal');
    const pin = page.getByLabel('PIN', { exact: true });
    await pin.waitFor();
    assert.equal(await page.getByText(JOURNAL).count(), 0, 'nothing shown before the PIN');
    await assertNoSeriousA11yViolations(page, 'the PIN prompt');
    await pin.fill('24680');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That PIN is not right. Nothing was opened and nothing was lost. 4 tries are left.' })
      .waitFor();
    await pin.fill('13579');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();

    // Five wrong tries, the waits and the lockout: e2e/pin.test.mjs.
  });

  it("with 'Remember my e-mail on this device' off, nothing of her e-mail stays after sign-out", async () => {
    const email = uniqueEmail('vault-forget');
    await signUpViaUi(page, email);
    assert.equal(await page.evaluate(() => window.localStorage.getItem('remembered-name')), null, 'off by default');
    await open('/settings', 'Settings');
    const box = page.getByRole('checkbox', { name: 'Remember my e-mail on this device' });
    assert.equal(await box.isChecked(), false);
    // On and off again: what was remembered meanwhile is forgotten.
    await box.check();
    await logout();
    await signInViaUi(page, email);
    await logout();
    assert.equal(await page.getByLabel('Email').inputValue(), email, 'remembered while it was on');
    await signInViaUi(page, email);
    await open('/settings', 'Settings');
    await box.uncheck();
    await logout();
    assert.equal(await page.getByLabel('Email').inputValue(), '');
    const local = email.split('@')[0];
    assert.ok(!(await everythingStored(page)).includes(local), 'no trace of the e-mail after sign-out');

    await signInViaUi(page, email);
    await logout();
    assert.ok(!(await everythingStored(page)).includes(local), 'signing in again does not store it either');
  });
});
