// Steps the advocates' browser tests share: an advocate set up from the operator's link (password, two-step
// sign-in, key) and her pairing with them in Settings.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freshStep, totpCode } from '../../tests/support/totp.mjs';
import { checkScript, unpack } from './bundle-check.mjs';
import { PASSWORD, signUpViaUi, uniqueEmail } from './harness.mjs';

export const ADVOCATE_NAME = 'Asha Verma';
export const KNOWN_AS = 'Meera';
export const PASSPHRASE = 'lantern river copper morning';

/**
 * The operator adds an advocate; their page (in browser context `ctx`) follows the set-up link to a key and a
 * pairing code.
 */
export async function setUpAdvocate(app, ctx, advocate, email) {
  const link = app.command(['advocates', 'add', email, '--name', ADVOCATE_NAME]).split('\n')[0].trim();
  await advocate.goto(link);
  await advocate.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await advocate.getByLabel('The same password again', { exact: true }).fill(PASSWORD);
  // Until two-step sign-in is on, the server shows nothing of the area.
  ctx.expectFailedResource(/\/api\/advocate$/, 403);
  await advocate.getByRole('button', { name: 'Save password' }).click();
  await advocate.getByRole('button', { name: 'Add an authenticator app' }).click();
  const secret = (await advocate.getByLabel('Key to type into the app').textContent()).replace(/\s+/g, '');
  await advocate.getByLabel('2. Type the 6-digit code the app shows').fill(totpCode(secret, (await freshStep()) - 1));
  await advocate.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await advocate.getByLabel('Passphrase (at least 12 characters)').fill(PASSPHRASE);
  await advocate.getByLabel('The same passphrase again').fill(PASSPHRASE);
  await advocate.getByRole('button', { name: 'Make my key' }).click();
  await advocate.getByText(`Hello, ${ADVOCATE_NAME}`).waitFor();
  await advocate.getByRole('button', { name: 'Make a pairing code' }).click();
  const code = (await advocate.getByLabel('Pairing code').textContent()).replace(/\D/g, '');
  assert.match(code, /^\d{8}$/);
  return code;
}

/** Her Settings: the code, the advocate found, connected under KNOWN_AS. */
export async function pairWith(her, code) {
  await her.goto('/settings');
  await her.getByLabel('The 8-digit code your advocate told you').fill(code);
  await her.getByRole('button', { name: 'Find my advocate' }).click();
  await her.getByText(`This code belongs to ${ADVOCATE_NAME}.`).waitFor();
  await her.getByLabel('The name your advocate will know you by').fill(KNOWN_AS);
  await her.getByRole('button', { name: 'Connect' }).click();
  await her.getByRole('status').filter({ hasText: `You are connected with ${ADVOCATE_NAME}` }).waitFor();
}

/**
 * An advocate set up in their browser profile `theirs` and her (the suite's page) signed up and paired with them;
 * returns the advocate's page.
 */
export async function pairedAdvocate(suite, theirs) {
  const advocate = await theirs.newPage();
  const code = await setUpAdvocate(suite.app, theirs, advocate, uniqueEmail('advocate'));
  await signUpViaUi(suite.page, uniqueEmail('her'));
  await pairWith(suite.page, code);
  return advocate;
}

/** The advocate opens their key with the passphrase: the list of shares shows. */
export async function unlock(advocate) {
  await advocate.getByLabel('Your passphrase').fill(PASSPHRASE);
  await advocate.getByRole('button', { name: 'Open', exact: true }).click();
  await advocate.getByRole('button', { name: 'Look for new shares' }).waitFor();
}

/**
 * In the Incident Log (already open), she records an incident, with a photo if given ({ name, mimeType, buffer }),
 * and waits until it is time-stamped (sharing needs the stamp); returns its card.
 */
export async function recordIncident(her, what, when, photo) {
  await her.getByRole('button', { name: 'Record an incident' }).click();
  await her.getByLabel('Date and time').fill(when);
  await her.getByRole('textbox', { name: 'What happened' }).fill(what);
  if (photo) await her.getByLabel('Take or choose a photo').setInputFiles(photo);
  await her.getByRole('button', { name: 'Seal and save' }).click();
  const card = her.locator('.incident-card', { hasText: what });
  await card.getByText(/time-stamped/).waitFor();
  return card;
}

/** She writes `text` in her journal and saves it. */
export async function writeJournal(her, text) {
  await her.goto('/journal');
  await her.getByLabel('Write your thoughts').fill(text);
  await her.getByRole('button', { name: 'Save Entry' }).click();
}

/** On her journal, she shares the entry `text` with her advocate and waits for the answer. */
export async function shareJournal(her, text) {
  const entry = her.locator('.journal-entries > li', { hasText: text });
  await entry.getByRole('button', { name: 'Share with my advocate' }).click();
  await entry.getByRole('button', { name: 'Share', exact: true }).click();
  await entry.getByRole('status').filter({ hasText: `Shared with ${ADVOCATE_NAME} until` }).waitFor();
}

/**
 * The advocate downloads the evidence bundle of what `fromHer` (her region) shows into `dir`, and
 * `solace verify-evidence` and its own check.sh pass it; returns the bundle's path, what the check printed, and the
 * folder it was unpacked into.
 */
export async function downloadVerifiedBundle(advocate, fromHer, dir) {
  const [download] = await Promise.all([
    advocate.waitForEvent('download'),
    fromHer.getByRole('button', { name: 'Download the evidence bundle' }).click(),
  ]);
  const bundle = path.join(dir, 'bundle.zip');
  await download.saveAs(bundle);
  const verified = spawnSync(process.env.SOLACE_BIN, ['verify-evidence', bundle], { encoding: 'utf8' });
  assert.equal(verified.status, 0, `${verified.stdout}\n${verified.stderr}`);
  // The same bundle she would export: the report, the how-to page, and the script that passes it with openssl.
  const unpacked = path.join(dir, 'unpacked');
  const members = unpack(bundle, unpacked);
  for (const name of ['report.html', 'how-to-check.html', 'check.sh']) assert.ok(members[name], `the bundle holds ${name}`);
  const checked = checkScript(unpacked);
  assert.equal(checked.code, 0, checked.out);
  return { bundle, printed: verified.stdout, unpacked };
}
