// A real Chromium profile on disk, for the tests that read what the browser itself keeps (its history, autofill,
// saved logins and session-restore files) once it has closed.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../tests/support/chromium.mjs';
import { startApp } from './harness.mjs';

/** A new, empty profile directory; `remove()` deletes it. */
export function newProfile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'profile-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The server (`startApp(appOptions)`) and a new profile for one file's tests, both gone after them. */
export function profileSuite(appOptions = {}) {
  const suite = { app: null, profile: null };
  before(async () => {
    suite.app = await startApp(appOptions);
    suite.profile = newProfile();
  });
  after(async () => {
    await suite.app?.stop();
    suite.profile?.remove();
  });
  return suite;
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
  const dir = mkdtempSync(path.join(tmpdir(), 'store-'));
  try {
    const copy = path.join(dir, 'db');
    copyFileSync(path.join(profile, 'Default', store), copy);
    const out = execFileSync('sqlite3', ['-json', copy, sql], { encoding: 'utf8' });
    return out.trim() ? JSON.parse(out) : [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file below `dir` (none when it does not exist), with its full path. */
export function filesBelow(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesBelow(full));
    else out.push(full);
  }
  return out;
}

/** `text` as the browser may write it: UTF-8 (or Latin-1), UTF-16 either way round (form state, IndexedDB's names). */
function encodings(text) {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  return [Buffer.from(text, 'utf8'), le, be];
}

/**
 * The files where `text` lies, byte for byte, or (with `names`, the folder they are named from) in whose names it
 * is; `anyCase` also finds it capitalised or in capitals, the ways a name is written.
 */
export function foundIn(files, text, { anyCase = false, names = null } = {}) {
  const forms = anyCase ? [text.toLowerCase(), text[0].toUpperCase() + text.slice(1).toLowerCase(), text.toUpperCase()] : [text];
  const needles = forms.flatMap(encodings);
  return files.filter((f) => {
    if (names !== null && forms.some((t) => path.relative(names, f).includes(t))) return true;
    const bytes = readFileSync(f);
    return needles.some((n) => bytes.includes(n));
  });
}
