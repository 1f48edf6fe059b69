// The app speaks the visitor's language: it follows the browser, the operator's default, and the choice
// she makes in Settings (remembered across reloads), with `lang` on the page. Texts are compared with the
// catalogues themselves, so a screen left in English where a Hindi text belongs fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { browserSuite, signedInSuite } from './harness.mjs';

const locales = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const catalogue = (lang, namespace) => JSON.parse(readFileSync(path.join(locales, lang, `${namespace}.json`), 'utf8'));

async function heading(page) {
  return (await page.getByRole('heading', { level: 1 }).first().textContent()).trim();
}

describe('languages: a Hindi browser', () => {
  const suite = browserSuite({ contextOptions: () => ({ locale: 'hi-IN' }) });

  it('opens the weather disguise in Hindi, with lang="hi" on the page', async () => {
    const { page } = suite;
    await page.goto('/weather');
    await page.getByRole('heading', { level: 1, name: catalogue('hi', 'weather').title }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
    const shown = await page.locator('body').innerText();
    for (const key of ['title', 'searchCity']) {
      assert.ok(!shown.includes(catalogue('en', 'weather')[key]), `no English "${key}" left`);
    }
  });

  it('offers the exit in Hindi on the sign-in page', async () => {
    const { page } = suite;
    await page.goto('/auth');
    await page.getByRole('button', { name: catalogue('hi', 'layout').exitNow }).waitFor();
    assert.equal(await page.getByRole('button', { name: catalogue('en', 'layout').exitNow }).count(), 0);
  });
});

describe("languages: the operator's default", () => {
  const suite = browserSuite({ app: { defaultLanguage: 'hi' }, contextOptions: () => ({ locale: 'fr-FR' }) });

  it('a browser asking for a language the app lacks gets the default the operator set', async () => {
    const { page } = suite;
    await page.goto('/notes');
    await page.getByRole('heading', { level: 1, name: catalogue('hi', 'notes').title }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
  });
});

describe('languages: her choice in Settings', () => {
  const suite = signedInSuite('languages');

  it('switches the screens to Hindi and keeps the choice across a reload', async () => {
    const { page } = suite;
    await page.goto('/settings');
    await page.getByRole('heading', { name: catalogue('en', 'settings').languageHeading }).waitFor();
    await page.getByRole('radio', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: catalogue('hi', 'settings').languageHeading }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');

    await page.goto('/settings'); // a fresh page load (a reload opens the home page: the address is `/`)
    await page.getByRole('heading', { name: catalogue('hi', 'settings').languageHeading }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'हिन्दी' }).isChecked(), true);

    for (const [route, namespace] of [
      ['/journal', 'journal'],
      ['/mood', 'mood'],
      ['/safety-plan', 'safetyPlan'],
      ['/affirmations', 'affirmations'],
    ]) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: catalogue('hi', namespace).title }).waitFor();
      assert.notEqual(await heading(page), catalogue('en', namespace).title, `${route} is in Hindi`);
    }
  });
});

describe("languages: an operator's own catalogue file", () => {
  const marathi = { weather: { title: 'हवामान अंदाज' }, journal: { title: 'माझी खाजगी डायरी' } };
  const suite = browserSuite({
    app: { defaultLanguage: 'mr', locales: { 'mr.json': JSON.stringify(marathi) } },
    contextOptions: () => ({ locale: 'mr-IN', serviceWorkers: 'allow' }),
  });

  it('is offered and shown without a rebuild; texts it lacks fall back to English', async () => {
    const { page } = suite;
    await page.goto('/weather');
    await page.getByRole('heading', { level: 1, name: marathi.weather.title }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'mr');
    await page.getByPlaceholder(catalogue('en', 'weather').searchCity).waitFor();
    const served = await page.evaluate(async () => (await fetch('/api/locales/mr.json')).json());
    assert.deepEqual(served, marathi);
  });

  it('is kept by the offline worker, so the page stays in that language with the network cut', async () => {
    const { ctx, page } = suite;
    await page.goto('/weather');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
    // Now the worker answers the page's requests, the language file among them.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: marathi.weather.title }).waitFor();

    ctx.expectOfflineResource(/\/api\/weather\//);
    await ctx.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: marathi.weather.title }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'mr');
    } finally {
      await ctx.context.setOffline(false);
    }
  });
});
