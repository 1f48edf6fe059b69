// Shared set-up for the auth-js compatibility suite: starts the solace binary named by SOLACE_BIN on a
// free port with a temporary data directory and config, and builds real auth-js clients against it.
import { GoTrueClient } from '@supabase/auth-js';

import { newDatabase, onPostgres } from '../support/postgres-databases.mjs';
import { freePort, startSolaceProcess } from '../support/solace-process.mjs';

export { freePort };
export const PASSWORD = 'Str0ng!pass';

/**
 * The suite runs two ways (tests/all.sh): as the server answers by default, and with `SOLACE_SIGN_UP=session`
 * against servers with GoTrue's autoconfirm switch on (`auth.sign_up_returns_session`), where a sign-up answers
 * with a session and a taken address with `user_already_exists`, as the upstream client suites expect.
 */
export const SIGN_UP_RETURNS_SESSION = process.env.SOLACE_SIGN_UP === 'session';

/** `config` with the switch on when the suite runs that way (into its own `[auth]` table if it has one). */
function withSignUpWay(config) {
  if (!SIGN_UP_RETURNS_SESSION) return config;
  const line = 'sign_up_returns_session = true\n';
  return /^\[auth\]\n/m.test(config) ? config.replace(/^\[auth\]\n/m, `[auth]\n${line}`) : `${config}\n[auth]\n${line}`;
}

/**
 * Starts solace; `config` is TOML appended to a base that lifts the rate limits (tests sign up a lot). With
 * SOLACE_TEST_DATABASE=postgres (tests/all.sh runs the autoconfirm half so), each server keeps its tables
 * in a database of its own on the suite's PostgreSQL cluster instead of its data directory's SQLite file.
 */
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
    config: `${site}${limits}${withSignUpWay(config)}\n${onPostgres() ? (await newDatabase()).config : ''}`,
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
 * whether or not the address had an account (docs/auth-contract.md, "Sign-up"). Returns the sign-in's result,
 * or the sign-up's where it came with a session (`SIGN_UP_RETURNS_SESSION`).
 */
export async function signUpAndIn(auth, { email, password, options }) {
  const up = await auth.signUp({ email, password, options });
  if (up.error || up.data.session) return up;
  return auth.signInWithPassword({ email, password });
}
