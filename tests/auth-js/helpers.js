// Shared set-up for the auth-js compatibility suite: starts the solace binary named by SOLACE_BIN on a
// free port with a temporary data directory and config, and builds real auth-js clients against it.
import { GoTrueClient } from '@supabase/auth-js';

import { freePort, startSolaceProcess } from '../support/solace-process.mjs';

export { freePort };
export const PASSWORD = 'Str0ng!pass';

/** Starts solace; `config` is TOML appended to a base that lifts the rate limits (tests sign up a lot). */
export async function startSolace(config = '', { raw = false } = {}) {
  const bin = process.env.SOLACE_BIN;
  if (!bin) throw new Error('set SOLACE_BIN to the solace binary (e.g. target/debug/solace)');
  const port = await freePort();
  // site_url names the real port, so OAuth's redirect_uri (<site_url>/auth/v1/callback) reaches us.
  const site = `[server]\nsite_url = "http://localhost:${port}"\n`;
  const limits = raw
    ? ''
    : '[auth.rate_limit]\ntoken_per_ip = 0\ntoken_per_email = 0\nsignup_per_ip = 0\nsignup_per_email = 0\n';
  const solace = await startSolaceProcess({
    bin,
    port,
    config: `${site}${limits}${config}`,
    env: { PATH: process.env.PATH, RUST_LOG: 'info', NO_COLOR: '1' },
    tmpPrefix: 'solace-authjs-',
    readyTimeoutMs: 20_000,
  });
  return {
    url: solace.url,
    authUrl: `${solace.url}/auth/v1`,
    // For `solace users ...` on the same data directory and config.
    dataDir: solace.dataDir,
    configFile: `${solace.dir}/solace.toml`,
    logs: solace.log,
    stop: solace.stop,
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

/**
 * Signs up, then signs in with the same client, as the web app does: a sign-up answers without a session
 * whether or not the address had an account (docs/auth-contract.md, "Sign-up"). Returns the sign-in's result.
 */
export async function signUpAndIn(auth, { email, password, options }) {
  const up = await auth.signUp({ email, password, options });
  if (up.error) return up;
  return auth.signInWithPassword({ email, password });
}
