// Issue 12 two-step sign-in in a real browser against the embedded auth service: she adds an authenticator
// app in Settings (the test plays the app, computing codes from the key shown as text), signs out, and
// signing in then asks for the code before the app opens; a wrong code is refused in plain words.
import assert from 'node:assert/strict';
import path from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { freshStep, totpCode } from '../../tests/support/totp.mjs';
import { ARTIFACTS_DIR, browserSuite, checkScreen, PASSWORD, signInScreen, signUpViaUi, uniqueEmail } from './harness.mjs';

/**
 * The next code her app would give that the server has not seen: one step back is accepted, a used step
 * never again, so each code is the oldest step still in the window and newer than the last one used.
 */
async function nextCode(secret, lastUsed = -Infinity) {
  const step = Math.max((await freshStep()) - 1, lastUsed + 1);
  return { step, code: totpCode(secret, step) };
}

describe('two-step sign-in', () => {
  const suite = browserSuite();
  let ctx;
  let page;
  beforeEach(() => ({ ctx, page } = suite));

  /** Someone who knows her password, outside her browser: signs in and plants an authenticator of his own. */
  async function plantAuthenticator(email) {
    const api = async (pathname, token, body) => {
      const res = await fetch(`${suite.app.url}/auth/v1${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      assert.equal(res.status, 200, JSON.stringify(json));
      return json;
    };
    const his = await api('/token?grant_type=password', null, { email, password: PASSWORD });
    const factor = await api('/factors', his.access_token, { factor_type: 'totp', friendly_name: 'His' });
    const challenge = await api(`/factors/${factor.id}/challenge`, his.access_token, {});
    const { code } = await nextCode(factor.totp.secret);
    await api(`/factors/${factor.id}/verify`, his.access_token, { challenge_id: challenge.id, code });
  }

  it('an authenticator someone else added is announced at her sign-in, and she removes it without its code', async () => {
    const email = uniqueEmail('planted');
    await signUpViaUi(page, email);
    await page.goto('/journal');
    await page.getByLabel('Write your thoughts').fill('only mine to read');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.locator('.journal-entries > li', { hasText: 'only mine to read' }).waitFor();

    await plantAuthenticator(email);
    // His confirmation ended her open session: the app finds that out when it next asks the server.
    ctx.expectFailedResource(/\/api\/vault\/secret$/, 401);
    ctx.expectFailedResource(/\/auth\/v1\/logout\?scope=local$/, 403);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const notice = page.getByRole('region', { name: 'Did you add an authenticator app?' });
    await notice.waitFor();
    assert.match(await notice.textContent(), /added to your account on .+ you can remove it here without its code/);
    await checkScreen(page, 'two-step-planted-authenticator');
    await notice.getByRole('button', { name: 'It was not me: remove it' }).click();
    const removed = page.getByRole('status').filter({ hasText: 'Someone may know your password: change it in Settings now' });
    await removed.waitFor();
    await removed.getByRole('button', { name: 'Open my account' }).click();

    // Her password alone opens her account and her records again.
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.goto('/journal');
    await page.locator('.journal-entries > li', { hasText: 'only mine to read' }).waitFor();
  });

  it('adds an authenticator, then sign-in asks for its code; a wrong code is refused plainly', async () => {
    const email = uniqueEmail('twostep');
    await signUpViaUi(page, email);

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByText('Someone who knows your password still cannot get in.').waitFor();
    await page.getByRole('button', { name: 'Add an authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // Drawn from a data: URI the page already holds, so nothing was fetched for it.
    assert.match(await qr.getAttribute('src'), /^data:image\/svg\+xml;charset=utf-8,/);
    assert.ok(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), 'the QR code is drawn');
    const secret = (await page.getByLabel('Key to type into the app').textContent()).replace(/\s+/g, '');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'settings-two-step');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Two-step sign-in' }) });
    await section.screenshot({ path: path.join(ARTIFACTS_DIR, 'settings-two-step-section.png') });

    const enrolment = await nextCode(secret);
    await page.getByLabel('2. Type the 6-digit code the app shows').fill(enrolment.code);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-step sign-in is on.' }).waitFor();
    await page.getByRole('list', { name: 'Authenticator apps' }).getByRole('button', { name: 'Remove' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    // The password alone does not open the app.
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    await checkScreen(page, 'two-step-code');

    const refused = ctx.expectFailedResource(/\/auth\/v1\/factors\/[^/]+\/verify$/, 422);
    const signIn = await nextCode(secret, enrolment.step);
    const right = signIn.code;
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal(
      (await alert.textContent()).trim(),
      'That code is not right, or it was used already. Each code works once: wait until your authenticator app shows a new code (at most 30 seconds) and type that one.',
    );
    assert.equal(refused.seen, 1);

    await page.getByLabel('6-digit code').fill(right);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');

    // Deleting her account asks for a code too: the password alone deletes nothing.
    await page.goto('/settings');
    const deleteNow = async () => {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
    };
    await page.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    const codeField = page.getByLabel('6-digit code from your authenticator app');
    const wrongAgain = ctx.expectFailedResource(/\/auth\/v1\/user\/delete$/, 422);
    await codeField.fill(wrong);
    await deleteNow();
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    assert.equal(wrongAgain.seen, 1);
    await page.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await codeField.fill((await nextCode(secret, signIn.step)).code);
    await deleteNow();
    await signInScreen(page).waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });
});
