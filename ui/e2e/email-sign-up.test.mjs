// Issue 35, item 4: with e-mail set up, a sign-up with an e-mail address tells nobody whether the address has an
// account. A new address and a taken one see the same calm "check your e-mail" screen and get no session; the
// link in her e-mail lands in the app and signs her in; the e-mail to a taken address has no link and no name of
// the app. Debian's Chromium, the real binary and a real SMTP server on loopback.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../tests/support/solace-process.mjs';
import { startSmtpStandIn } from '../../tests/support/smtp-stand-in.mjs';
import { address, browserSuite, homeScreen, PASSWORD, sendSignUpWithEmail, signInScreen, uniqueEmail } from './harness.mjs';

const smtpPort = await freePort();

/** Signs up with an e-mail address and waits for the "check your e-mail" screen: what it says. */
async function signUpWithEmail(page, email, password) {
  await sendSignUpWithEmail(page, email, password);
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  return page.locator('main').innerText();
}

const storedSession = (page) => page.evaluate(() => window.localStorage.getItem('session'));

describe('sign-up confirmed by e-mail', () => {
  let smtp;
  before(async () => {
    smtp = await startSmtpStandIn(smtpPort);
  });
  after(() => smtp?.close());
  const suite = browserSuite({
    app: { extraConfig: `[email]\nsmtp_url = "smtp://127.0.0.1:${smtpPort}?tls=none"\nfrom = "Notes <notes@solace.test>"\n` },
  });

  it('answers a new and a taken address alike, and her link signs her in', async () => {
    const { page } = suite;
    const email = uniqueEmail('confirm');
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('radio', { name: 'My e-mail address' }).check();
    assert.match(await page.locator('main').innerText(), /Anyone who can read your e-mail will see that message/);

    const first = await signUpWithEmail(page, email, PASSWORD);
    assert.equal(await storedSession(page), null, 'no session before the link');
    const mail = await smtp.next();
    assert.deepEqual(mail.to, [email]);
    assert.equal(mail.subject, 'Your sign-up request');
    const link = mail.body.split(/\s+/).find((w) => w.includes('/auth/v1/verify?'));
    assert.match(link, /type=signup/);

    // Her link, opened in the browser: signed in on the home screen, nothing of the link left in the address.
    await page.goto(link);
    await homeScreen(page).waitFor();
    assert.equal(address(page), '/');
    assert.equal(new URL(page.url()).hash, '', 'the tokens left the address');
    assert.notEqual(await storedSession(page), null);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInScreen(page).waitFor();

    // Someone who knows her address tries it: the very same screen, no session, and her inbox gets a note that
    // neither links anywhere nor names the app.
    const again = await signUpWithEmail(page, email, 'Someone-Else-1!');
    assert.equal(again, first);
    assert.equal(await storedSession(page), null);
    const note = await smtp.next();
    assert.deepEqual(note.to, [email]);
    assert.equal(note.subject, mail.subject);
    assert.doesNotMatch(note.body, /https?:|Solace|account/);

    // Her link again: used, so the sign-in screen says so, in words for a link that came by e-mail.
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'If it came in an e-mail after you signed up, sign in' }).waitFor();
    assert.ok(!page.url().includes('otp_expired'), 'the error left the address');

    // Her own password still signs her in.
    await page.getByLabel('Email or sign-in name', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await homeScreen(page).waitFor();
  });
});
