// Her advocate, in two browser profiles against the real binary (docs/advocates.md): the operator's set-up link,
// a password, two-step sign-in required before anything shows, the key made in the advocate's browser, then
// pairing in person with the same safety code on both screens, and her removing the advocate again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshStep, totpCode } from '../../tests/support/totp.mjs';
import { checkScreen, openContext, PASSWORD, browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';

const ADVOCATE_NAME = 'Asha Verma';
const KNOWN_AS = 'Meera';
const PASSPHRASE = 'lantern river copper morning';

/** The stored session's access token in a page (what the app sends as its Bearer token). */
function tokenOf(page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('solace-auth')).access_token);
}

/** GET `path` on the app with a Bearer token, from outside any browser: the status and the error code. */
async function apiAs(url, token, pathname) {
  const res = await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, error: body.error };
}

describe('her advocate', () => {
  const suite = browserSuite();

  it('an advocate sets up with two-step sign-in and a key, pairs with her in person, and she removes them', async () => {
    const started = Date.now();
    const { app, ctx: hers, page: her } = suite;
    const advocateEmail = uniqueEmail('advocate');
    const herEmail = uniqueEmail('her');
    const theirs = await openContext(suite.browser, app);
    try {
      const advocate = await theirs.newPage();
      const link = app.command(['advocates', 'add', advocateEmail, '--name', ADVOCATE_NAME]).split('\n')[0].trim();
      assert.match(link, /\/auth\/v1\/verify\?type=recovery&token=/);

      // The set-up link: a password first.
      await advocate.goto(link);
      await advocate.getByRole('heading', { name: 'Choose your password' }).waitFor();
      assert.equal(new URL(advocate.url()).pathname, '/advocate');
      await advocate.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await advocate.getByLabel('The same password again', { exact: true }).fill(PASSWORD);
      // Without a second step the server shows nothing of the area: it answers 403 two_step_needed.
      const twoStepNeeded = theirs.expectFailedResource(/\/api\/advocate$/, 403);
      await advocate.getByRole('button', { name: 'Save password' }).click();

      await advocate.getByRole('heading', { name: 'Add two-step sign-in' }).waitFor();
      assert.equal(twoStepNeeded.seen, 1);
      assert.equal(await advocate.getByRole('heading', { name: 'Pair with someone you help' }).count(), 0);
      assert.deepEqual(await apiAs(app.url, await tokenOf(advocate), '/api/advocate/shares'), {
        status: 403,
        error: 'two_step_needed',
      });
      await advocate.getByRole('button', { name: 'Add an authenticator app' }).click();
      const secret = (await advocate.getByLabel('Key to type into the app').textContent()).replace(/\s+/g, '');
      await advocate.getByLabel('2. Type the 6-digit code the app shows').fill(totpCode(secret, (await freshStep()) - 1));
      await advocate.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

      // The key, made in this browser under a passphrase the server never sees.
      await advocate.getByRole('heading', { name: 'Choose a passphrase for your key' }).waitFor();
      await advocate.getByText('If you forget this passphrase, nobody can open what was shared with you').waitFor();
      await advocate.getByLabel('Passphrase (at least 12 characters)').fill(PASSPHRASE);
      await advocate.getByLabel('The same passphrase again').fill(PASSPHRASE);
      await advocate.getByRole('button', { name: 'Make my key' }).click();
      await advocate.getByText(`Hello, ${ADVOCATE_NAME}`).waitFor();
      const advocateToken = await tokenOf(advocate);
      assert.equal(app.log().includes(PASSPHRASE), false, 'the passphrase never reached the server');

      await advocate.getByRole('button', { name: 'Make a pairing code' }).click();
      const code = (await advocate.getByLabel('Pairing code').textContent()).replace(/\D/g, '');
      assert.match(code, /^\d{8}$/);
      await checkScreen(advocate, 'advocate-pairing-code');

      // Her side: Settings, 'My advocate'.
      await signUpViaUi(her, herEmail);
      const herToken = await tokenOf(her);
      // Neither account can use the other's area.
      assert.deepEqual(await apiAs(app.url, herToken, '/api/advocate'), { status: 403, error: 'wrong_area' });
      assert.deepEqual(await apiAs(app.url, advocateToken, '/api/advocates'), { status: 403, error: 'wrong_area' });

      await her.goto('/settings');
      await her.getByRole('heading', { name: 'My advocate' }).waitFor();
      await her.getByLabel('The 8-digit code your advocate told you').fill(`${code.slice(0, 4)} ${code.slice(4)}`);
      await her.getByRole('button', { name: 'Find my advocate' }).click();
      await her.getByText(`This code belongs to ${ADVOCATE_NAME}.`).waitFor();
      const herSafety = (await her.getByLabel('Safety code', { exact: true }).textContent()).trim();
      assert.match(herSafety, /^\d{3} \d{3}$/);
      await her.getByLabel('The name your advocate will know you by').fill(KNOWN_AS);
      await her.getByRole('button', { name: 'Connect' }).click();
      await her.getByRole('status').filter({ hasText: `You are connected with ${ADVOCATE_NAME}` }).waitFor();
      await her.getByRole('list', { name: 'Your advocates' }).getByText(ADVOCATE_NAME).waitFor();
      await checkScreen(her, 'settings-my-advocate');

      // The advocate's screen finds her (it looks while the code waits) and shows the same safety code.
      const safety = advocate.getByRole('region', { name: 'Compare the safety code' });
      await safety.waitFor();
      assert.match(await safety.textContent(), new RegExp(`${KNOWN_AS} paired with you`));
      assert.equal((await safety.locator('.advocate-code').textContent()).trim(), herSafety);
      await advocate.getByRole('list', { name: 'People who paired with you' }).getByText(KNOWN_AS).waitFor();
      await checkScreen(advocate, 'advocate-safety-code');

      // She removes the advocate: gone from her list, and from theirs at the next load.
      await her.getByRole('list', { name: 'Your advocates' }).getByRole('button', { name: 'Remove' }).click();
      await her.getByRole('list', { name: 'Your advocates' }).waitFor({ state: 'detached' });
      await advocate.reload();
      await advocate.getByText('Nobody has paired with you yet.').waitFor();

      // Signing in again: the password alone does not open the area.
      await advocate.getByRole('button', { name: 'Sign out' }).click();
      await advocate.getByLabel('Email').fill(advocateEmail);
      await advocate.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await advocate.getByRole('button', { name: 'Sign in', exact: true }).click();
      await advocate.getByRole('heading', { name: 'Your authenticator code' }).waitFor();
      assert.equal(await advocate.getByText(`Hello, ${ADVOCATE_NAME}`).count(), 0);
      await advocate.getByLabel('6-digit code').fill(totpCode(secret, await freshStep()));
      await advocate.getByRole('button', { name: 'Continue' }).click();
      await advocate.getByText(`Hello, ${ADVOCATE_NAME}`).waitFor();
      theirs.check();
      hers.check();
      console.log(`advocates e2e: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await theirs.close();
    }
  });
});
