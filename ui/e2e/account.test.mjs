// Accounts against the real embedded auth service: sign up, sign out, the remembered e-mail, sign in (also
// by keyboard alone), wrong credentials, redirects for a signed-in user, and the inactivity sign-out with a
// controlled clock.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import {
  address,
  browserSuite,
  checkScreen,
  focusedInfo,
  homeScreen,
  onPostgres,
  PASSWORD,
  signInScreen,
  signInViaUi,
  signUpViaUi,
  tabUntil,
  uniqueEmail,
} from './harness.mjs';
import { GOOGLE_CLIENT_ID, GOOGLE_USER } from '../../tests/support/google-stand-in.mjs';

const HOME_HEADING = 'A safe space to heal, reflect and plan';

describe('accounts', () => {
  const suite = browserSuite({
    // Tokens of an hour: the idle test runs the browser's clock minutes ahead of the server's, and with the
    // default five minutes the auth client would renew at every check, racing the idle sign-out's own request.
    app: { google: true, extraConfig: '[auth]\njwt_expiry_secs = 3600\n' },
    contextOptions: ({ app }) => ({ allowOrigins: [app.google.url] }),
  });
  let app;
  let ctx;
  let page;
  beforeEach(() => ({ app, ctx, page } = suite));
  const email = uniqueEmail('account');

  const storedSession = () => page.evaluate(() => window.localStorage.getItem('session'));

  it('signs up, lands on home, and /auth then redirects to /', async () => {
    await signUpViaUi(page, email);
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await storedSession(), 'the session is kept by the auth client');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('remembered-name')), null, 'not remembered by default');
    assert.ok(
      ctx.requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/auth/v1/signup'),
      'the sign-up went to the embedded auth service',
    );

    await page.goto('/auth');
    await homeScreen(page).waitFor();
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
  });

  it('signing out goes to /auth, with the last e-mail prefilled once she asked for it, and guards apply again', async () => {
    await signInViaUi(page, email);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();
    assert.equal(await page.getByLabel('Email').inputValue(), '', 'nothing prefilled by default');
    await signInViaUi(page, email);
    await page.goto('/settings');
    await page.getByRole('checkbox', { name: 'Remember my e-mail on this device' }).check();
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();
    await signInViaUi(page, email);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();
    assert.equal(await page.getByLabel('Email').inputValue(), email, 'the remembered name is prefilled');
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
    assert.equal(await storedSession(), null, 'the session is gone from this device');
    await page.goto('/journal');
    await signInScreen(page).waitFor();
    // A reload still prefills the remembered e-mail.
    await page.reload();
    assert.equal(await page.getByLabel('Email').inputValue(), email);
  });

  it('a wrong password shows the provider message in the error box and stays on /auth', async () => {
    const failed = ctx.expectFailedResource(/\/auth\/v1\/token\?grant_type=password$/, 400);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent()).trim(), 'Invalid login credentials');
    assert.equal(address(page), '/');
    assert.equal(await signInScreen(page).count(), 1);
    assert.equal(await storedSession(), null);
    assert.equal(failed.seen, 1, 'the one failed sign-in request was logged by the browser');
  });

  it('signs in and navigates by keyboard alone, with a visible focus', async () => {
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await tabUntil(page, (f) => f.label === 'Email or sign-in name', 'the Email field');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    assert.equal((await focusedInfo(page)).label, 'Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await homeScreen(page).waitFor();
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();

    // The first Tab reaches the skip link; Enter moves to the main content.
    await page.keyboard.press('Tab');
    const skip = await focusedInfo(page);
    assert.equal(skip.name, 'Skip to main content');
    assert.ok(skip.visibleFocus, 'the skip link is visible when focused');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');

    // Navigation links by Tab and Enter.
    await page.keyboard.press('Shift+Tab');
    const journal = await tabUntil(page, (f) => f.tag === 'a' && f.name === 'Journal', 'the Journal link');
    assert.ok(journal.visibleFocus, 'the Journal link shows where the focus is');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your Private Journal' }).waitFor();

    // Write and save an entry by keyboard.
    const textarea = await tabUntil(page, (f) => f.label === 'Write your thoughts', 'the journal text area');
    assert.ok(textarea.visibleFocus);
    await page.keyboard.type('Typed without a mouse.');
    const save = await tabUntil(page, (f) => f.name === 'Save Entry', 'Save Entry');
    assert.ok(save.visibleFocus);
    await page.keyboard.press('Enter');
    await page.getByText('Typed without a mouse.').waitFor();

    // The emergency widget by keyboard: open, then Escape closes it and focus returns to the toggle.
    const widget = await tabUntil(page, (f) => f.name === 'Emergency options', 'the emergency button');
    assert.ok(widget.visibleFocus, 'the emergency button shows where the focus is');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Quick Exit' }).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('button', { name: 'Quick Exit' }).count(), 0);
    assert.equal((await focusedInfo(page)).name, 'Emergency options');
  });

  it('Google sign-in goes through the consent page and back, signed in', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In with Google' }).waitFor();
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('button', { name: 'Sign Up with Google' }).waitFor();
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();

    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor({ timeout: 15_000 });
    assert.equal(new URL(page.url()).origin, app.origin);
    assert.equal(new URL(page.url()).hash, '', 'the tokens are taken out of the address bar');
    const session = JSON.parse(await storedSession());
    const user = await (await fetch(`${app.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${session.access_token}` } })).json();
    assert.equal(user.email, GOOGLE_USER.email);
    // The device keeps the session without her address (ui/src/lib/auth-user-store.ts).
    assert.ok(!JSON.stringify(await page.evaluate(() => ({ ...window.localStorage }))).includes(GOOGLE_USER.email));

    const consent = app.google.requests.find((r) => r.path === '/authorize');
    assert.equal(consent.query.client_id, GOOGLE_CLIENT_ID);
    assert.equal(consent.query.redirect_uri, `${app.origin}/auth/v1/callback`);
    assert.equal(consent.query.code_challenge_method, 'S256');
    assert.ok(app.google.requests.some((r) => r.path === '/token'), 'the binary exchanged the code');
    // The browser itself only visited the consent page; the code exchange stayed server-side.
    assert.deepEqual(
      ctx.foreignRequests().map((r) => new URL(r.url).pathname),
      ['/authorize'],
    );
    await checkScreen(page, 'home-after-google');
  });

  // The browser's clock and the client's timer only, nothing the server keeps: on SQLite only
  // (postgres-sign-in.test.mjs; docs/development.md, "What runs on PostgreSQL").
  const clientOnly = { skip: onPostgres() && 'run on SQLite only: nothing of it is in the database' };
  it('signs out after 2 minutes without activity (checked every 30 s); activity resets the timer', clientOnly, async () => {
    // A sign-out would call /auth/v1/logout and leave for the weather disguise; give it a moment to show, then
    // check it did not.
    const stillSignedIn = async (when) => {
      const left = await page
        .getByRole('heading', { level: 1, name: 'Weather' })
        .waitFor({ timeout: 1_000 })
        .then(() => true, () => false);
      assert.equal(left, false, `${when}: the user must still be signed in`);
      assert.equal(ctx.requests.filter((r) => r.url.includes('/auth/v1/logout')).length, 0, when);
      assert.ok(await storedSession(), when);
    };
    await page.clock.install();
    await signInViaUi(page, email);
    await page.goto('/journal');
    await page.getByRole('heading', { name: 'Your Private Journal' }).waitFor();
    await page.mouse.move(10, 10);

    // 100 s idle, then a mouse move: the idle time starts again.
    await page.clock.runFor(100_000);
    await page.mouse.move(200, 220);
    await page.clock.runFor(90_000);
    await stillSignedIn('90 s after the last activity (190 s after the last input before it)');
    await page.keyboard.press('Shift'); // a key press counts as activity too
    await page.clock.runFor(110_000);
    await stillSignedIn('110 s after a key press');

    // Now no input at all: past 2 minutes plus one 30 s check, the user is signed out, and the screen lands on
    // the weather disguise (the default choice in Settings), not on the sign-in page that names the app.
    await page.clock.runFor(2 * 60_000 + 30_000 + 1_000);
    await page.waitForURL((u) => u.pathname === '/weather');
    await page.getByRole('heading', { level: 1, name: 'Weather' }).waitFor();
    assert.equal(await page.title(), 'Weather Forecast');
    assert.equal(await storedSession(), null, 'the session was removed');
    await page.goto('/journal');
    await page.waitForURL((u) => u.pathname === '/weather');
  });
});
