// Shared set-up for the browser end-to-end tests: the real solace binary (SOLACE_BIN) with a weather
// stand-in, Debian's chromium driven by playwright-core, and the checks every test ends with (no request to
// another host, no console error, no uncaught page error). Nothing here downloads anything.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer as createHttpServer } from 'node:http';
import { after, afterEach, before, beforeEach } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, startGoogleStandIn } from '../../tests/support/google-stand-in.mjs';
import { API_KEY, startWeatherStandIn } from '../../tests/support/weather-stand-in.mjs';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../tests/support/chromium.mjs';
import { newDatabase, onPostgres } from '../../tests/support/postgres-databases.mjs';

export { onPostgres };
import { freePort, startSolaceProcess } from '../../tests/support/solace-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS_DIR = path.join(here, 'artifacts');
export const CHROMIUM = DEBIAN_CHROMIUM;
export const CONTACT_EMAIL = 'ideas@solace.test';
export const PASSWORD = 'Quiet-Harbor-42!';

/** The default quick-exit pages (`safety.exit_destinations`): a search engine, an encyclopedia, a weather site. */
export const NEUTRAL_ORIGINS = ['https://duckduckgo.com', 'https://www.wikipedia.org', 'https://www.yr.no'];

const READY_TIMEOUT_MS = 30_000;
const CLOSE_TIMEOUT_MS = 60_000;

function solaceBin() {
  const bin = process.env.SOLACE_BIN;
  if (!bin) {
    throw new Error(
      'SOLACE_BIN is not set: build the binary (cargo build --bins) and run e.g. ' +
        'SOLACE_BIN=$PWD/../target/debug/solace node --test --test-concurrency=1 e2e/',
    );
  }
  if (!existsSync(bin)) throw new Error(`SOLACE_BIN=${bin} does not exist: build it with cargo build --bins`);
  return bin;
}

/**
 * Starts the weather stand-in and the solace binary on free ports with a fresh data directory, and resolves
 * once the binary logs "solace is ready". With `google: true`, Google sign-in is switched on against a
 * local Google stand-in (`app.google`). With SOLACE_TEST_DATABASE=postgres (the postgres-*.test.mjs files
 * set it), the binary keeps its tables in a database of its own on the suite's PostgreSQL cluster
 * (`app.database`) instead of its data directory's SQLite file.
 */
export async function startApp({
  google: withGoogle = false,
  weather: provider = 'openweathermap',
  exitPage: withExitPage = false,
  defaultLanguage = null,
  defaultCity = null,
  // More TOML, appended as it is (a test's own `[local]` section or resource list).
  extraConfig = '',
  // Operator catalogues beside the config file: file name ('mr.json') -> JSON text.
  locales = {},
  // The encrypted copy on the server ([copy]); off unless a suite tests it, so sign-ins open without its
  // first-use screen.
  copy = false,
} = {}) {
  const bin = solaceBin();
  const weather = await startWeatherStandIn();
  const google = withGoogle ? await startGoogleStandIn() : null;
  const exitPage = withExitPage ? await startNeutralPage() : null;
  const database = onPostgres() ? await newDatabase() : null;
  const config = [
    '[weather]',
    // `weather`: 'openweathermap' (default), 'open-meteo' (both Open-Meteo APIs on the stand-in) or 'off'.
    ...(provider === 'open-meteo'
      ? ['provider = "open-meteo"', `open_meteo_url = "${weather.url}"`, `open_meteo_geocoding_url = "${weather.url}"`]
      : [`provider = "${provider}"`, `api_key = "${API_KEY}"`, `openweathermap_url = "${weather.url}"`]),
    ...(defaultCity ? [`default_city = "${defaultCity}"`] : []),
    '',
    '[site]',
    `contact_email = "${CONTACT_EMAIL}"`,
    ...(defaultLanguage ? [`default_language = "${defaultLanguage}"`] : []),
    '',
    ...(google
      ? [
          '[auth.google]',
          `client_id = "${GOOGLE_CLIENT_ID}"`,
          `client_secret = "${GOOGLE_CLIENT_SECRET}"`,
          `authorize_url = "${google.url}/authorize"`,
          `token_url = "${google.url}/token"`,
          `userinfo_url = "${google.url}/userinfo"`,
          '',
        ]
      : []),
    ...(exitPage ? ['[safety]', `exit_destinations = ["${exitPage.url}/"]`, ''] : []),
    ...(copy ? [] : ['[copy]', 'enabled = false', '']),
    extraConfig,
    database?.config ?? '',
  ].join('\n');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const solace = await startSolaceProcess({
    bin,
    port,
    config,
    locales,
    args: ['--site-url', url],
    tmpPrefix: 'solace-e2e-',
    readyTimeoutMs: READY_TIMEOUT_MS,
  });

  return {
    url,
    origin: url,
    weather,
    google,
    /** With `exitPage: true`: the local neutral page the quick exit leaves for (`url`, `origin`). */
    exitPage,
    log: solace.log,
    logged: solace.logged,
    /** The app's data directory (its SQLite file and whatever else the server keeps). */
    dataDir: solace.dataDir,
    /**
     * On PostgreSQL, the app's database (tests/support/postgres-databases.mjs: `sql(text)`, `rows()`); null
     * when its tables are in the data directory's SQLite file.
     */
    database,
    /**
     * A backup at `to`: `solace backup` on SQLite; on PostgreSQL, which `solace backup` leaves to its own tools,
     * every table's rows as PostgreSQL's COPY writes them.
     */
    async backup(to) {
      if (database) await writeFile(to, await database.rows());
      else this.command(['backup', '--to', to]);
    },
    /** Runs `solace ARGS` (e.g. `users recovery-link EMAIL`) on this app's config and data directory. */
    command(args) {
      return execFileSync(
        bin,
        ['--config', path.join(solace.dir, 'solace.toml'), '--data-dir', solace.dataDir, '--site-url', url, ...args],
        { env: { PATH: process.env.PATH }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    },
    async stop() {
      await solace.stop();
      await weather.close();
      await google?.close();
      await exitPage?.close();
    },
  };
}

/** A neutral page on its own loopback port (another origin than the app): where a test's quick exit lands. */
async function startNeutralPage() {
  const server = createHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(NEUTRAL_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    origin: url,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** `backForwardCache: true` keeps Chromium's back/forward cache on (playwright switches it off by default). */
export function launchBrowser({ backForwardCache = false } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)`);
  return chromium.launch({
    ...(backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
}

/** The page any non-local navigation gets instead of the real site (the tests stay offline). */
const NEUTRAL_PAGE =
  '<!doctype html><html><head><link rel="icon" href="data:,"><title>Neutral site</title></head><body>neutral</body></html>';

function isLocal(url, origin) {
  const u = new URL(url);
  return u.origin === origin || u.protocol === 'data:' || u.protocol === 'blob:';
}

/**
 * A browser context on the app that records every request and every console error / page error, and answers
 * every non-local request with a tiny blank page. `check()` asserts what each test must end with.
 */
export async function openContext(browser, app, options = {}) {
  // Origins a test expects the browser to visit for real (a local stand-in such as Google's consent page).
  const { allowOrigins = [], ...contextOptions } = options;
  if (typeof contextOptions.storageState === 'object') {
    contextOptions.storageState = withRecentActivity(contextOptions.storageState);
  }
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...contextOptions,
  });
  const requests = [];
  const problems = [];
  const allowedErrors = [];

  context.on('request', (r) => {
    requests.push({ url: r.url(), navigation: r.isNavigationRequest(), method: r.method() });
  });
  await context.route(
    (url) =>
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin !== app.origin &&
      !allowOrigins.includes(url.origin),
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: NEUTRAL_PAGE }),
  );

  const watchPage = (page) => {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      const where = msg.location()?.url ?? '';
      const allowed = allowedErrors.find((a) => a.url.test(where) && a.text.test(text));
      if (allowed) {
        allowed.seen += 1;
        return;
      }
      problems.push(`console error at ${where}: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught page error: ${err.stack ?? err.message}`));
  };
  context.on('page', watchPage);

  return {
    context,
    requests,
    problems,
    async newPage() {
      return context.newPage();
    },
    /**
     * Tolerates the console line Chromium writes for a failed fetch the test provokes on purpose, e.g.
     * `expectFailedResource(/\/api\/weather\/current\?city=Atlantis$/, 404)`.
     */
    expectFailedResource(urlPattern, status) {
      const entry = {
        url: urlPattern,
        text: new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`),
        seen: 0,
      };
      allowedErrors.push(entry);
      return entry;
    },
    /** Tolerates the console line Chromium writes for a request made while a test has cut the network. */
    expectOfflineResource(urlPattern) {
      const entry = { url: urlPattern, text: /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/, seen: 0 };
      allowedErrors.push(entry);
      return entry;
    },
    /** No request left the app's origin (except a quick-exit navigation to a neutral site); no console error. */
    check() {
      const foreign = requests.filter((r) => !isLocal(r.url, app.origin));
      const expected = [...NEUTRAL_ORIGINS, ...allowOrigins];
      const unexpected = foreign.filter((r) => !(r.navigation && expected.includes(new URL(r.url).origin)));
      assert.deepEqual(unexpected, [], `requests to another host:\n${JSON.stringify(unexpected, null, 2)}`);
      assert.deepEqual(problems, [], `console or page errors:\n${problems.join('\n')}`);
    },
    /** Requests that left the app's origin (quick-exit navigations). */
    foreignRequests() {
      return requests.filter((r) => !isLocal(r.url, app.origin));
    },
    async close() {
      await context.close();
    },
  };
}

/** Signs up through the UI and waits for the home page. */
export async function signUpViaUi(page, email, password = PASSWORD) {
  await sendSignUpWithEmail(page, email, password);
  await signedIn(page);
}

/** Opens the sign-up form, fills it in with an e-mail address and sends it. */
export async function sendSignUpWithEmail(page, email, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  // The screen recommends a private sign-in name; these accounts use an e-mail address.
  await page.getByRole('radio', { name: 'My e-mail address' }).check();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/**
 * The recovery key step shown on `page`: reads the key, says it is written down, types back the two groups the step
 * asks for (as she would from her paper) and keeps it. Returns the key.
 */
export async function keepRecoveryKey(page) {
  const recoveryKey = await page.getByLabel('Recovery key').getAttribute('data-recovery-key');
  await page.getByRole('button', { name: 'I have written it down' }).click();
  const groups = recoveryKey.split('-');
  for (const label of await page.getByText(/^Group \d of your key$/).allTextContents()) {
    const n = Number(label.match(/\d/)[0]);
    await page.getByLabel(label, { exact: true }).fill(groups[n - 1].toLowerCase());
  }
  await page.getByRole('button', { name: 'Check and keep it' }).click();
  return recoveryKey;
}

/** Signs in through the UI and waits for the home page. */
export async function signInViaUi(page, email, password = PASSWORD) {
  await page.goto('/auth');
  await signInHere(page, email, password);
}

/** Signs in on the sign-in screen already shown (no page load, so no new history entry). */
export async function signInHere(page, email, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await signedIn(page);
}

/**
 * Resolves once the session is stored and the sign-in screen has gone (the home page, or the PIN prompt). The
 * address cannot tell: every screen of the app is at `/` (docs/product.md, "Screens and routes").
 */
async function signedIn(page) {
  await page.waitForFunction(() => window.localStorage.getItem('session') !== null, null, { timeout: 15_000 });
  await signInScreen(page).waitFor({ state: 'detached', timeout: 15_000 });
}

/** The sign-in screen's heading (`site.sign_in_title`: the neutral page title, 'Welcome', unless set). */
export function signInScreen(page) {
  return page.getByRole('heading', { level: 1, name: 'Welcome', exact: true });
}

/** The home page's heading. */
export function homeScreen(page) {
  return page.getByRole('heading', { level: 1, name: 'A safe space to heal, reflect and plan' });
}

/** The address the browser shows: `/` on every screen of the app, a disguise's own path on a disguise. */
export function address(page) {
  return new URL(page.url()).pathname;
}

export function uniqueEmail(tag) {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

// ---- accessibility and screenshots ----

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's rules that look at colour: all a change of theme can break (src/app/styles/themes.test.ts). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core in the page (page.evaluate is not subject to the page's CSP) and fails on serious/critical;
 * with `colourOnly`, only its colour rules.
 */
export async function assertNoSeriousA11yViolations(page, label, { colourOnly = false } = {}) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const only = colourOnly ? COLOUR_RULES : null;
  const violations = await page.evaluate(async (only) => {
    const options = { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) };
    const result = await window.axe.run(document, options);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} :: ${n.failureSummary}`),
      }));
  }, only);
  assert.deepEqual(violations, [], `${label}: axe-core found serious/critical violations:\n${JSON.stringify(violations, null, 2)}`);
}

/** Sets the theme exactly as the app applies it (class on <body>, remembered under `theme`). */
export async function applyTheme(page, theme) {
  await page.evaluate((t) => {
    window.localStorage.setItem('theme', t);
    document.body.classList.remove('theme-light', 'theme-dark');
    document.body.classList.add(`theme-${t}`);
  }, theme);
}

export async function currentTheme(page) {
  return page.evaluate(() => (document.body.classList.contains('theme-dark') ? 'dark' : 'light'));
}

/**
 * Whether checkScreen keeps its screenshots: they are for a person to look at and assert nothing, and at
 * about 0.4 CPU-s each (a full-page PNG) they cost the test command (which sets SOLACE_E2E_SCREENSHOTS=0,
 * tests/all.sh) about 40 CPU-s that nobody looks at; by hand they are kept unless switched off.
 */
const KEEP_SCREENSHOTS = process.env.SOLACE_E2E_SCREENSHOTS !== '0';

/**
 * For one screen: in the light and the dark theme, run axe-core and keep a full-page screenshot in
 * e2e/artifacts/<name>-<theme>.png (unless SOLACE_E2E_SCREENSHOTS=0); the theme the page had is restored
 * afterwards. The light theme gets every rule, the dark one the colour rules alone: the themes differ in
 * colours and nothing else (src/app/styles/themes.test.ts), so the other rules would find the same page
 * again, and they were about two thirds of a run's time.
 */
export async function checkScreen(page, name) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const original = await currentTheme(page);
  for (const theme of ['light', 'dark']) {
    await applyTheme(page, theme);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await assertNoSeriousA11yViolations(page, `${name} (${theme} theme)`, { colourOnly: theme === 'dark' });
    if (KEEP_SCREENSHOTS) {
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${theme}.png`), fullPage: true });
    }
  }
  await applyTheme(page, original);
}

// ---- keyboard ----

/** Presses Tab until `matches(activeElementInfo)` holds; returns the info. Fails after `max` presses. */
export async function tabUntil(page, matches, description, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const info = await focusedInfo(page);
    if (info && matches(info)) return info;
  }
  assert.fail(`no focusable element matching ${description} within ${max} Tab presses`);
}

/** The focused element's role-ish facts and whether a focus indicator is drawn. */
export function focusedInfo(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const ring = cs.boxShadow && cs.boxShadow !== 'none';
    return {
      tag: el.tagName.toLowerCase(),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      label: el.id ? (document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? '').trim() : '',
      type: el.getAttribute('type') ?? '',
      href: el.getAttribute('href') ?? '',
      visibleFocus: Boolean(outline || ring),
    };
  });
}

/**
 * The saved browser state with its last activity set to now (openContext applies it): the idle lock counts from
 * the last activity kept in local storage, and a suite's account was signed up minutes before its later tests.
 */
export function withRecentActivity(storageState, now = Date.now()) {
  return {
    ...storageState,
    origins: storageState.origins.map((o) => ({
      ...o,
      localStorage: [
        ...o.localStorage.filter((e) => e.name !== 'last-activity'),
        { name: 'last-activity', value: String(now) },
      ],
    })),
  };
}

/**
 * Registers the hooks of a suite whose tests run signed in: one server and browser for the suite, one
 * account signed up through the UI, and per test a fresh context holding that session, checked after it.
 * Returns an object whose `app`, `ctx` and `page` are current inside each test, and `email`, the account's.
 * `locale` is the browser language of the tests' contexts (the account is signed up in English).
 */
export function signedInSuite(tag, { locale } = {}) {
  let storageState;
  let email;
  // A quick exit ends the session on the server too: the next test then signs in afresh.
  let sessionEnded = false;
  const suite = browserSuite({
    contextOptions: async () => {
      if (sessionEnded) {
        const again = await openContext(suite.browser, suite.app);
        await signInViaUi(await again.newPage(), email);
        storageState = await again.context.storageState();
        again.check();
        await again.close();
        sessionEnded = false;
      }
      return { storageState, ...(locale ? { locale } : {}) };
    },
    // A quick exit, a disguise entered without a PIN or a sign-out end the session on the server.
    afterTest: (ctx) => {
      sessionEnded =
        ctx.foreignRequests().some((r) => r.navigation) ||
        ctx.requests.some((r) => new URL(r.url).pathname === '/auth/v1/logout');
    },
  });
  before(async () => {
    const first = await openContext(suite.browser, suite.app);
    const p = await first.newPage();
    email = uniqueEmail(tag);
    suite.email = email;
    await signUpViaUi(p, email);
    storageState = await first.context.storageState();
    first.check();
    await first.close();
  });
  return suite;
}

/**
 * One app and one browser for a describe block; each test gets a fresh context and page (`suite.ctx`,
 * `suite.page`), checked when the test ends. `app` goes to startApp; `contextOptions(suite)` (may be async) to
 * openContext; `afterTest(ctx)` sees each test's context before it is checked and closed.
 */
export function browserSuite({ app: appOptions = {}, contextOptions = () => ({}), afterTest = () => {} } = {}) {
  const suite = {};
  before(async () => {
    suite.app = await startApp(appOptions);
    suite.browser = await launchBrowser();
  });
  // Closing has no time limit of its own in Playwright; a hang fails the suite here instead of holding CI.
  after(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  }, { timeout: CLOSE_TIMEOUT_MS });
  beforeEach(async () => {
    suite.ctx = await openContext(suite.browser, suite.app, await contextOptions(suite));
    suite.page = await suite.ctx.newPage();
  });
  afterEach(async () => {
    try {
      afterTest(suite.ctx);
      suite.ctx.check();
    } finally {
      await suite.ctx.close();
    }
  }, { timeout: CLOSE_TIMEOUT_MS });
  return suite;
}
