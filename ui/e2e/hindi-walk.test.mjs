// A walk of the main screens in Hindi, signed out and signed in: every text a catalogue holds must show in
// Hindi. The check reads the English catalogue itself, so a text written into a screen or missed in the
// Hindi catalogue fails here, whichever screen it is on.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { browserSuite, signedInSuite } from './harness.mjs';

const locales = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const load = (lang) =>
  Object.fromEntries(
    readdirSync(path.join(locales, lang))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(locales, lang, f), 'utf8'))]),
  );
const EN = load('en');
const HI = load('hi');

/**
 * Pieces of English catalogue texts that would be English left on a Hindi screen: each text cut at its
 * {placeholders}, keeping pieces of two words or more that the Hindi text does not itself contain (a name
 * such as Google may stay as it is).
 */
const ENGLISH_PIECES = Object.entries(EN).flatMap(([ns, messages]) =>
  Object.entries(messages).flatMap(([key, text]) =>
    [text]
      .flat()
      .flatMap((t) => t.split(/\{\w+\}/))
      .map((piece) => piece.trim().replace(/^[:,.;!?…\s]+|[:,.;!?…\s]+$/g, ''))
      .filter((piece) => (piece.match(/\p{L}+/gu) ?? []).length >= 2)
      .filter((piece) => ![HI[ns][key]].flat().some((hindi) => hindi.includes(piece)))
      .map((piece) => ({ where: `${ns}.${key}`, piece })),
  ),
);

/** What a person sees or hears on the page: its text and the labels screen readers read. */
function shown(page) {
  return page.evaluate(() => {
    const attrs = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'];
    const labels = [...document.querySelectorAll(attrs.map((a) => `[${a}]`).join(','))].flatMap((el) =>
      attrs.map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.body.innerText, ...labels].join('\n');
  });
}

async function assertAllHindi(page, screen) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi', `${screen}: lang`);
  const text = await shown(page);
  const left = ENGLISH_PIECES.filter(({ piece }) => text.includes(piece)).map((p) => `${p.where}: "${p.piece}"`);
  assert.deepEqual(left, [], `${screen} shows English where a Hindi text belongs`);
}

const h1 = (page, name) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('Hindi walk: signed out', () => {
  const suite = browserSuite({ contextOptions: () => ({ locale: 'hi-IN' }) });

  it('the sign-in and sign-up screens, Staying safe and both disguises', async () => {
    const { page } = suite;
    await page.goto('/auth');
    await page.getByRole('button', { name: HI.auth.signIn, exact: true }).waitFor();
    await assertAllHindi(page, '/auth (sign in)');

    await page.getByRole('button', { name: HI.auth.noAccount }).click();
    await page.getByLabel(HI.auth.signInName, { exact: true }).fill('shant-nadi');
    await page.getByLabel(HI.auth.confirmPassword, { exact: true }).fill('abc');
    await page.getByLabel(HI.auth.password, { exact: true }).fill('abc');
    await page.getByRole('button', { name: HI.auth.signUp, exact: true }).click();
    await page.getByRole('alert').waitFor();
    await assertAllHindi(page, '/auth (sign up, with an error)');

    for (const [route, title] of [
      ['/staying-safe', HI.stayingSafe.title],
      ['/weather', HI.weather.title],
      ['/notes', HI.notes.title],
    ]) {
      await page.goto(route);
      await h1(page, title);
      await assertAllHindi(page, route);
    }
  });

  it("a wrong password gets the server's refusal in Hindi", async () => {
    const { ctx, page } = suite;
    ctx.expectFailedResource(/\/auth\/v1\/token\?grant_type=password$/, 400);
    await page.goto('/auth');
    await page.getByLabel(HI.auth.email).fill('nobody@example.com');
    await page.getByLabel(HI.auth.password, { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: HI.auth.signIn, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: HI.common.problemInvalidCredentials }).waitFor();
    await assertAllHindi(page, '/auth (refused)');
  });
});

describe('Hindi walk: signed in', () => {
  const suite = signedInSuite('hindi-walk', { locale: 'hi-IN' });

  it('every main screen speaks Hindi', async () => {
    const { page } = suite;
    for (const [route, ready] of [
      ['/', () => h1(page, HI.home.heroTitle)],
      ['/journal', () => h1(page, HI.journal.title)],
      ['/affirmations', () => h1(page, HI.affirmations.title)],
      ['/resources', () => h1(page, HI.resources.title)],
      ['/safety-plan', () => h1(page, HI.safetyPlan.title)],
      ['/mood', () => h1(page, HI.mood.title)],
      ['/incidents', () => h1(page, HI.incidents.title)],
      ['/check-in', () => page.getByText(HI.checkin.nobodyToTell).waitFor()],
      ['/settings', () => h1(page, HI.settings.title)],
      ['/staying-safe', () => h1(page, HI.stayingSafe.title)],
      ['/no-such-page', () => h1(page, HI.layout.notFoundTitle)],
    ]) {
      await page.goto(route);
      await ready();
      await assertAllHindi(page, route);
    }
  });
});
