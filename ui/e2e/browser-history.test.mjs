// What the browser itself keeps (docs/product.md, "Screens and routes"): after a walk through every screen, an
// idle lock, a reopen and the way back, a real Chromium profile's history holds no address of the app but the
// neutral one and the disguises' own, and no title naming the product or any of its screens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launchOnProfile, profileRows, profileSuite } from './browser-profile.mjs';
import { homeScreen, PASSWORD, signInHere, signInScreen, uniqueEmail } from './harness.mjs';

/** Words that would tell someone reading the history what the site is for. */
const GIVEAWAYS = [
  'solace',
  'journal',
  'mood',
  'safety',
  'plan',
  'resource',
  'setting',
  'affirmation',
  'sign in',
  'sign-in',
  'sign up',
  'staying safe',
  'helpline',
  'emergency',
];

describe("the browser's history", () => {
  const suite = profileSuite();

  it('names no screen of the app and never the product, after every screen, an idle lock and a reopen', async () => {
    const { app, profile } = suite;
    const context = await launchOnProfile(profile.dir, app);
    const problems = [];
    context.on('page', (p) => p.on('pageerror', (e) => problems.push(e.message)));
    const email = uniqueEmail('history');
    const titles = [];
    try {
      let page = context.pages()[0] ?? (await context.newPage());
      problems.length = 0;
      page.on('pageerror', (e) => problems.push(e.message));
      const menu = (name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
      const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });
      const seeTitle = async () => titles.push(await page.title());

      // Signed out: the sign-in screen, sign-up, the 'Staying safe' page reached from it.
      await page.goto('/');
      await signInScreen(page).waitFor();
      await seeTitle();
      await page.getByRole('link', { name: /^Staying safe/ }).click();
      await heading('Staying safe').waitFor();
      await seeTitle();
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByRole('radio', { name: 'My e-mail address' }).check();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await homeScreen(page).waitFor();
      await seeTitle();

      // Every signed-in screen, through the app's own menu.
      for (const [link, title] of [
        ['Journal', 'Your Private Journal'],
        ['Affirmations', 'Daily Affirmations'],
        ['Resources', 'Support Resources'],
        ['Safety Plan', 'My Safety Plan'],
        ['Mood', 'Mood Tracker'],
        ['Settings', 'Settings'],
        ['Home', 'A safe space to heal, reflect and plan'],
      ]) {
        await menu(link).click();
        await heading(title).waitFor();
        await seeTitle();
        assert.equal(new URL(page.url()).pathname, '/', `${link}: the address names no screen`);
      }
      await menu('Settings').click();
      await page.getByRole('link', { name: 'Read Staying safe' }).click();
      await heading('Staying safe').waitFor();
      await seeTitle();
      await page.getByRole('link', { name: 'Back to Settings' }).click();
      await heading('Settings').waitFor();

      // A reload (on a controlled clock), then the idle lock lands on the weather disguise.
      await page.clock.install();
      await page.reload();
      await homeScreen(page).waitFor();
      await seeTitle();
      await page.clock.runFor(2 * 60_000 + 30_000 + 1_000);
      await heading('Weather').waitFor();
      await seeTitle();

      // Reopened later: the disguise from the first moment; the way back leads to sign-in, then in again.
      await page.close();
      page = await context.newPage();
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto('/');
      await heading('Weather').waitFor();
      await seeTitle();
      const box = await heading('Weather').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await signInScreen(page).waitFor();
      await page.mouse.up();
      await seeTitle();
      await signInHere(page, email);
      await homeScreen(page).waitFor();
      await page.getByRole('button', { name: 'Notes Mode' }).click();
      await heading('Notes').waitFor();
      await seeTitle();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }

    for (const title of titles) {
      assert.ok(['Welcome', 'Weather Forecast', 'Quick Notes'].includes(title), `the tab was titled "${title}"`);
      for (const word of GIVEAWAYS) assert.ok(!title.toLowerCase().includes(word), `the tab was titled "${title}"`);
    }
    const rows = profileRows(profile.dir, 'History', 'SELECT url, title FROM urls ORDER BY id');
    const ours = rows.filter((r) => new URL(r.url).origin === app.origin);
    // The browser did record the visit: the neutral address and both disguises.
    const paths = new Set(ours.map((r) => new URL(r.url).pathname));
    for (const p of ['/', '/weather', '/notes']) assert.ok(paths.has(p), `${p} in ${JSON.stringify(rows)}`);
    if (process.env.SHOW_HISTORY) console.log(JSON.stringify(rows, null, 1));
    for (const { url, title } of ours) {
      const { pathname } = new URL(url);
      assert.ok(['/', '/weather', '/notes'].includes(pathname), `the history holds ${url}`);
      // The neutral title, or a disguise's (a reopened disguised browser is sent the disguise's page at `/`).
      assert.ok(['Welcome', 'Weather Forecast', 'Quick Notes'].includes(title), `the history titles ${url} "${title}"`);
      for (const word of GIVEAWAYS) {
        assert.ok(!title.toLowerCase().includes(word), `the history titles ${url} "${title}"`);
      }
    }
  });
});
