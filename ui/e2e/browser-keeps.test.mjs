// What the browser keeps of what she typed (docs/product.md, "What the browser keeps"): a real Chromium profile
// on disk, a walk that types her words and her people into every kind of field (journal, incident, safety plan,
// mood, check-in with its PINs and a trusted e-mail), then the quick exit and the browser closed. The profile's
// own files are then read as they lie on the disk: the autofill store (`Web Data`), the saved-logins store
// (`Login Data`), the session-restore files (`Sessions/`, `Current Session`) and the history. None may hold a word
// she typed, her sign-in address, or a PIN.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesBelow, foundIn, launchOnProfile, profileRows, profileSuite } from './browser-profile.mjs';
import { homeScreen, signUpViaUi, uniqueEmail } from './harness.mjs';

/** What she types on the walk: each must be nowhere in the profile afterwards. */
const HERS = {
  journal: 'Journal words only for me, Tuesday night',
  where: 'Kitchen, flat 4B, Sector 12',
  what: 'He threw the plate at the wall and blocked the door',
  witness: 'Mrs. Kapoor next door heard the shouting',
  plan: 'Spare key with Meena upstairs',
  mood: 'Could not sleep after the call',
  note: 'Meeting him at the bus depot at six',
  friend: 'trusted-friend-7@example.org',
  pin: '864213',
  duress: '531975',
};

/** The profile's stores that keep what was typed into forms: autofill, saved logins, session restore, history. */
function formStores(profile) {
  const root = path.join(profile, 'Default');
  const named = ['Web Data', 'Web Data-journal', 'Login Data', 'Login Data-journal', 'History', 'Current Session']
    .map((n) => path.join(root, n))
    .filter(existsSync);
  const sessions = path.join(root, 'Sessions');
  return [...named, ...filesBelow(sessions)];
}

describe('what the browser keeps of what she typed', () => {
  // E-mail is configured (to a port nobody listens on: nothing is sent on this walk), so the check-in offers
  // trusted e-mail addresses; sign-ups answer with a session (GoTrue's autoconfirm), as no e-mail is read here.
  const suite = profileSuite({
    extraConfig:
      '[email]\nsmtp_url = "smtp://127.0.0.1:9?tls=none"\nfrom = "Alerts <alerts@solace.test>"\n' +
      '[auth]\nsign_up_returns_session = true\n',
  });

  it('neither autofill, saved logins, session restore nor history hold her words, her people or her PINs', async () => {
    const { app, profile } = suite;
    const context = await launchOnProfile(profile.dir, app);
    const email = uniqueEmail('keeps');
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const menu = (name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
      const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });

      // Sign-up with her address, 'Remember my e-mail on this device' left off.
      await signUpViaUi(page, email);
      await homeScreen(page).waitFor();

      await menu('Journal').click();
      await heading('Your Private Journal').waitFor();
      await page.getByLabel('Write your thoughts').fill(HERS.journal);
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await page.getByText(HERS.journal).first().waitFor();

      await menu('Safety Plan').click();
      await heading('My Safety Plan').waitFor();
      await page.getByLabel('What would you like to add?').fill(HERS.plan);
      await page.getByRole('button', { name: 'Add Item' }).click();
      await page.getByText(HERS.plan).first().waitFor();

      await menu('Mood').click();
      await heading('Mood Tracker').waitFor();
      await page.getByRole('group', { name: 'Choose your mood' }).getByRole('button').first().click();
      await page.getByLabel('Notes (optional)').fill(HERS.mood);
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await page.getByText(HERS.mood).first().waitFor();

      await menu('Home').click();
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await heading('Incident Log').waitFor();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-11-20T21:30');
      await page.getByLabel('Where', { exact: true }).fill(HERS.where);
      await page.getByRole('textbox', { name: 'What happened' }).fill(HERS.what);
      await page.getByRole('button', { name: 'Add a witness' }).click();
      await page.getByLabel('Witness 1', { exact: true }).fill(HERS.witness);
      await page.getByRole('button', { name: 'Seal and save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved and sealed.' }).waitFor();

      await menu('Home').click();
      await page.getByRole('link', { name: 'Check in with me' }).first().click();
      await page.getByRole('heading', { name: 'Check in with me' }).waitFor();
      await page.getByLabel('How long, in minutes').fill('30');
      await page.getByLabel('A note for the people told (optional)').fill(HERS.note);
      await page.getByLabel('E-mail address 1').fill(HERS.friend);
      await page.getByLabel('Your check-in PIN').fill(HERS.pin);
      await page.getByLabel('Help-now PIN (optional)').fill(HERS.duress);
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByRole('heading', { name: 'Time left' }).waitFor();

      // Typed but never sent: a second incident left half-written when she has to leave.
      await menu('Home').click();
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByRole('textbox', { name: 'What happened' }).fill(`${HERS.what}, again`);

      // The quick exit leaves for another host, which this browser refuses (nothing leaves the machine): the
      // way out ends in that navigation's failure. Waiting for the address instead raced it, and failed with
      // the navigation's error whenever the wait began first.
      const left = page.waitForEvent(
        'requestfailed',
        (r) => r.isNavigationRequest() && new URL(r.url()).origin !== app.origin,
      );
      await page.getByRole('button', { name: 'Exit now' }).first().click({ force: true });
      await left;
    } finally {
      await context.close();
    }

    const stores = formStores(profile.dir);
    assert.ok(stores.some((f) => f.endsWith('Web Data')), `the profile has an autofill store: ${stores.join(', ')}`);
    const kept = {};
    for (const [what, text] of Object.entries({ ...HERS, email })) {
      const where = foundIn(stores, text).map((f) => path.relative(profile.dir, f));
      if (where.length) kept[what] = where;
    }
    assert.deepEqual(kept, {}, 'what the browser kept of what she typed');
    assert.deepEqual(profileRows(profile.dir, 'Web Data', 'SELECT name FROM autofill'), []);
    const usernames = 'SELECT username_value FROM logins UNION ALL SELECT username_value FROM stats';
    assert.deepEqual(profileRows(profile.dir, 'Login Data', usernames), []);
  });
});
