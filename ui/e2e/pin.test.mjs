// A PIN she can forget (docs/vault.md, "The PIN"): the wrong-try count is kept on the device across sign-ins
// with growing waits, a lockout lands on her disguise, the PIN screen shows whom to call, and 'I forgot my PIN'
// starts afresh on this device. Against the real binary; the page's clock is Playwright's, to skip the waits.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { browserSuite, checkScreen, signInScreen, signInViaUi, signUpViaUi, uniqueEmail } from './harness.mjs';
import { everythingStored } from './vault-reader.mjs';

const JOURNAL = 'Words about the garden gate at night';
const PIN = '13579';

describe('a PIN she can forget', () => {
  const suite = browserSuite();
  let page;
  let ctx;
  beforeEach(() => ({ page, ctx } = suite));

  const pinField = () => page.getByLabel('PIN', { exact: true });
  const tryPin = async (pin) => {
    await pinField().fill(pin);
    await page.getByRole('button', { name: 'Unlock' }).click();
  };
  const alertSays = (text) => page.getByRole('alert').filter({ hasText: text }).waitFor();

  /** A new account with one journal entry and a PIN; ends on the PIN screen after a page load. */
  const accountWithPin = async (tag) => {
    const email = uniqueEmail(tag);
    await signUpViaUi(page, email);
    await page.goto('/journal');
    await page.getByLabel('Write your thoughts').fill(JOURNAL);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set a PIN' }).click();
    await page.getByLabel('PIN (4 to 12 digits)').fill(PIN);
    await page.getByLabel('Type the PIN again').fill(PIN);
    await page.getByRole('button', { name: 'Save PIN' }).click();
    await page.getByText('Your PIN is set. You will be asked for it after you sign in.').waitFor();
    await page.goto('/journal');
    await pinField().waitFor();
    return email;
  };

  it('keeps the wrong-try count across sign-ins, makes her wait, and a lockout lands on her disguise', async () => {
    await page.clock.install();
    const email = await accountWithPin('pin-count');
    await tryPin('00000');
    await alertSays('4 tries are left.');
    await tryPin('00000');
    await alertSays('3 tries are left.');

    // Someone with her password signs out and in again, hoping for five fresh tries.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInScreen(page).waitFor();
    await signInViaUi(page, email);
    await pinField().waitFor();
    await tryPin('00000');
    await alertSays('2 tries are left. You can try again in 30 seconds.');
    assert.equal(await page.getByRole('button', { name: 'Unlock' }).isDisabled(), true, 'no try during the wait');
    await checkScreen(page, 'pin-wait');

    await page.clock.fastForward(31_000);
    await tryPin('00000');
    await alertSays('One try is left; after that you will be signed out. You can try again in 60 seconds.');
    await page.clock.fastForward(61_000);
    await tryPin('00000');
    await page.getByRole('heading', { level: 1, name: 'Weather' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Welcome', exact: true }).count(), 0);
    assert.equal(await page.evaluate(() => window.localStorage.getItem('session')), null, 'signed out');
    assert.ok(!(await everythingStored(page)).includes(JOURNAL));
  });

  it("shows whom to call, and 'I forgot my PIN' starts afresh on this device once she confirms", async () => {
    await accountWithPin('pin-forgot');
    const police = page.getByRole('link', { name: 'Police: 100' });
    assert.equal(await police.getAttribute('href'), 'tel:100');
    await checkScreen(page, 'pin-prompt');

    await page.getByRole('button', { name: 'I forgot my PIN' }).click();
    await page.getByRole('heading', { name: 'Forgot your PIN?' }).waitFor();
    await page.getByText(/removed from this device for good/).waitFor();
    await checkScreen(page, 'pin-forgot');
    await page.getByRole('button', { name: 'Remove my records from this device and start afresh' }).click();
    await pinField().waitFor({ state: 'detached' });
    // The address names no screen, so the app opens where a fresh load does; her journal is empty.
    await page.goto('/journal');
    await page.getByRole('heading', { level: 1, name: 'Your Private Journal' }).waitFor();
    await page.getByText('Your journal entries will appear here. Start by writing your first entry above.').waitFor();
    const kept = await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('data:')));
    assert.ok(!kept.some((k) => /^data:[^:]+:1$/.test(k)), `her old records are gone: ${kept}`);

    // She goes on without a PIN: a reload opens the app where she was, and new entries save.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your Private Journal' }).waitFor();
    assert.equal(await pinField().count(), 0);
    ctx.check();
  });
});
