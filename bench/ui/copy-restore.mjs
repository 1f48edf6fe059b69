#!/usr/bin/env node
// Restoring the encrypted copy on a new device, in Chromium against the real solace binary over loopback.
// Device A (one browser context) signs up, keeps its recovery key, writes ENTRIES journal entries and records
// PHOTOS incidents with a photo of PHOTO_MB each (random bytes), and waits until Settings says everything is
// copied. Device B (a fresh context) signs in and, on the restore screen:
//   anchor  - fetches, in the page, exactly what the restore needs from the server (the index, every record,
//             every attachment's chunk list and every chunk) and nothing else: the time the same browser needs
//             just to download the same bytes.
//   restore - from the click on 'Open my records' to the progress screen gone (the recovery wrap opened, every
//             record and chunk fetched, decrypted and stored on the device).
// Prints both, and their ratio. No goal is enforced: the figures go to bench/RESULTS.md.
//
// Env: SOLACE_BIN (default as in server.mjs), CHROME_PATH (default /usr/bin/chromium), ENTRIES (default 1000),
// PHOTOS (default 5), PHOTO_MB (default 20).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startSolace } from './server.mjs';

const ENTRIES = Number(process.env.ENTRIES || 1000);
const PHOTOS = Number(process.env.PHOTOS || 5);
const PHOTO_MB = Number(process.env.PHOTO_MB || 20);
const PASSWORD = 'Bench-Restore-7!';
const EMAIL = `bench-restore-${Date.now()}@example.com`;
const LONG = { timeout: 1_800_000 };

async function deviceA(page) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByRole('radio', { name: 'My e-mail address' }).check();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByRole('button', { name: 'Show my recovery key' }).click();
  const recoveryKey = await page.getByLabel('Recovery key').getAttribute('data-recovery-key');
  await page.getByRole('button', { name: 'I have written it down' }).click();
  await page.getByRole('heading', { level: 1, name: 'A safe copy of your records' }).waitFor({ state: 'detached' });

  await page.goto('/journal');
  const box = page.getByLabel('Write your thoughts');
  const save = page.getByRole('button', { name: 'Save Entry' });
  for (let i = 0; i < ENTRIES; i += 1) {
    const words = `Bench journal entry number ${i}, a few lines of what the day was like.`;
    await box.fill(words);
    await save.click();
    await page.locator('.journal-entries > li', { hasText: words }).first().waitFor(LONG);
  }

  await page.getByRole('link', { name: 'Incident Log' }).first().click();
  for (let i = 0; i < PHOTOS; i += 1) {
    const what = `Bench incident number ${i}`;
    await page.getByRole('button', { name: 'Record an incident' }).click();
    await page.getByLabel('Date and time').fill(`2026-10-${String(i + 1).padStart(2, '0')}T10:00`);
    await page.getByRole('textbox', { name: 'What happened' }).fill(what);
    const name = `photo-${i}.jpg`;
    await page.getByLabel('Take or choose a photo').setInputFiles({ name, mimeType: 'image/jpeg', buffer: randomBytes(PHOTO_MB * 1024 * 1024) });
    await page.getByText(`${name} (`).waitFor();
    await page.getByRole('button', { name: 'Seal and save' }).click();
    await page.locator('.incident-card', { hasText: what }).getByText(/time-stamped/).waitFor(LONG);
  }
  await page.goto('/settings');
  await page.getByRole('status').filter({ hasText: 'Everything is copied.' }).waitFor(LONG);
  return recoveryKey;
}

/** In the page: downloads what a restore downloads, discarding it; resolves with { ms, bytes, requests }. */
function downloadAll(page) {
  return page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('session')).access_token;
    const get = (url) => fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    let bytes = 0;
    let requests = 0;
    const body = async (res) => {
      requests += 1;
      const b = await res.arrayBuffer();
      bytes += b.byteLength;
      return b;
    };
    const t0 = performance.now();
    const index = JSON.parse(new TextDecoder().decode(await body(await get('/api/copy'))));
    for (const r of index.records) {
      await body(await get(`/api/copy/records/${r.id}`));
      if (r.kind === 'attachment') {
        const { chunks } = JSON.parse(new TextDecoder().decode(await body(await get(`/api/copy/attachments/${r.id}`))));
        for (const n of chunks) await body(await get(`/api/copy/attachments/${r.id}/${n}`));
      }
    }
    return { ms: performance.now() - t0, bytes, requests, records: index.records.length };
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'solace-bench-restore-'));
const config = path.join(dir, 'solace.toml');
writeFileSync(config, '[copy]\nenabled = true\n');
const solace = await startSolace({ args: ['--config', config] });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const a = await browser.newContext({ baseURL: solace.url, serviceWorkers: 'block' });
  const seedStart = Date.now();
  const recoveryKey = await deviceA(await a.newPage());
  const seedSeconds = (Date.now() - seedStart) / 1000;
  await a.close();

  const b = await browser.newContext({ baseURL: solace.url, serviceWorkers: 'block' });
  const page = await b.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Bring back your records' }).waitFor();

  const anchor = await downloadAll(page);
  await page.getByLabel('Your recovery key').fill(recoveryKey);
  const load = loadavg()[0];
  const start = Date.now();
  await page.getByRole('button', { name: 'Open my records' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bring back your records' }).waitFor({ state: 'detached', ...LONG });
  await page.getByRole('heading', { level: 1, name: 'Bringing back your records…' }).waitFor({ state: 'detached', ...LONG });
  const restoreMs = Date.now() - start;
  // What came back is there: the last journal entry and the last incident.
  await page.goto('/journal');
  await page.locator('.journal-entries > li', { hasText: `Bench journal entry number ${ENTRIES - 1},` }).first().waitFor();
  await b.close();

  const mb = anchor.bytes / 1024 / 1024;
  console.log(
    JSON.stringify({
      entries: ENTRIES,
      photos: PHOTOS,
      photo_mb: PHOTO_MB,
      seed_seconds: Math.round(seedSeconds),
      records_on_server: anchor.records,
      downloaded_mib: Math.round(mb * 10) / 10,
      requests: anchor.requests,
      anchor_fetch_ms: Math.round(anchor.ms),
      restore_ms: restoreMs,
      ratio: Math.round((restoreMs / anchor.ms) * 10) / 10,
      restore_mib_per_s: Math.round((mb / (restoreMs / 1000)) * 10) / 10,
      loadavg_1min_at_restore: Math.round(load * 100) / 100,
    }),
  );
} finally {
  await browser.close();
  await solace.stop();
  rmSync(dir, { recursive: true, force: true });
}
