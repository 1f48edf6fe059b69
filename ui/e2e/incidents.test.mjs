// The Incident Log against the real binary in Debian's chromium, with its fake microphone: an incident with a
// photo, a recording and a witness; a correction; the export checked by `solace verify-evidence` and by
// `openssl ts -verify`, then tampered with in four ways; the export locked with a password, opened by Debian's
// `7z` and checked by `verify-evidence` with the password; nothing readable in any storage area after sign-out,
// a quick exit or the idle sign-out; a second account sees nothing; a second time-stamping authority. Tools
// nobody here wrote (openssl, 7z, fflate's reader) do the checking.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { unzipSync, zipSync } from 'fflate';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/support/chromium.mjs';
import {
  assertNoSeriousA11yViolations,
  CHROMIUM,
  openContext,
  signInScreen,
  signInViaUi,
  signUpViaUi,
  startApp,
  uniqueEmail,
} from './harness.mjs';
import { startSolaceProcess } from '../../tests/support/solace-process.mjs';
import { checkScript, unpack } from './bundle-check.mjs';

const WHAT = 'He broke the kitchen window with the blue chair';
const WITNESS = 'Neighbour Kamala from flat twelve';
const CORRECTION = 'It was the green chair, not the blue one';
// The password she locks the export with, as she would tell it to her lawyer.
const LOCK = 'the mango tree by the old well';
// A photo of random bytes: any run of them found in storage can only be the photo itself.
const PHOTO = randomBytes(300_000);

const bin = () => {
  if (!process.env.SOLACE_BIN) throw new Error('SOLACE_BIN is not set (see harness.mjs)');
  return process.env.SOLACE_BIN;
};

/** `solace verify-evidence [ARGS] FILE`: its exit code and what it printed. */
function verify(file, args = []) {
  const r = spawnSync(bin(), ['verify-evidence', ...args, file], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Every value of every storage area (local, session, IndexedDB with its bytes as hex, Cache Storage). */
function storedEverywhere(page) {
  return page.evaluate(async () => {
    const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const flat = (v) => {
      if (v instanceof ArrayBuffer) return hex(new Uint8Array(v));
      if (ArrayBuffer.isView(v)) return hex(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      if (Array.isArray(v)) return v.map(flat).join('\n');
      if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k}=${flat(x)}`).join('\n');
      return String(v);
    };
    const parts = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => {
        const r = indexedDB.open(info.name);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const name of db.objectStoreNames) {
        const all = await new Promise((resolve, reject) => {
          const r = db.transaction(name).objectStore(name).getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        parts.push(flat(all));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) parts.push(req.url, await (await cache.match(req)).text());
    }
    return parts.join('\n');
  });
}

describe('incident log', () => {
  let app;
  let browser;
  let dir;
  before(async () => {
    app = await startApp();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    dir = mkdtempSync(path.join(tmpdir(), 'incidents-e2e-'));
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('records, seals, corrects and exports a bundle that verifies, and fails when anything is changed', async () => {
    const ctx = await openContext(browser, app, { acceptDownloads: true });
    try {
      const page = await ctx.newPage();
      const email = uniqueEmail('incidents');
      await signUpViaUi(page, email);
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Incident Log' }).waitFor();
      await page.getByText('Nothing recorded yet.').waitFor();

      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-11-20T21:30');
      await page.getByLabel('I am not sure of the exact time (about)').check();
      await page.getByLabel('Where', { exact: true }).fill('Kitchen at home');
      await page.getByRole('textbox', { name: 'What happened' }).fill(WHAT);
      await page.getByLabel('Physical violence').check();
      await page.getByLabel('Dowry-related harassment').check();
      await page.getByRole('button', { name: 'Add a witness' }).click();
      await page.getByLabel('Witness 1', { exact: true }).fill(WITNESS);
      await page.getByText('Up to 25 MB a file and 60 MB for one incident.').waitFor();
      await page.getByLabel('Take or choose a photo').setInputFiles({ name: 'window.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
      await page.getByText('window.jpg (293 KB)').waitFor();
      // The fake microphone plays a tone; a short recording is enough.
      await page.getByRole('button', { name: 'Record sound' }).click();
      await page.getByText('Recording…').waitFor();
      await page.getByRole('button', { name: 'Stop recording' }).click();
      await page.getByText(/^recording-\d+\.webm/).waitFor();
      await assertNoSeriousA11yViolations(page, 'the incident form, filled in');
      await page.getByRole('button', { name: 'Seal and save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved and sealed.' }).waitFor();
      const card = page.locator('.incident-card', { hasText: WHAT });
      await card.getByText(/time-stamped/).waitFor();
      await card.getByText(WITNESS).waitFor();
      await card.getByRole('heading', { name: /^about / }).waitFor();
      // Her photo is shown in the card, read from her device into a blob: address (nothing is fetched from the
      // server), and the recording can be played there.
      const photo = card.getByRole('img', { name: 'window.jpg' });
      await photo.waitFor();
      assert.match(await photo.getAttribute('src'), /^blob:/);
      await card.getByText('window.jpg (293 KB)').waitFor();
      assert.match(await card.locator('audio[controls]').getAttribute('src'), /^blob:/);

      await card.getByRole('button', { name: 'Add a correction' }).click();
      await card.getByLabel('Your correction (the original stays as it is)').fill(CORRECTION);
      await card.getByRole('button', { name: 'Seal and save the correction' }).click();
      await card.locator('.incident-amendment', { hasText: CORRECTION }).getByText(/time-stamped/).waitFor();
      // The original is still there, beside the correction.
      await card.locator('.incident-original', { hasText: WHAT }).waitFor();
      await page.locator('.incident-day-marked').first().waitFor();
      await assertNoSeriousA11yViolations(page, 'the Incident Log with an incident and a correction');

      // Before anything is saved, the section says where the file goes and who could find it.
      await page.getByText('Anyone who picks up this device could find it there.', { exact: false }).waitFor();
      await page.getByRole('radio', { name: 'No, anyone can open it' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Make the file (1 incident)' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^documents-\d{4}-\d{2}-\d{2}\.zip$/, 'a name that says nothing of what is inside');
      const bundle = path.join(dir, 'bundle.zip');
      await download.saveAs(bundle);
      await page.getByRole('status').filter({ hasText: 'The file is ready in your downloads' }).waitFor();

      const good = verify(bundle);
      assert.equal(good.code, 0, `${good.out}\n${good.err}`);
      const members = unzipSync(readFileSync(bundle));
      const manifest = JSON.parse(new TextDecoder().decode(members['manifest.json']));
      assert.equal(manifest.format, 'solace-evidence/1');
      assert.equal(manifest.entries.length, 2);
      const [incident, amendment] = manifest.entries;
      assert.match(good.out, new RegExp(`OK\\s+incident ${incident.id}`));
      assert.match(good.out, new RegExp(`OK\\s+amendment ${amendment.id}`));
      const content = JSON.parse(incident.content);
      assert.equal(content.what_happened, WHAT);
      assert.deepEqual(content.witnesses, [WITNESS]);
      assert.equal(content.attachments.length, 2, 'the photo and the recording');
      const photoFile = content.attachments.find((a) => a.file.endsWith('window.jpg')).file;
      assert.ok(Buffer.from(members[photoFile]).equals(PHOTO), 'the original photo, unchanged');
      const audioFile = content.attachments.find((a) => a.file.includes('recording-')).file;
      assert.ok(members[audioFile].length > 0, 'the recording is in the bundle');
      for (const name of ['report.html', 'how-to-check.html', 'certificate.pem']) assert.ok(members[name], name);
      const report = new TextDecoder().decode(members['report.html']);
      assert.ok(report.includes(WHAT) && report.includes(CORRECTION) && report.includes(WITNESS));
      // Both pages say which certificate to compare: the fingerprint verify-evidence prints, and where this
      // server publishes it.
      const fingerprint = good.out.match(/certificate SHA-256: ([0-9a-f]{64})/)[1];
      for (const name of ['report.html', 'how-to-check.html']) {
        const text = new TextDecoder().decode(members[name]);
        assert.ok(text.includes(fingerprint) && text.includes(`${app.origin}/api/timestamp/certificate`), name);
      }

      // The court's expert with the ZIP alone: the bundle's own check.sh passes it, and fails on a copy with one
      // changed byte of her text (in the entry's own file) or of the photo, naming it.
      const unpacked = path.join(dir, 'unpacked');
      unpack(bundle, unpacked);
      const script = checkScript(unpacked);
      assert.equal(script.code, 0, script.out);
      assert.match(script.out, /All 2 entries and their attachments are as they were time-stamped/);
      const changedCopy = (name, file, change) => {
        const copy = path.join(dir, name);
        cpSync(unpacked, copy, { recursive: true });
        const bytes = readFileSync(path.join(copy, file));
        change(bytes);
        writeFileSync(path.join(copy, file), bytes);
        return checkScript(copy);
      };
      const entryText = `entries/${incident.id}.json`;
      const textChanged = changedCopy('text-changed', entryText, (b) => (b[b.indexOf('blue chair')] = 'B'.charCodeAt(0)));
      assert.equal(textChanged.code, 1, textChanged.out);
      assert.match(textChanged.out, new RegExp(`FAILED  ${incident.id}: tokens/${incident.id}.tsr does not stamp this text`));
      const photoChanged = changedCopy('photo-changed', photoFile, (b) => (b[1000] ^= 1));
      assert.equal(photoChanged.code, 1, photoChanged.out);
      assert.match(photoChanged.out, new RegExp(`FAILED  ${incident.id}: ${photoFile} does not have the SHA-256`));
      // The how-to page gives the commands that recompute the digests from the files, not the digests themselves.
      const howTo = new TextDecoder().decode(members['how-to-check.html']);
      assert.ok(howTo.includes(`openssl ts -verify -data ${entryText} -in ${incident.token} -token_in -CAfile certificate.pem`));
      assert.ok(howTo.includes(`openssl dgst -sha256 ${photoFile}`));
      assert.ok(!howTo.includes(`-digest ${incident.digest}`), 'no command takes a shown entry\'s digest on trust');
      assert.match(howTo, /solace version \d+\.\d+\.\d+/);

      // The report shows the photo from the unpacked file, beside its SHA-256, and names each entry by its id.
      const viewer = await browser.newPage();
      try {
        await viewer.goto(pathToFileURL(path.join(unpacked, 'report.html')).href);
        const shown = viewer.getByRole('img', { name: 'window.jpg' });
        assert.equal(await shown.getAttribute('src'), photoFile);
        const sha = content.attachments.find((a) => a.file === photoFile).sha256;
        assert.ok((await viewer.locator('figure', { has: shown }).innerText()).includes(sha));
        await viewer.getByText(new RegExp(`Entry ${incident.id}\\.`)).waitFor();
        await viewer.getByText(`Correction ${amendment.id} amends entry ${incident.id}`, { exact: false }).waitFor();
        // One document on A4 and on Letter.
        for (const format of ['A4', 'Letter']) assert.ok((await viewer.pdf({ format })).length > 1000, format);
      } finally {
        await viewer.close();
      }

      // OpenSSL alone checks a token against the certificate.
      const tokenFile = path.join(dir, 'token.der');
      const certFile = path.join(dir, 'tsa.pem');
      writeFileSync(tokenFile, members[incident.token]);
      writeFileSync(certFile, members['certificate.pem']);
      const ts = (digest) =>
        spawnSync('openssl', ['ts', '-verify', '-digest', digest, '-in', tokenFile, '-token_in', '-CAfile', certFile], {
          encoding: 'utf8',
        });
      assert.match(ts(incident.digest).stdout, /Verification: OK/);
      assert.notEqual(ts(amendment.digest).status, 0, 'a token does not verify for another digest');

      // Tampering: each changed bundle fails naming the entry.
      const tampered = (name, change, entryId) => {
        const copy = Object.fromEntries(Object.entries(members).map(([k, v]) => [k, new Uint8Array(v)]));
        change(copy);
        const file = path.join(dir, `${name}.zip`);
        writeFileSync(file, zipSync(copy));
        const r = verify(file);
        assert.equal(r.code, 1, `${name}: ${r.out}\n${r.err}`);
        assert.match(r.err + r.out, new RegExp(`entry ${entryId}`), name);
      };
      const withManifest = (edit) => (m) => {
        const json = JSON.parse(new TextDecoder().decode(m['manifest.json']));
        edit(json);
        m['manifest.json'] = new TextEncoder().encode(JSON.stringify(json));
      };
      tampered('photo', (m) => (m[photoFile][1000] ^= 1), incident.id);
      tampered(
        'text',
        withManifest((json) => (json.entries[0].content = json.entries[0].content.replace('blue chair', 'blue table'))),
        incident.id,
      );
      tampered('token', (m) => (m[amendment.token][m[amendment.token].length - 5] ^= 1), amendment.id);
      tampered('removed', withManifest((json) => json.entries.shift()), amendment.id);

      // Locked with a password (the choice she is offered first): Debian's 7z opens it with that password and
      // with no other, nothing of hers is in its bytes, and verify-evidence checks it given the password in a
      // file, and says plainly that it needs one.
      await page.getByRole('radio', { name: 'Yes, lock it (safer)' }).check();
      await page.getByLabel('Password for the file').fill(LOCK);
      await page.getByLabel('The same password again').fill(LOCK);
      const [lockedDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Make the file (1 incident)' }).click(),
      ]);
      assert.match(lockedDownload.suggestedFilename(), /^documents-\d{4}-\d{2}-\d{2}\.zip$/);
      const locked = path.join(dir, 'locked.zip');
      await lockedDownload.saveAs(locked);
      await page.getByRole('status').filter({ hasText: 'The locked file is ready in your downloads' }).waitFor();
      assert.equal(await page.getByLabel('Password for the file').inputValue(), '', 'the page keeps no password');
      const sevenZip = (args) => spawnSync('7z', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const listing = sevenZip(['l', '-slt', locked]);
      assert.equal(listing.status, 0, `${listing.stdout}${listing.stderr}`);
      const names = Object.keys(members);
      assert.equal(listing.stdout.match(/Encrypted = \+/g)?.length, names.length, listing.stdout);
      assert.equal(listing.stdout.match(/Method = AES-256/g)?.length, names.length, listing.stdout);
      const opened = sevenZip(['x', `-p${LOCK}`, '-oopened', locked]);
      assert.equal(opened.status, 0, `${opened.stdout}${opened.stderr}`);
      // The same files as the plain export (the report says when it was made, so it may differ by a minute).
      for (const name of names.filter((n) => n !== 'report.html')) {
        assert.ok(readFileSync(path.join(dir, 'opened', name)).equals(Buffer.from(members[name])), name);
      }
      assert.ok(readFileSync(path.join(dir, 'opened', 'report.html'), 'utf8').includes(WHAT));
      for (const args of [['t', locked], ['t', `-p${LOCK.slice(0, -1)}`, locked]]) {
        const r = sevenZip(args);
        assert.notEqual(r.status, 0, `7z ${args.join(' ')} opened it: ${r.stdout}`);
      }
      const raw = readFileSync(locked);
      for (const words of [WHAT, WITNESS, CORRECTION]) assert.ok(!raw.includes(words), `"${words}" is readable in the locked file`);
      assert.ok(!raw.includes(PHOTO.subarray(150_000, 150_032)), 'the photo is readable in the locked file');
      const passwordFile = path.join(dir, 'password.txt');
      writeFileSync(passwordFile, `${LOCK}\n`);
      const checked = verify(locked, ['--password-file', passwordFile]);
      assert.equal(checked.code, 0, `${checked.out}\n${checked.err}`);
      assert.match(checked.out, new RegExp(`OK\\s+incident ${incident.id}`));
      assert.match(checked.out, new RegExp(`OK\\s+amendment ${amendment.id}`));
      const refused = verify(locked);
      assert.equal(refused.code, 2, `${refused.out}\n${refused.err}`);
      assert.match(refused.err, /it is locked with a password\. Give the password with --password-file FILE/);

      // After sign-out no storage area holds her words or the photo's bytes.
      const photoHex = PHOTO.subarray(150_000, 150_032).toString('hex');
      const stored = await storedEverywhere(page);
      assert.ok(stored.includes('solace-record-v1') === false, 'no additional data is stored in the clear');
      await page.getByRole('button', { name: 'Logout' }).click();
      await signInScreen(page).waitFor();
      const afterOut = await storedEverywhere(page);
      for (const words of [WHAT, WITNESS, CORRECTION, 'Kitchen at home', photoHex]) {
        assert.ok(!afterOut.includes(words), `after sign-out "${words.slice(0, 24)}" is readable in storage`);
      }
      assert.ok(afterOut.length > PHOTO.length, 'the encrypted record stays on the device');

      // Signing in again brings it all back; after a quick exit, again nothing is readable.
      await signInViaUi(page, email);
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.locator('.incident-card', { hasText: WHAT }).getByText(CORRECTION).waitFor();
      await Promise.all([
        page.waitForURL((u) => u.origin !== app.origin),
        // Forced: the press hides the page at once, which Playwright would read as the button being covered.
        page.getByRole('button', { name: 'Exit now' }).first().click({ force: true }),
      ]);
      await page.goto('/');
      await signInScreen(page).waitFor();
      const afterExit = await storedEverywhere(page);
      for (const words of [WHAT, WITNESS, CORRECTION, photoHex]) {
        assert.ok(!afterExit.includes(words), `after a quick exit "${words.slice(0, 24)}" is readable in storage`);
      }

      // A second account on the same device sees nothing of hers.
      await signUpViaUi(page, uniqueEmail('incidents-second'));
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByText('Nothing recorded yet.').waitFor();
      // After the idle sign-out (a controlled clock, in a tab of its own), again nothing is readable.
      await page.getByRole('button', { name: 'Logout' }).click();
      await signInScreen(page).waitFor();
      const idle = await ctx.newPage();
      await idle.clock.install();
      await signInViaUi(idle, email);
      await idle.getByRole('link', { name: 'Incident Log' }).first().click();
      await idle.locator('.incident-card', { hasText: WHAT }).getByText(CORRECTION).waitFor();
      await idle.clock.runFor(2 * 60_000 + 30_000 + 1_000);
      await idle.waitForURL((u) => u.pathname === '/weather');
      const afterIdle = await storedEverywhere(idle);
      for (const words of [WHAT, WITNESS, CORRECTION, photoHex]) {
        assert.ok(!afterIdle.includes(words), `after the idle sign-out "${words.slice(0, 24)}" is readable in storage`);
      }
      await idle.close();

      ctx.check();
    } finally {
      await ctx.close();
    }
  });

  it('deleting an incident leaves removal records, and the bundle still verifies', async () => {
    const ctx = await openContext(browser, app, { acceptDownloads: true });
    try {
      const page = await ctx.newPage();
      await signUpViaUi(page, uniqueEmail('incidents-delete'));
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      const record = async (when, what) => {
        await page.getByRole('button', { name: 'Record an incident' }).click();
        await page.getByLabel('Date and time').fill(when);
        await page.getByRole('textbox', { name: 'What happened' }).fill(what);
        await page.getByRole('button', { name: 'Seal and save' }).click();
        await page.locator('.incident-card', { hasText: what }).getByText(/time-stamped/).waitFor();
      };
      await record('2026-10-01T10:00', 'First thing that happened');
      await record('2026-10-02T11:00', 'Second thing that happened');
      const first = page.locator('.incident-card', { hasText: 'First thing that happened' });
      await first.getByRole('button', { name: 'Delete' }).click();
      await first.getByRole('button', { name: 'Yes, delete it' }).click();
      await page.getByText('Entries removed from this record: 1.').waitFor();
      await page.getByText(/time-stamped/).first().waitFor();
      assert.equal(await page.locator('.incident-card').count(), 1);

      await page.getByRole('radio', { name: 'No, anyone can open it' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Make the file (1 incident)' }).click(),
      ]);
      const bundle = path.join(dir, 'after-delete.zip');
      await download.saveAs(bundle);
      const r = verify(bundle);
      assert.equal(r.code, 0, `${r.out}\n${r.err}`);
      assert.match(r.out, /OK\s+removal /);
      const manifest = JSON.parse(new TextDecoder().decode(unzipSync(readFileSync(bundle))['manifest.json']));
      assert.deepEqual(
        manifest.entries.map((e) => JSON.parse(e.content).kind),
        ['incident', 'removal'],
        'the deleted incident is gone; a removal record names it',
      );
      assert.ok(!JSON.stringify(manifest).includes('First thing'), 'nothing of what she deleted');
      ctx.check();
    } finally {
      await ctx.close();
    }
  });

  it('a device out of space keeps nothing of the new incident, loses nothing older, and says so', async () => {
    const ctx = await openContext(browser, app);
    try {
      const page = await ctx.newPage();
      // Chromium's own quota for this origin, made smaller than the photo below.
      const cdp = await ctx.context.newCDPSession(page);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: app.origin, quotaSize: 3 * 1024 * 1024 });
      await signUpViaUi(page, uniqueEmail('incidents-full'));
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-09-01T09:00');
      await page.getByRole('textbox', { name: 'What happened' }).fill('Saved before the device filled up');
      await page.getByRole('button', { name: 'Seal and save' }).click();
      await page.locator('.incident-card', { hasText: 'Saved before' }).getByText(/time-stamped/).waitFor();

      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-09-02T09:00');
      await page.getByRole('textbox', { name: 'What happened' }).fill('Too big for the device');
      await page
        .getByLabel('Take or choose a photo')
        .setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: randomBytes(8 * 1024 * 1024) });
      await page.getByText('big.jpg (8.0 MB)').waitFor();
      await page.getByRole('button', { name: 'Seal and save' }).click();
      await page.getByRole('alert').filter({ hasText: 'This device has no room left, so this was not saved.' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'What happened' }).inputValue(), 'Too big for the device');
      assert.equal(await page.locator('.incident-card').count(), 1, 'the older incident is still there, alone');

      // Reopened, the device holds exactly the older incident.
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: app.origin });
      await page.reload();
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.locator('.incident-card', { hasText: 'Saved before the device filled up' }).waitFor();
      assert.equal(await page.locator('.incident-card').count(), 1);
      ctx.check();
    } finally {
      await ctx.close();
    }
  });

  it('in Hindi: the form, the record and the exported report speak Hindi', async () => {
    const ctx = await openContext(browser, app, { acceptDownloads: true });
    try {
      const page = await ctx.newPage();
      await signUpViaUi(page, uniqueEmail('incidents-hindi'));
      // Her language as Settings keeps it on the device.
      await page.evaluate(() => localStorage.setItem('language', 'hi'));
      await page.reload();
      await page.getByRole('link', { name: 'घटनाओं का रिकॉर्ड' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'घटनाओं का रिकॉर्ड' }).waitFor();
      await page.getByRole('button', { name: 'घटना दर्ज करें' }).click();
      await page.getByRole('group', { name: 'हिंसा के प्रकार' }).getByLabel('दहेज से जुड़ा उत्पीड़न').check();
      await page.getByLabel('तारीख़ और समय').fill('2026-11-20T21:30');
      await page.getByRole('textbox', { name: 'क्या हुआ' }).fill('रसोई में चिल्लाया');
      await page.getByRole('button', { name: 'सील करके सहेजें' }).click();
      const card = page.locator('.incident-card', { hasText: 'रसोई में चिल्लाया' });
      await card.getByText(/समय-मुहर/).waitFor();
      await card.getByText('दहेज से जुड़ा उत्पीड़न').waitFor();
      await page.getByRole('heading', { name: 'सहेजने से पहले' }).waitFor();
      await page.getByRole('radio', { name: 'नहीं, कोई भी खोल सके' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'फ़ाइल बनाएँ (1 घटना)' }).click(),
      ]);
      const bundle = path.join(dir, 'hindi.zip');
      await download.saveAs(bundle);
      const members = unzipSync(readFileSync(bundle));
      const report = new TextDecoder().decode(members['report.html']);
      assert.match(report, /<html lang="hi">/);
      for (const words of ['घटनाओं का रिकॉर्ड', 'रसोई में चिल्लाया', 'दहेज से जुड़ा उत्पीड़न', 'नवंबर']) {
        assert.ok(report.includes(words), `the report holds "${words}"`);
      }
      assert.match(new TextDecoder().decode(members['how-to-check.html']), /इस फ़ाइल की जाँच कैसे करें/);
      assert.equal(verify(bundle).code, 0);
      ctx.check();
    } finally {
      await ctx.close();
    }
  });

  it('an entry written offline says it waits for its stamp, and is stamped once online again', async () => {
    const ctx = await openContext(browser, app);
    try {
      const page = await ctx.newPage();
      await signUpViaUi(page, uniqueEmail('incidents-offline'));
      // On opening, the screen fetches its time-stamp code, reads the operator's settings and, once her
      // records are loaded, looks up her advocates (to offer sharing), while online; once those have arrived
      // (every request it made by then has finished), the network goes.
      const started = [];
      page.on('request', (r) => started.push(r));
      const answered = (path) => page.waitForResponse((r) => new URL(r.url()).pathname === path);
      const settingsRead = answered('/api/config');
      const advocatesRead = answered('/api/advocates');
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Incident Log' }).waitFor();
      await Promise.all([settingsRead, advocatesRead]);
      await Promise.all(started.map(async (r) => (await r.response())?.finished()));
      await ctx.context.setOffline(true);
      ctx.expectOfflineResource(/\/api\/timestamp$/);
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-11-21T08:00');
      await page.getByRole('textbox', { name: 'What happened' }).fill('Written while offline');
      await page.getByRole('button', { name: 'Seal and save' }).click();
      const card = page.locator('.incident-card', { hasText: 'Written while offline' });
      await card.getByText(/The time-stamp will be added as soon as this device is online again/).waitFor();
      await ctx.context.setOffline(false);
      await card.getByText(/while offline; time-stamped .*, when the device was online again/).waitFor();
      ctx.check();
    } finally {
      await ctx.close();
    }
  });
});

// Keep the checker honest about its own tool: openssl must be there.
execFileSync('openssl', ['version']);

describe("incident log with the operator's kinds of abuse and a second time-stamping authority", () => {
  let app;
  let browser;
  let other;
  let dir;
  before(async () => {
    // The second authority is a real RFC 3161 server on loopback: another Solace.
    other = await startSolaceProcess({ bin: bin(), tmpPrefix: 'solace-e2e-tsa-' });
    dir = mkdtempSync(path.join(tmpdir(), 'incidents-second-'));
    app = await startApp({
      extraConfig: [
        '[timestamp]',
        `external_url = "${other.url}/api/timestamp"`,
        '[[incidents.categories]]',
        'id = "dowry"',
        '[[incidents.categories]]',
        'id = "acid_attack"',
        'label = { en = "Acid attack", hi = "तेज़ाब से हमला" }',
      ].join('\n'),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await other?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the form offers exactly the configured kinds, a built-in one in its own words', async () => {
    const ctx = await openContext(browser, app);
    try {
      const page = await ctx.newPage();
      await signUpViaUi(page, uniqueEmail('incidents-kinds'));
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      const kinds = page.getByRole('group', { name: 'Kinds of abuse' }).getByRole('checkbox');
      await page.getByLabel('Acid attack').waitFor();
      assert.deepEqual(
        await kinds.evaluateAll((boxes) => boxes.map((b) => b.closest('label').textContent.trim())),
        ['Dowry-related harassment', 'Acid attack'],
      );
      ctx.check();
    } finally {
      await ctx.close();
    }
  });

  it('each entry is also stamped by the second authority, and the bundle carries both stamps', async () => {
    const ctx = await openContext(browser, app, { acceptDownloads: true });
    try {
      const page = await ctx.newPage();
      await signUpViaUi(page, uniqueEmail('incidents-second'));
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-11-20T21:30');
      await page.getByRole('textbox', { name: 'What happened' }).fill(WHAT);
      await page.getByRole('button', { name: 'Seal and save' }).click();
      const card = page.locator('.incident-card', { hasText: WHAT });
      await card.getByText(/Also time-stamped by a second, independent authority/).waitFor();

      await page.getByRole('radio', { name: 'No, anyone can open it' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Make the file (1 incident)' }).click(),
      ]);
      const bundle = path.join(dir, 'both.zip');
      await download.saveAs(bundle);
      // Checked against the certificate the other authority publishes; without it, listed as not checked.
      writeFileSync(path.join(dir, 'other.pem'), await (await fetch(`${other.url}/api/timestamp/certificate`)).text());
      const good = verify(bundle, ['--second-certificate', path.join(dir, 'other.pem')]);
      assert.equal(good.code, 0, `${good.out}\n${good.err}`);
      assert.match(good.out, /OK\s+incident .*, and by the second authority /);
      const unchecked = verify(bundle);
      assert.equal(unchecked.code, 0, `${unchecked.out}\n${unchecked.err}`);
      assert.match(unchecked.out, /second authority: .*\n.*\n\s+not checked/);

      // OpenSSL checks the second token against the other authority's own certificate.
      const members = unzipSync(readFileSync(bundle));
      // Only the operator's external authority is called independent, in the report her reader prints.
      assert.match(new TextDecoder().decode(members['report.html']), /a second, independent authority/);
      const [entry] = JSON.parse(new TextDecoder().decode(members['manifest.json'])).entries;
      writeFileSync(path.join(dir, 'second.der'), members[entry.second_token]);
      const out = execFileSync(
        'openssl',
        ['ts', '-verify', '-digest', entry.digest, '-in', 'second.der', '-token_in', '-CAfile', 'other.pem'],
        { cwd: dir, encoding: 'utf8' },
      );
      assert.match(out, /Verification: OK/);
      ctx.check();
    } finally {
      await ctx.close();
    }
  });
});
