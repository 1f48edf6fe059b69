// Signed-out visitor: the auth screen (live checklist, validation order, toggling), guarded routes, the
// not-found page and the strict Content-Security-Policy. Needs no account.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { browserSuite, checkScreen, focusedInfo, signInScreen, tabUntil } from './harness.mjs';

describe('signed out', () => {
  const suite = browserSuite();
  let ctx;
  let page;
  beforeEach(() => ({ ctx, page } = suite));

  const alertBox = () => page.getByRole('alert');
  const toSignUp = () => page.getByRole('button', { name: "Don't have an account? Sign up" }).click();

  it('serves the app with the strict CSP and shows the sign-in screen', async () => {
    const response = await page.goto('/auth');
    const csp = response.headers()['content-security-policy'];
    assert.ok(csp, 'the page has a Content-Security-Policy header');
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);

    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await page.getByText('Your safety is our priority. All data is encrypted and stored securely.').waitFor();
    assert.equal(await page.title(), 'Welcome');
    assert.equal(await page.getByRole('button', { name: 'Sign In', exact: true }).count(), 1);
    assert.equal(await page.getByLabel('Confirm Password', { exact: true }).count(), 0, 'no confirm field when signing in');
    // One required field takes her e-mail or her private sign-in name; password is required.
    const email = page.getByLabel('Email or sign-in name', { exact: true });
    assert.equal(await email.getAttribute('type'), 'text');
    assert.equal(await email.evaluate((el) => el.required), true);
    assert.equal(await page.getByLabel('Password', { exact: true }).evaluate((el) => el.required), true);

    // Show/hide toggle.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    assert.equal(await password.getAttribute('type'), 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await password.getAttribute('type'), 'text');
    await page.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await password.getAttribute('type'), 'password');

    await checkScreen(page, 'auth-sign-in');
  });

  it('sign-up shows a live password checklist', async () => {
    await page.goto('/auth');
    await toSignUp();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
    await page.getByLabel('Confirm Password', { exact: true }).waitFor();
    const items = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
    assert.equal(await items.count(), 5);
    const met = () => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-met')));
    const texts = await items.allTextContents();
    for (const [i, words] of [/8 characters/i, /uppercase/i, /lowercase/i, /digit/i, /special/i].entries()) {
      assert.match(texts[i], words);
    }
    const password = page.getByLabel('Password', { exact: true });
    assert.deepEqual(await met(), ['false', 'false', 'false', 'false', 'false']);
    await password.fill('abc');
    assert.deepEqual(await met(), ['false', 'false', 'true', 'false', 'false']);
    await password.fill('Abc1');
    assert.deepEqual(await met(), ['false', 'true', 'true', 'true', 'false']);
    await password.fill('Abc1!xyz');
    assert.deepEqual(await met(), ['true', 'true', 'true', 'true', 'true']);
    await password.fill('abcdefgh');
    assert.deepEqual(await met(), ['true', 'false', 'true', 'false', 'false']);
    await checkScreen(page, 'auth-sign-up');
  });

  it('sign-up validation: mismatch first, then the password rules in order', async () => {
    await page.goto('/auth');
    await toSignUp();
    await page.getByLabel('Sign-in name', { exact: true }).fill('someone.safe');
    const cases = [
      ['Abcdefg1!', 'Abcdefg1?', 'Password and Confirm Password do not match.'],
      ['Ab1!', 'Ab1!', 'Password must be at least 8 characters long.'],
      ['abcdefg1!', 'abcdefg1!', 'Password must contain at least one uppercase letter.'],
      ['ABCDEFG1!', 'ABCDEFG1!', 'Password must contain at least one lowercase letter.'],
      ['Abcdefgh!', 'Abcdefgh!', 'Password must contain at least one digit.'],
      ['Abcdefg12', 'Abcdefg12', 'Password must contain at least one special character (e.g., !@#$%).'],
      // Even a short password that does not match is reported as a mismatch first.
      ['ab', 'abc', 'Password and Confirm Password do not match.'],
    ];
    for (const [pw, confirm, message] of cases) {
      await page.getByLabel('Password', { exact: true }).fill(pw);
      await page.getByLabel('Confirm Password', { exact: true }).fill(confirm);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await alertBox().filter({ hasText: message }).waitFor();
      assert.equal((await alertBox().textContent()).trim(), message);
    }
    await checkScreen(page, 'auth-sign-up-error');
    assert.deepEqual(
      ctx.requests.filter((r) => r.url.includes('/auth/v1/')),
      [],
      'invalid sign-ups never reach the server',
    );
  });

  it('toggling between sign-in and sign-up clears the fields and the error', async () => {
    await page.goto('/auth');
    await toSignUp();
    await page.getByLabel('Sign-in name', { exact: true }).fill('someone.safe');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await alertBox().waitFor();

    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    assert.equal(await alertBox().count(), 0);
    assert.equal(await page.getByLabel('Email').inputValue(), '');
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
    assert.equal(await page.getByLabel('Confirm Password', { exact: true }).count(), 0);

    await page.getByLabel('Password', { exact: true }).fill('something');
    await toSignUp();
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
    assert.equal(await page.getByLabel('Confirm Password', { exact: true }).inputValue(), '');
  });

  it('protected routes send a signed-out visitor to /auth', async () => {
    for (const route of ['/', '/journal', '/resources', '/safety-plan', '/mood', '/settings', '/affirmations']) {
      await page.goto(route);
      await signInScreen(page).waitFor();
      await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    }
    // Nothing of the signed-in app was shown on the way.
    assert.equal(await page.getByRole('button', { name: 'Emergency options' }).count(), 0);
  });

  it('a disguise path opened directly shows the disguise, never the app, and keeps the browser disguised', async () => {
    for (const [route, heading, title] of [
      ['/weather', 'Weather', 'Weather Forecast'],
      ['/notes', 'Notes', 'Quick Notes'],
    ]) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.equal(new URL(page.url()).pathname, route);
      assert.equal(await page.title(), title);
      // The sign-in page is disguised too now, until she leaves the disguise on purpose.
      await page.goto('/auth');
      await page.waitForURL((u) => u.pathname === route);
      assert.equal(await page.getByRole('heading', { name: 'Welcome', exact: true }).count(), 0);
    }
  });

  it('an unknown path shows the not-found page', async () => {
    const response = await page.goto('/this/page/does-not-exist');
    assert.equal(response.status(), 200, 'the SPA fallback serves index.html');
    await page.getByText('Oops! Page not found.').waitFor();
    await checkScreen(page, 'not-found');
  });

  it('the sign-in form works by keyboard alone, with a visible focus', async () => {
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    const email = await tabUntil(page, (f) => f.label === 'Email or sign-in name', 'the Email field');
    assert.ok(email.visibleFocus, 'Email shows where the focus is');
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Tab');
    const pw = await focusedInfo(page);
    assert.equal(pw.label, 'Password');
    assert.ok(pw.visibleFocus, 'Password shows where the focus is');
    await page.keyboard.type('whatever');
    await page.keyboard.press('Tab');
    const reveal = await focusedInfo(page);
    assert.equal(reveal.name, 'Show password');
    assert.ok(reveal.visibleFocus, 'the show-password toggle shows where the focus is');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('type'), 'text');
    const submit = await tabUntil(page, (f) => f.name === 'Sign In', 'the Sign In button');
    assert.ok(submit.visibleFocus, 'Sign In shows where the focus is');
    const toggle = await tabUntil(page, (f) => f.name === "Don't have an account? Sign up", 'the sign-up link');
    assert.ok(toggle.visibleFocus);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
  });
});
