// Check in with me (docs/checkin.md) in Debian's Chromium against the real binary and a real SMTP server on
// loopback: a test alert arrives labelled as one; her PIN ends a check-in and sends nothing; the duress PIN
// shows the very same screen and sends the alert at once; a check-in that runs out sends its e-mail, and her
// PIN after that tells her friend she checked in, late (docs/checkin.md, "Checking in late"). The
// clock is moved by moving the check-in's end in the database (e2e/past-in-database.mjs), so no test waits for a
// minute.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../tests/support/solace-process.mjs';
import { startSmtpStandIn } from '../../tests/support/smtp-stand-in.mjs';
import { browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';
import { moveIntoPast, RUN_OUT_CHECKIN } from './past-in-database.mjs';

const smtpPort = await freePort();
const FRIEND = 'friend@example.org';

describe('check in with me', () => {
  let smtp;
  before(async () => {
    smtp = await startSmtpStandIn(smtpPort);
  });
  after(() => smtp?.close());
  const emailConfig = `[email]\nsmtp_url = "smtp://127.0.0.1:${smtpPort}?tls=none"\nfrom = "Solace alerts <alerts@solace.test>"\n`;
  // Sign-ups answer with a session (GoTrue's autoconfirm), so that the only e-mails are the alerts.
  const suite = browserSuite({
    app: { extraConfig: `${emailConfig}\n[checkin]\nmin_minutes = 1\n[auth]\nsign_up_returns_session = true\n` },
  });

  /** Moves the running check-in's end into the past, as if its time had passed. */
  const runOut = () => moveIntoPast(suite.app, RUN_OUT_CHECKIN);

  const fill = async (page, note) => {
    await page.getByLabel('How long, in minutes').fill('1');
    await page.getByLabel('A note for the people told (optional)').fill(note);
    await page.getByLabel('E-mail address 1').fill(FRIEND);
    await page.getByLabel('Your check-in PIN').fill('2468');
    await page.getByLabel('Help-now PIN (optional)').fill('1357');
  };
  const start = async (page, note) => {
    await fill(page, note);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { name: 'Time left' }).waitFor();
  };
  const checkIn = async (page, pin) => {
    await page.getByLabel('Your check-in PIN').fill(pin);
    await page.getByRole('button', { name: 'Check in now' }).click();
    await page.getByLabel('How long, in minutes').waitFor();
    return page.locator('main').innerText();
  };

  it('tests, ends quietly with her PIN, alerts at once with the duress PIN, and alerts when time runs out', async () => {
    const { page } = suite;
    await signUpViaUi(page, uniqueEmail('checkin'));
    await page.getByRole('link', { name: 'Check in with me' }).first().click();
    await page.getByRole('heading', { name: 'Check in with me' }).waitFor();

    await fill(page, 'Trying it before Friday');
    await page.getByRole('button', { name: 'Send a test alert' }).click();
    await page.getByText(`${FRIEND}: the mail server took the test.`).waitFor();
    const test = await smtp.next();
    assert.deepEqual(test.to, [FRIEND]);
    assert.match(test.subject, /^Test/);

    await start(page, 'first, ended with her PIN');
    const quiet = await checkIn(page, '2468');

    await start(page, 'second, the help-now PIN');
    const loud = await checkIn(page, '1357');
    assert.equal(loud, quiet, 'the duress PIN shows exactly what her PIN shows');
    // Her PIN sent nothing: the first e-mail to arrive is the duress alert.
    const duress = await smtp.next();
    assert.match(duress.body, /second, the help-now PIN/);
    assert.match(duress.body, /asked for help/);

    await start(page, 'third, at the station at six');
    await runOut();
    const overdue = await smtp.next();
    assert.equal(overdue.subject, 'Please check on someone who trusts you');
    assert.match(overdue.body, /third, at the station at six/);
    // The screen learns it from the server: opened again, it offers a new check-in.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('link', { name: 'Check in with me' }).first().click();
    await page.getByLabel('How long, in minutes').waitFor();
    assert.equal(await page.getByText('third, at the station at six').count(), 0);

    // Not a dead end: the screen says who was told and when, and her PIN still says she is safe. Those told
    // get the follow-up; her note is not in it.
    await page.getByText('Your time ran out, and the people you chose were told.').waitFor();
    await page.getByText(`${FRIEND}: told at`).waitFor();
    await page.getByLabel('Your check-in PIN').first().fill('2468');
    await page.getByRole('button', { name: 'Check in now' }).click();
    await page.getByText('You have checked in, late.').waitFor();
    const toldLine = await page.getByText(`${FRIEND}: told at`).innerText();
    assert.match(toldLine, /told at .*\d:\d\d/);
    const late = await smtp.next();
    assert.deepEqual(late.to, [FRIEND]);
    assert.equal(late.subject, 'Someone who trusts you has checked in');
    assert.match(late.body, /checked in, late/);
    assert.doesNotMatch(late.body, /station/);
  });
});
