// The court certificate and the stamping authority's name, as a court's expert meets them: she exports from Debian's
// chromium on a server whose operator named India's section 63 certificate and itself; the ZIP is opened with the
// real `unzip`, every file hashed with `sha256sum`, and the certificate's hash list and hash report compared with
// that. The report and the how-to page name the operator and the certificate and never call the service's own
// server independent; the token names its authority, as `openssl ts` reads it. Tools nobody here wrote check.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/support/chromium.mjs';
import { CHROMIUM, openContext, signUpViaUi, startApp, uniqueEmail } from './harness.mjs';

const OPERATOR = 'Sakhi Trust, Bengaluru';
const WHAT = 'He threw the phone at the wall';
// Random bytes: a photo no other file in the bundle can share a hash with.
const PHOTO = randomBytes(40_000);
const HASH_REPORT = 'court-certificate/hash-report.sha256';

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix)).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(path.join(dir, rel)).isDirectory() ? filesUnder(dir, rel) : [rel];
  });
}

/** `sha256sum FILES` run in `dir`: name -> hash. */
function sha256sum(dir, files) {
  const out = execFileSync('sha256sum', ['--', ...files], { cwd: dir, encoding: 'utf8' });
  return new Map(out.trim().split('\n').map((line) => [line.slice(66), line.slice(0, 64)]));
}

describe('the court certificate the operator names, and the authority named as it is', () => {
  let app;
  let browser;
  let dir;
  before(async () => {
    app = await startApp({
      extraConfig: ['[timestamp]', `operator_name = "${OPERATOR}"`, '[incidents]', 'certificate = "india-bsa-63"'].join('\n'),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    dir = mkdtempSync(path.join(tmpdir(), 'incidents-certificate-'));
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("lists exactly what sha256sum finds in the unzipped bundle, in English and Hindi, and the pages say who stamped", async () => {
    const ctx = await openContext(browser, app, { acceptDownloads: true });
    try {
      const page = await ctx.newPage();
      await signUpViaUi(page, uniqueEmail('incidents-certificate'));
      await page.getByRole('link', { name: 'Incident Log' }).first().click();
      await page.getByRole('button', { name: 'Record an incident' }).click();
      await page.getByLabel('Date and time').fill('2026-11-20T21:30');
      await page.getByRole('textbox', { name: 'What happened' }).fill(WHAT);
      await page.getByLabel('Take or choose a photo').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
      await page.getByRole('button', { name: 'Seal and save' }).click();
      await page.locator('.incident-card', { hasText: WHAT }).getByText(/time-stamped/).waitFor();
      await page.getByRole('radio', { name: 'No, anyone can open it' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Make the file/ }).click(),
      ]);
      const bundle = path.join(dir, 'bundle.zip');
      await download.saveAs(bundle);

      // Opened as the expert would, with unzip; every file hashed by sha256sum.
      const out = path.join(dir, 'out');
      execFileSync('unzip', ['-q', bundle, '-d', out]);
      const all = filesUnder(out);
      const certificateFiles = all.filter((f) => f.startsWith('court-certificate/')).sort();
      assert.deepEqual(certificateFiles, [
        HASH_REPORT,
        'court-certificate/section-63-bsa-en.html',
        'court-certificate/section-63-bsa-hi.html',
      ]);
      const others = all.filter((f) => !f.startsWith('court-certificate/'));
      const hashes = sha256sum(out, others);
      const report = readFileSync(path.join(out, HASH_REPORT), 'utf8');
      const listed = new Map(report.trim().split('\n').map((line) => [line.slice(66), line.slice(0, 64)]));
      assert.deepEqual([...listed].sort(), [...hashes].sort(), 'the hash report is sha256sum of every other file');
      assert.equal(spawnSync('sha256sum', ['-c', HASH_REPORT], { cwd: out }).status, 0, 'sha256sum -c accepts it');

      // Part A of both languages lists each record's and each attachment's SHA-256, as sha256sum computes them.
      const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
      const [entry] = manifest.entries;
      writeFileSync(path.join(dir, 'record.json'), entry.content);
      const recordHash = sha256sum(dir, ['record.json']).get('record.json');
      const photo = JSON.parse(entry.content).attachments[0].file;
      for (const lang of ['en', 'hi']) {
        const html = readFileSync(path.join(out, `court-certificate/section-63-bsa-${lang}.html`), 'utf8');
        const partA = html.split(lang === 'en' ? 'PART B (To be filled by the Expert)' : 'भाग ख (विशेषज्ञ द्वारा भरा जाए)')[0];
        const inA = new Set(partA.match(/\b[0-9a-f]{64}\b/g));
        assert.ok(inA.has(recordHash), `${lang}: the record's SHA-256`);
        assert.ok(inA.has(hashes.get(photo)), `${lang}: the photo's SHA-256, as sha256sum computes it`);
        assert.ok(partA.includes(HASH_REPORT), `${lang}: the hash report is named as enclosed`);
        assert.match(html, lang === 'en' ? /This is a template[^<]*<\/p><p>Ask a lawyer/ : /प्रारूप \(टेम्पलेट\)[\s\S]*वकील/);
      }
      // A changed byte of the photo is caught by the hash report.
      const copy = readFileSync(path.join(out, photo));
      copy[100] ^= 1;
      writeFileSync(path.join(out, photo), copy);
      assert.notEqual(spawnSync('sha256sum', ['-c', HASH_REPORT], { cwd: out }).status, 0);

      // The pages name the operator, the certificate's subject and fingerprint, and call nothing independent.
      const fingerprint = execFileSync(
        'sh',
        ['-c', 'openssl x509 -in certificate.pem -outform DER | sha256sum'],
        { cwd: out, encoding: 'utf8' },
      ).slice(0, 64);
      for (const name of ['report.html', 'how-to-check.html']) {
        const text = readFileSync(path.join(out, name), 'utf8');
        for (const words of [OPERATOR, 'CN=Solace time-stamping', fingerprint]) assert.ok(text.includes(words), `${name}: ${words}`);
        assert.doesNotMatch(text, /independent/i, name);
      }
      // The token names its authority.
      const token = execFileSync('openssl', ['ts', '-reply', '-in', entry.token, '-token_in', '-text'], {
        cwd: out,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      assert.match(token, /^TSA: DirName:\/CN=Solace time-stamping$/m);
      ctx.check();
    } finally {
      await ctx.close();
    }
  });
});
