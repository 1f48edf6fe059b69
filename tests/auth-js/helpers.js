// Shared set-up for the auth-js compatibility suite: starts the solace binary named by SOLACE_BIN on a
// free port with a temporary data directory and config, and builds real auth-js clients against it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { GoTrueClient } from '@supabase/auth-js';

export const PASSWORD = 'Str0ng!pass';
const READY = 'solace is ready';
const START_TIMEOUT_MS = 20_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts solace; `config` is TOML appended to a base that lifts the rate limits (tests sign up a lot). */
export async function startSolace(config = '', { raw = false } = {}) {
  const bin = process.env.SOLACE_BIN;
  if (!bin) throw new Error('set SOLACE_BIN to the solace binary (e.g. target/debug/solace)');
  const dir = mkdtempSync(join(tmpdir(), 'solace-authjs-'));
  const port = await freePort();
  // site_url names the real port, so OAuth's redirect_uri (<site_url>/auth/v1/callback) reaches us.
  const site = `[server]\nsite_url = "http://localhost:${port}"\n`;
  const limits = raw
    ? ''
    : '[auth.rate_limit]\ntoken_per_ip = 0\ntoken_per_email = 0\nsignup_per_ip = 0\nsignup_per_email = 0\n';
  const base = `${site}${limits}`;
  const configFile = join(dir, 'solace.toml');
  writeFileSync(configFile, `${base}${config}`);
  const child = spawn(
    bin,
    ['--bind', '127.0.0.1', '--port', String(port), '--data-dir', join(dir, 'data'), '--config', configFile],
    { env: { PATH: process.env.PATH, RUST_LOG: 'info', NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let logs = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`solace did not start:\n${logs}`)), START_TIMEOUT_MS);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      logs += chunk;
      if (logs.includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`solace exited with ${code}:\n${logs}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    authUrl: `${url}/auth/v1`,
    logs: () => logs,
    async stop() {
      child.removeAllListeners('exit');
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function memoryStorage() {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

let clients = 0;

/** A real auth-js client with its own in-memory storage, as the app would build it. */
export function client(server, options = {}) {
  clients += 1;
  return new GoTrueClient({
    url: server.authUrl,
    storage: memoryStorage(),
    storageKey: `sb-solace-test-${clients}`,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    ...options,
  });
}

let emails = 0;
export function uniqueEmail(prefix = 'user') {
  emails += 1;
  return `${prefix}-${process.pid}-${emails}@example.org`;
}
