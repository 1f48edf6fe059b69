// Issue 12: a recovery link handed over in person. She opens it, chooses a new password, and what she wrote
// on this device before is still there to read; the link works once, and a second try says so plainly.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { address, browserSuite, PASSWORD, signInScreen, signInViaUi, signUpViaUi, uniqueEmail } from './harness.mjs';

const JOURNAL = 'Journal words written before the password was lost';
const NEW_PASSWORD = 'Tide-Pool-Lantern-7!';
const EXPIRED = 'This link has expired or was already used. Ask the person who gave it to you for a new one.';

describe('recovery link', () => {
  const suite = browserSuite();

  it('opens a new-password screen; afterwards the new password works and her journal is still readable', async () => {
    const { app, page } = suite;
    const email = uniqueEmail('recovery');
    await signUpViaUi(page, email);
    await page.goto('/journal');
    await page.getByLabel('Write your thoughts').fill(JOURNAL);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();

    const link = app.command(['users', 'recovery-link', email]).trim();
    assert.match(link, /\/auth\/v1\/verify\?type=recovery&token=/);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the tokens left the address');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();

    await page.goto('/journal');
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();

    // Signed out and in again with the new password: still hers, still readable.
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();
    await signInViaUi(page, email, NEW_PASSWORD);
    await page.goto('/journal');
    await page.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();

    // The link was used: a second try lands on the sign-in page with a plain sentence.
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: EXPIRED }).waitFor();
    assert.equal(address(page), '/');
    assert.equal(await signInScreen(page).count(), 1);
    assert.ok(!page.url().includes('otp_expired'), 'the error left the address');
    // The old password is gone for good.
    await page.getByLabel('Email or sign-in name', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    suite.ctx.expectFailedResource(/\/auth\/v1\/token\?grant_type=password$/, 400);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor();
  });
});
