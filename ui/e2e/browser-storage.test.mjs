// What the app's own storage tells whoever opens the browser's profile (docs/product.md, "What is kept on the
// device"): a real Chromium profile on disk, a walk that signs up with a private sign-in name ('Remember' left off),
// writes a journal entry, a mood and an incident (the vault in Local Storage, the record store in IndexedDB),
// lets the offline worker keep the app; the browser closes, opens again, she signs out; the browser closes and the profile's files are read as
// they lie on the disk. Local Storage's LevelDB files (log included: a removed value stays there until the
// database is compacted), IndexedDB's and Session Storage's folders hold neither her sign-in name nor the app's
// name nor the names storage had before; Cache Storage's own names and its copy of the public settings do not
// name the app; the new-tab page's Top Sites name neither the app nor a screen of it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesBelow, foundIn, launchOnProfile, profileRows, profileSuite } from './browser-profile.mjs';
import { homeScreen, PASSWORD, signInScreen } from './harness.mjs';

/** The names the app's storage had before they were made neutral (lib/storage-rename.ts). */
const OLD_NAMES = [
  'solace-auth',
  'solace-records',
  'solace-outbox',
  'vault:',
  'vault-key:',
  'outbox-key:',
  'journal-entries',
  'mood-entries',
  'safety-plan-items',
  'advocate-shares',
  'lastLoggedInEmail',
];

describe("what the app's storage tells", () => {
  const suite = profileSuite();

  it('after a walk and a sign-out, no storage names her, the app, or what she keeps', async () => {
    const { app, profile } = suite;
    const name = `quiet-river-${Date.now().toString(36)}`;
    const context = await launchOnProfile(profile.dir, app);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const menu = (label) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
      const heading = (label) => page.getByRole('heading', { level: 1, name: label, exact: true });

      await page.goto('/auth');
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByLabel('Sign-in name', { exact: true }).fill(name);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await homeScreen(page).waitFor();

      await menu('Journal').click();
      await heading('Your Private Journal').waitFor();
      await page.getByLabel('Write your thoughts').fill('A night like the others');
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await page.getByText('A night like the others').first().waitFor();

      await menu('Mood').click();
      await heading('Mood Tracker').waitFor();
      await page.getByRole('group', { name: 'Choose your mood' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Save Entry' }).click();

      await menu('Home').click();
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await heading('Incident Log').waitFor();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-11-20T21:30');
      await page.getByRole('textbox', { name: 'What happened' }).fill('The same as before');
      await page.getByRole('button', { name: 'Seal and save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved and sealed.' }).waitFor();

      // The offline worker has kept the app and the public settings.
      await page.waitForFunction(
        async () => {
          for (const key of await caches.keys()) if (await (await caches.open(key)).match('/api/config')) return true;
          return false;
        },
        null,
        { timeout: 20_000 },
      );

    } finally {
      await context.close();
    }

    // The browser closed while she was signed in (what it held is on the disk now); she opens it again and signs out.
    const again = await launchOnProfile(profile.dir, app);
    try {
      const page = again.pages()[0] ?? (await again.newPage());
      await page.goto('/');
      await homeScreen(page).waitFor();
      await page.getByRole('button', { name: 'Logout' }).click();
      await signInScreen(page).waitFor();
      await page.waitForFunction(() => window.localStorage.getItem('session') === null);
    } finally {
      await again.close();
    }

    const root = path.join(profile.dir, 'Default');
    const localStorageFiles = filesBelow(path.join(root, 'Local Storage'));
    assert.ok(
      localStorageFiles.some((f) => f.endsWith('.log') || f.endsWith('.ldb')),
      `Local Storage was written: ${localStorageFiles.join(', ')}`,
    );
    const indexedDb = filesBelow(path.join(root, 'IndexedDB'));
    assert.ok(indexedDb.length > 0, 'IndexedDB was written');
    const stores = [...localStorageFiles, ...indexedDb, ...filesBelow(path.join(root, 'Session Storage'))];
    const told = {};
    const look = (what, text, opts) => {
      const where = foundIn(stores, text, { names: root, ...opts }).map((f) => path.relative(root, f));
      if (where.length) told[what] = where;
    };
    look('her sign-in name', name);
    look('her sign-in address', '@sign-in.invalid');
    look("the app's name", 'solace', { anyCase: true });
    for (const old of OLD_NAMES) look(old, old);

    // Cache Storage keeps the app's own files (whose code names it: see docs/product.md); its own names and its
    // copy of the public settings must not.
    const cacheFiles = filesBelow(path.join(root, 'Service Worker', 'CacheStorage'));
    const configEntries = foundIn(cacheFiles, `${app.url}/api/config`);
    assert.ok(configEntries.length > 0, 'the offline worker kept the public settings');
    // (The test server's contact address is at solace.test: the product's name is looked for as it is written.)
    for (const f of configEntries) {
      if (foundIn([f], 'product_name').length || foundIn([f], 'Solace').length) {
        told['the kept public settings'] = [path.relative(root, f)];
      }
    }
    const cacheNames = cacheFiles.filter((f) => path.basename(f) === 'index.txt' || f.endsWith('.log'));
    if (foundIn(cacheNames, 'solace', { anyCase: true }).length) told['the caches\u2019 names'] = cacheNames;
    assert.deepEqual(told, {}, 'what the profile tells');

    // The new-tab page's tiles show a site's title: the neutral tab title, never the app or a screen of it.
    if (existsSync(path.join(root, 'Top Sites'))) {
      for (const { url, title } of profileRows(profile.dir, 'Top Sites', 'SELECT url, title FROM top_sites')) {
        assert.doesNotMatch(`${url} ${title}`, /solace|journal|mood|incident|sign.?in/i);
      }
    }
  });
});
