// A device the app wrote before its storage names were made neutral (docs/product.md, "What is kept on the
// device"): her journal and an incident are written, then put back under the old names (localStorage keys and
// the IndexedDB database `solace-records`) as an older version kept them. The next start moves everything once
// (ui/src/lib/storage-rename.ts): she is still signed in, her journal and incident open as before, and no old
// name is left.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';

const JOURNAL = 'Written before the names changed';
const HAPPENED = 'Recorded before the names changed';

/** In the page: every key and database back under the name an older version used. */
async function asOlderVersion() {
  const records = ['journal-entries', 'safety-plan-items', 'mood-entries', 'journal-draft', 'advocate-shares', 'advocate-standing', 'copy-state', 'outbox-private'];
  const old = (key) => {
    const m = /^data:([^:]+):(\d+)(.*)$/.exec(key);
    if (m) return `vault:${m[1]}:${records[Number(m[2]) - 1]}${m[3]}`;
    return key.replace(/^keys:/, 'vault-key:').replace(/^queue-key:/, 'outbox-key:').replace(/^queue:/, 'outbox:');
  };
  for (const key of Object.keys(localStorage)) {
    if (key === 'session' || key === 'session-user') continue;
    const value = localStorage.getItem(key);
    localStorage.removeItem(key);
    localStorage.setItem(old(key), value);
  }
  // auth-js kept the user inside the session, with her address.
  const session = JSON.parse(localStorage.getItem('session'));
  const address = 'quiet-river@sign-in.invalid';
  session.user = { ...JSON.parse(localStorage.getItem('session-user')).user, email: address, identities: [{ identity_data: { email: address } }] };
  localStorage.setItem('solace-auth', JSON.stringify(session));
  localStorage.removeItem('session');
  localStorage.removeItem('session-user');

  const request = (req) =>
    new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const db = await request(indexedDB.open('records'));
  const stores = [...db.objectStoreNames].map((name) => {
    const store = db.transaction(name).objectStore(name);
    return { name, keyPath: store.keyPath, rows: request(store.getAll()) };
  });
  for (const s of stores) s.rows = await s.rows;
  db.close();
  const open = indexedDB.open('solace-records', 1);
  open.onupgradeneeded = () => stores.forEach((s) => open.result.createObjectStore(s.name, { keyPath: s.keyPath }));
  const older = await request(open);
  const tx = older.transaction(stores.map((s) => s.name), 'readwrite');
  stores.forEach((s) => s.rows.forEach((row) => tx.objectStore(s.name).put(row)));
  await new Promise((resolve) => (tx.oncomplete = resolve));
  older.close();
  await request(indexedDB.deleteDatabase('records'));
}

describe('storage under the old names', () => {
  const suite = browserSuite();

  it('is moved once at the next start, and nothing she kept is lost', async () => {
    const { page } = suite;
    await signUpViaUi(page, uniqueEmail('rename'));
    const menu = (name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
    await menu('Journal').click();
    await page.getByLabel('Write your thoughts').fill(JOURNAL);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await page.getByText(JOURNAL).first().waitFor();
    await menu('Home').click();
    await page.getByRole('link', { name: 'Incident Log' }).first().click();
    await page.getByRole('button', { name: 'Record an incident' }).click();
    await page.getByLabel('Date and time').fill('2026-11-20T21:30');
    await page.getByRole('textbox', { name: 'What happened' }).fill(HAPPENED);
    await page.getByRole('button', { name: 'Seal and save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved and sealed.' }).waitFor();

    await page.evaluate(asOlderVersion);
    const before = await page.evaluate(() => Object.keys(localStorage));
    assert.ok(before.includes('solace-auth') && before.some((k) => k.endsWith(':journal-entries')), `${before}`);

    // A reload stays on the screen she was on.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Incident Log' }).waitFor();
    await menu('Journal').click();
    await page.getByText(JOURNAL).first().waitFor();
    await menu('Home').click();
    await page.getByRole('link', { name: 'Incident Log' }).first().click();
    await page.getByText(HAPPENED).first().waitFor();

    const names = await page.evaluate(async () => ({
      keys: Object.keys(localStorage),
      databases: (await indexedDB.databases()).map((d) => d.name),
    }));
    assert.deepEqual(
      names.keys.filter((k) => /solace|vault|outbox|journal|mood|advocate/.test(k)),
      [],
      `old names left: ${names.keys}`,
    );
    assert.deepEqual(names.databases.sort(), ['records'], 'the old database was moved and removed');
    assert.ok(!JSON.stringify(await page.evaluate(() => ({ ...localStorage }))).includes('@'), 'no address is kept');
  });
});
