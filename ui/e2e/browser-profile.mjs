// A real Chromium profile on disk, for the tests that read what the browser itself keeps (its history, autofill,
// saved logins and session-restore files) once it has closed.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../tests/support/chromium.mjs';

/** A new, empty profile directory; `remove()` deletes it. */
export function newProfile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'solace-profile-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Debian's Chromium on `profile` at the app's address, at a desktop size; nothing leaves for another host. */
export async function launchOnProfile(profile, app) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: DEBIAN_CHROMIUM,
    args: [...CHROMIUM_ARGS],
    baseURL: app.url,
    viewport: { width: 1280, height: 900 },
  });
  await context.route((url) => url.origin !== app.origin, (route) => route.abort());
  return context;
}

/** Rows of one of the profile's SQLite stores (`History`, `Web Data`, `Login Data`), read from a copy. */
export function profileRows(profile, store, sql) {
  const dir = mkdtempSync(path.join(tmpdir(), 'solace-store-'));
  try {
    const copy = path.join(dir, 'db');
    copyFileSync(path.join(profile, 'Default', store), copy);
    const out = execFileSync('sqlite3', ['-json', copy, sql], { encoding: 'utf8' });
    return out.trim() ? JSON.parse(out) : [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
