// Sign-up gives no account away, and a private sign-in name works instead of an e-mail address
// (docs/auth-contract.md, "Sign-up" and "Sign-in names"), against the real embedded auth service.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { PASSWORD, browserSuite, checkScreen, signInScreen, signInViaUi, uniqueEmail } from './harness.mjs';

const HOME_HEADING = 'A safe space to heal, reflect and plan';
const SIGN_UP = "Don't have an account? Sign up";

/** Fills the sign-up form (with her e-mail, or by default a sign-in name) and returns the server's answer. */
async function signUp(page, { email, name, password = PASSWORD }) {
  await page.goto('/auth');
  await page.getByRole('button', { name: SIGN_UP }).click();
  if (email) {
    await page.getByRole('radio', { name: 'My e-mail address' }).check();
    await page.getByLabel('Email', { exact: true }).fill(email);
  } else {
    await page.getByLabel('Sign-in name', { exact: true }).fill(name);
  }
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/v1/signup');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const response = await answer;
  return { status: response.status(), body: await response.json(), sent: response.request().postDataJSON() };
}

async function logout(page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInScreen(page).waitFor();
}

describe('sign-up and sign-in without giving an account away', () => {
  const suite = browserSuite();
  let ctx;
  let page;
  beforeEach(() => ({ ctx, page } = suite));

  it('a taken e-mail gets the same sign-up answer as a new one, and the page names no account', async () => {
    const email = uniqueEmail('same-answer');
    const fresh = await signUp(page, { email });
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    await logout(page);

    // Someone else tries her address with a password of his own.
    ctx.expectFailedResource(/\/auth\/v1\/token\?grant_type=password$/, 400);
    const taken = await signUp(page, { email, password: 'An0ther-Guess-77!' });
    assert.equal(taken.status, fresh.status);
    assert.equal(taken.status, 200);
    assert.deepEqual(Object.keys(taken.body).sort(), Object.keys(fresh.body).sort());
    for (const answer of [fresh, taken]) {
      assert.equal(answer.body.access_token, undefined, 'no session in a sign-up answer');
      assert.deepEqual(answer.body.identities, []);
      assert.equal(answer.body.email, email);
    }
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const said = (await alert.textContent()).trim();
    assert.match(said, /^We could not sign you in with these details\./);
    assert.doesNotMatch(said, /already registered|exists/i);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'not signed in');
    await checkScreen(page, 'sign-up-not-signed-in');

    // Her own password still opens her account, through the sign-up form as well.
    await signUp(page, { email });
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
  });

  it('signs up and in with a private sign-in name, which the page and the logs never show as an address', async () => {
    const name = `quiet-river-${Date.now()}`;
    await page.goto('/auth');
    await page.getByRole('button', { name: SIGN_UP }).click();
    const recommended = page.getByRole('radio', { name: 'A private sign-in name (recommended)' });
    assert.equal(await recommended.isChecked(), true, 'the name is the first choice');
    await checkScreen(page, 'sign-up-name');
    const { status, sent } = await signUp(page, { name });
    assert.equal(status, 200);
    assert.equal(sent.email, `${name}@sign-in.invalid`);
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    await logout(page);

    await signInViaUi(page, name);
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    assert.doesNotMatch(await page.locator('body').innerText(), /sign-in\.invalid/);
    assert.doesNotMatch(suite.app.log(), new RegExp(name), 'the name is never logged');
  });
});
