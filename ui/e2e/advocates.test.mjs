// Her advocate, in two browser profiles against the real binary (docs/advocates.md): the operator's set-up link,
// a password, two-step sign-in required before anything shows, the key made in the advocate's browser, then
// pairing in person with the same safety code on both screens, sharing, a check-in that alerts the advocate
// (in the area, and by an e-mail to a real SMTP server on loopback that says only where to look), and her
// removing the advocate again.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../tests/support/solace-process.mjs';
import { startSmtpStandIn } from '../../tests/support/smtp-stand-in.mjs';
import { freshStep, totpCode } from '../../tests/support/totp.mjs';
import {
  ADVOCATE_NAME,
  downloadVerifiedBundle,
  KNOWN_AS,
  PASSPHRASE,
  recordIncident,
  shareJournal,
  writeJournal,
} from './advocate-steps.mjs';
import { checkScreen, openContext, PASSWORD, browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';
import { moveIntoPast, RUN_OUT_CHECKIN } from './past-in-database.mjs';

const WHAT = 'He threw my phone against the wall';
const JOURNAL = 'I slept at my sister’s tonight and felt calmer';
const NOTE = 'Going back to the flat for my papers, out by six';
// A real 1×1 PNG, so the advocate's screen can draw it.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every file under `dir`, read whole (the SQLite database, its write-ahead log, anything else). */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => readFileSync(path.join(d.parentPath, d.name)));
}

/** Every value of local and session storage and every IndexedDB database's name, as one text. */
function storedText(page) {
  return page.evaluate(async () =>
    JSON.stringify([{ ...localStorage }, { ...sessionStorage }, (await indexedDB.databases()).map((d) => d.name)]),
  );
}

/** The stored session's access token in a page (what the app sends as its Bearer token). */
function tokenOf(page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('session')).access_token);
}

/** GET `path` on the app with a Bearer token, from outside any browser: the status and the error code. */
async function apiAs(url, token, pathname) {
  const res = await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, error: body.error };
}

const smtpPort = await freePort();

describe('her advocate', () => {
  let smtp;
  before(async () => {
    smtp = await startSmtpStandIn(smtpPort);
  });
  after(() => smtp?.close());
  // Sign-ups answer with a session (GoTrue's autoconfirm), so that the only e-mails are the alerts.
  const suite = browserSuite({
    app: {
      extraConfig:
        `[email]\nsmtp_url = "smtp://127.0.0.1:${smtpPort}?tls=none"\nfrom = "Alerts <alerts@solace.test>"\n` +
        '[auth]\nsign_up_returns_session = true\n',
    },
  });

  it('an advocate sets up with two-step sign-in and a key, pairs with her in person, and she removes them', async () => {
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

      // She shares an incident with a photo, from the Incident Log, and a journal entry.
      await her.goto('/incidents');
      const card = await recordIncident(her, WHAT, '2026-11-20T21:30', { name: 'wall.png', mimeType: 'image/png', buffer: PHOTO });
      await card.getByRole('button', { name: 'Share with my advocate' }).click();
      await card.getByLabel('For how many days').waitFor();
      assert.equal(await card.getByLabel('For how many days').inputValue(), '90');
      const consent = card.getByRole('region', { name: 'What you agree to' });
      assert.match(await consent.textContent(), /With: Asha Verma, and nobody else\..*Sharing is your choice\. Their help never depends on it\./s);
      await checkScreen(her, 'incident-share-consent');
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      await card.getByRole('status').filter({ hasText: `Shared with ${ADVOCATE_NAME} until` }).waitFor();

      await writeJournal(her, JOURNAL);
      await shareJournal(her, JOURNAL);

      await her.goto('/settings');
      const shared = her.getByRole('list', { name: 'What you share' });
      await shared.getByText('Not opened yet.').nth(1).waitFor();

      // The server holds the shares sealed: neither the words nor the photo's bytes are in its data directory.
      const stored = filesUnder(app.dataDir);
      assert.ok(stored.some((f) => f.subarray(0, 16).toString() === 'SQLite format 3\0'), 'the database was searched');
      for (const file of stored) {
        for (const secret of [Buffer.from(WHAT), Buffer.from(JOURNAL), PHOTO]) {
          assert.equal(file.indexOf(secret), -1, 'shared text or photo bytes on the server');
        }
      }

      // The advocate opens them with the passphrase, reads them, and exports the incident's evidence bundle.
      await advocate.getByLabel('Your passphrase').fill(PASSPHRASE);
      await advocate.getByRole('button', { name: 'Open', exact: true }).click();
      const fromHer = advocate.getByRole('region', { name: KNOWN_AS });
      await fromHer.getByRole('button', { name: 'Open', exact: true }).nth(1).waitFor();
      await fromHer.getByRole('button', { name: 'Open', exact: true }).first().click();
      await fromHer.locator('.advocate-item').first().waitFor();
      await fromHer.getByRole('button', { name: 'Open', exact: true }).first().click();
      await fromHer.getByText(JOURNAL).waitFor();
      await fromHer.getByText(WHAT).waitFor();
      const photo = fromHer.getByRole('img', { name: 'wall.png' });
      await photo.waitFor();
      assert.ok(await photo.evaluate((img) => img.complete && img.naturalWidth === 1), 'the shared photo is drawn');
      await checkScreen(advocate, 'advocate-shared-items');
      const dir = mkdtempSync(path.join(tmpdir(), 'solace-advocate-'));
      try {
        const { printed, unpacked } = await downloadVerifiedBundle(advocate, fromHer, dir);
        assert.match(printed, /OK\s+incident /);
        // Her advocate's bundle has the report she would print: the incident and its photo, drawn from the
        // unpacked file beside its SHA-256.
        // (In a browser context of its own: the app's is watched for requests that leave its origin.)
        const report = await advocate.context().browser().newPage();
        await report.goto(pathToFileURL(path.join(unpacked, 'report.html')).href);
        await report.getByText(WHAT).waitFor();
        const inReport = report.getByRole('img', { name: 'wall.png' });
        assert.ok(await inReport.evaluate((img) => img.complete && img.naturalWidth === 1), 'the photo is in the report');
        assert.match(await report.locator('figure', { has: inReport }).innerText(), /SHA-256 [0-9a-f]{64}/);
        await report.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }

      // She sees when they were opened, and withdraws the journal entry: it leaves the advocate's view.
      await her.goto('/settings');
      await shared.getByText(/They first opened it on /).nth(1).waitFor();
      await shared.locator('li', { hasText: 'your journal entry of' }).getByRole('button', { name: 'Withdraw' }).click();
      await shared.locator(':scope > li').nth(1).waitFor({ state: 'detached' });
      await advocate.getByRole('button', { name: 'Look for new shares' }).click();
      await fromHer.getByText(JOURNAL).waitFor({ state: 'detached' });
      await fromHer.getByText(WHAT).waitFor();

      // A check-in that tells her advocate: she chooses them and sends a test (shown as one), then is made to
      // 'check in' and types her help-now PIN; the advocate's open page shows each alert with her note, opened by
      // the key already unlocked there.
      await her.goto('/check-in');
      await her.getByLabel(ADVOCATE_NAME).check();
      await her.getByLabel('A note for the people told (optional)').fill(NOTE);
      await her.getByLabel('Your check-in PIN').fill('2468');
      await her.getByLabel('Help-now PIN (optional)').fill('1357');
      await her.getByRole('button', { name: 'Send a test alert' }).click();
      await her.getByText(`${ADVOCATE_NAME}: the test is waiting in their advocates' area, and an e-mail told them so.`).waitFor();
      const mail = await smtp.next();
      assert.deepEqual([mail.to, mail.subject], [[advocateEmail], 'Test: an alert is waiting for you']);
      assert.ok(mail.body.includes(`${app.url}/advocate`), mail.body);
      assert.ok(!mail.body.includes(NOTE) && !mail.body.includes(KNOWN_AS), 'nothing of hers in the e-mail');
      await advocate.getByText(`an e-mail goes to ${advocateEmail} saying only`, { exact: false }).waitFor();
      const lookForAlerts = () => advocate.getByRole('button', { name: 'Look for new alerts' }).click();
      await lookForAlerts();
      const test = advocate.getByRole('listitem', { name: KNOWN_AS }).filter({ hasText: 'A test:' });
      await test.getByText(NOTE).waitFor();
      await test.getByRole('button', { name: 'Dismiss' }).click();
      await test.waitFor({ state: 'detached' });
      await her.getByRole('button', { name: 'Start' }).click();
      await her.getByText(`Who will be told: ${ADVOCATE_NAME}`).waitFor();
      await her.getByLabel('Your check-in PIN').fill('1357');
      await her.getByRole('button', { name: 'Check in now' }).click();
      await her.getByText('You have checked in. This check-in is over.').waitFor();
      await lookForAlerts();
      const alert = advocate.getByRole('listitem', { name: KNOWN_AS });
      await alert.getByText('She asked for help with her help-now PIN.').waitFor();
      await alert.getByText(NOTE).waitFor();
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await advocate.getByText(/^No alerts\./).waitFor();

      // A check-in that simply runs out (its end moved into the past in the database, as if the time had
      // passed): the advocate's page shows it as such, with her note.
      const late = 'At the bus stand near the market, back by nine';
      await her.getByLabel(ADVOCATE_NAME).check();
      await her.getByLabel('A note for the people told (optional)').fill(late);
      await her.getByLabel('Your check-in PIN').fill('2468');
      await her.getByRole('button', { name: 'Start' }).click();
      await her.getByText(`Who will be told: ${ADVOCATE_NAME}`).waitFor();
      await moveIntoPast(app, RUN_OUT_CHECKIN);
      const overdue = advocate.getByRole('listitem', { name: KNOWN_AS }).filter({ hasText: late });
      // The server's timer sends it within seconds; the advocate looks again until it is there.
      await assert.doesNotReject(async () => {
        for (let tries = 0; (await overdue.count()) === 0; tries++) {
          assert.ok(tries < 60, 'the overdue alert reached the advocate');
          const answered = advocate.waitForResponse((r) => new URL(r.url()).pathname === '/api/advocate/alerts');
          await lookForAlerts();
          await answered;
        }
      });
      await overdue.getByText('She did not check in before her time ran out.').waitFor();
      await overdue.getByRole('button', { name: 'Dismiss' }).click();
      await advocate.getByText(/^No alerts\./).waitFor();

      // The incident's share reaches its end (moved into the past in the database, as if its days had passed):
      // it leaves the advocate's view, and the server no longer lists it to her, with nobody doing anything.
      await moveIntoPast(app, 'UPDATE advocate_shares SET expires_at = ?1');
      await advocate.getByRole('button', { name: 'Look for new shares' }).click();
      await fromHer.getByText(WHAT).waitFor({ state: 'detached' });
      const herShares = her.waitForResponse((r) => new URL(r.url()).pathname === '/api/advocates/shares');
      await her.goto('/settings');
      assert.deepEqual((await (await herShares).json()).shares, [], 'an ended share is not listed to her');

      // She removes the advocate: gone from her list, and from theirs at the next load.
      await her.getByRole('list', { name: 'Your advocates' }).getByRole('button', { name: 'Remove' }).click();
      await her.getByRole('list', { name: 'Your advocates' }).waitFor({ state: 'detached' });
      await advocate.reload();
      await advocate.getByText('Nobody has paired with you yet.').waitFor();

      // Signing in again: the password alone does not open the area.
      await advocate.getByRole('button', { name: 'Sign out' }).click();
      await advocate.getByRole('heading', { name: 'Sign in as an advocate' }).waitFor();
      const kept = await storedText(advocate);
      assert.ok(!kept.includes(WHAT) && !kept.includes(JOURNAL), 'nothing she shared stays in the browser');
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
    } finally {
      await theirs.close();
    }
  });
});
