// Issue 12 'Delete my account' against the real embedded auth service: a wrong password deletes nothing; the
// right one removes the account, leaves nothing of hers in any storage area and lands on sign-in (another open
// tab too), where her old password no longer works.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { address, browserSuite, checkScreen, PASSWORD, signInScreen, signUpViaUi, uniqueEmail } from './harness.mjs';
import { everythingStored } from './vault-reader.mjs';

const JOURNAL = 'Words about the garden gate I never told anyone';

describe('delete my account', () => {
  const suite = browserSuite();
  let ctx;
  let page;
  beforeEach(() => ({ ctx, page } = suite));

  const askToDelete = async (password) => {
    await page.goto('/settings');
    await page.getByLabel('Your password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
  };

  it('a wrong password deletes nothing; the right one clears the device and lands on sign-in', async () => {
    const email = uniqueEmail('delete');
    await signUpViaUi(page, email);
    await page.goto('/journal');
    await page.getByLabel('Write your thoughts').fill(JOURNAL);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'settings-delete-account');

    const refused = ctx.expectFailedResource(/\/auth\/v1\/user\/delete$/, 400);
    await askToDelete('Not-Her-Password-1');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent()).trim(), 'That password is not right. Nothing has been deleted.');
    assert.equal(refused.seen, 1);
    await page.goto('/journal');
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();

    // A second tab left open on her journal goes with the account: loaded afresh, so not even its memory
    // keeps her opened journal.
    const otherTab = await ctx.newPage();
    await otherTab.goto('/journal');
    await otherTab.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    await otherTab.evaluate(() => {
      window.e2eOpenedBefore = true;
    });
    const otherReloaded = otherTab.waitForEvent('load');

    await askToDelete(PASSWORD);
    await signInScreen(page).waitFor();
    await otherReloaded;
    await signInScreen(otherTab).waitFor();
    assert.equal(await otherTab.evaluate(() => window.e2eOpenedBefore), undefined, 'the other tab was not reloaded');
    await otherTab.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    assert.doesNotMatch(await otherTab.locator('body').innerText(), new RegExp(JOURNAL));
    await otherTab.close();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const stored = await everythingStored(page);
    for (const mine of [JOURNAL, email, email.split('@')[0], '"session":', '"keys:']) {
      assert.ok(!stored.includes(mine), `"${mine}" is still stored: ${stored}`);
    }
    assert.equal(await page.getByLabel('Email').inputValue(), '', 'her e-mail is not remembered');

    const failed = ctx.expectFailedResource(/\/auth\/v1\/token\?grant_type=password$/, 400);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor();
    assert.equal(address(page), '/');
    assert.equal(await signInScreen(page).count(), 1);
    assert.equal(failed.seen, 1);
  });
});
