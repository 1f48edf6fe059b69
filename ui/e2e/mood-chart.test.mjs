// The mood chart: a month of check-ins with gaps drawn as points and broken lines, the switch to 90 days and
// all time (offline, asking the network for nothing), reading a point by keyboard, the table of the same
// days, a 360 px phone, print, and Hindi.
// Screenshots stay in e2e/artifacts/mood-chart-*.png for review.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, it } from 'node:test';
import { applyTheme, ARTIFACTS_DIR, checkScreen, focusedInfo, signedInSuite, tabUntil } from './harness.mjs';
import { writeVault } from './vault-reader.mjs';

const locales = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const HI = JSON.parse(readFileSync(path.join(locales, 'hi', 'mood.json'), 'utf8'));
const EN_WORDS = { 1: 'Very Difficult', 2: 'Struggling', 3: 'Okay', 4: 'Good', 5: 'Strong' };

// Days ago (0 = today) that have no entry in the last month, and the older days that do.
const GAPS = new Set([3, 4, 10, 17, 18, 19]);
const MONTH = Array.from({ length: 30 }, (_, n) => n).filter((n) => !GAPS.has(n));
const OLDER = [45, 60, 120];
const moodFor = (n) => [3, 4, 5, 4, 3, 2, 1, 2][n % 8];

/** The seeded entries, with their dates as the browser's local calendar has them. */
function seedEntries(page) {
  return page.evaluate(
    (list) =>
      list.map(([n, mood]) => {
        const d = new Date();
        d.setDate(d.getDate() - n);
        const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        return { id: `seed-${date}`, date, mood, notes: `note ${n}`, n };
      }),
    [...MONTH, ...OLDER].map((n) => [n, moodFor(n)]),
  );
}

/** Opens the mood screen holding the seeded entries (written into her vault, then a fresh load). */
async function openWithEntries(page, title) {
  await page.goto('/mood');
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  const seeded = await seedEntries(page);
  await writeVault(page, 'mood-entries', seeded.map(({ id, date, mood, notes }) => ({ id, date, mood, notes })));
  await page.goto('/mood');
  await page.locator('.mood-chart-point').first().waitFor();
  return seeded;
}

const points = (page) =>
  page.locator('.mood-chart-point').evaluateAll((els) =>
    els.map((el) => ({ date: el.dataset.date, mood: Number(el.dataset.mood), cx: el.getAttribute('cx') })),
  );
const longDate = (page, date, locale) =>
  page.evaluate(([d, l]) => {
    const [y, m, day] = d.split('-').map(Number);
    return new Date(y, m - 1, day).toLocaleDateString(l, { dateStyle: 'long' });
  }, [date, locale]);

describe('mood chart', () => {
  const suite = signedInSuite('mood-chart');
  let page;
  beforeEach(() => ({ page } = suite));

  it('a month with gaps: the right points and broken lines, the table, 90 days and all time', async () => {
    const seeded = await openWithEntries(page, 'Mood Tracker');
    const byAge = (list) => seeded.filter((e) => list.includes(e.n)).sort((a, b) => (a.date < b.date ? -1 : 1));
    const chart = page.getByRole('region', { name: 'Your mood over time' });
    const range = (name) => chart.getByRole('group', { name: 'How much time to show' }).getByRole('button', { name });
    assert.equal(await range('Last 30 days').getAttribute('aria-pressed'), 'true', '30 days first');

    // One point per day with an entry, at that day's place on the 30-day line (today at the right end).
    const month = byAge(MONTH);
    assert.deepEqual(
      await points(page),
      month.map((e) => ({ date: e.date, mood: e.mood, cx: `${((29 - e.n) / 29) * 100}%` })),
    );
    // Lines join neighbouring days only: 24 entries in runs 0-2, 5-9, 11-16, 20-29 days ago make 2+4+5+9 lines.
    assert.equal(await page.locator('.mood-chart-line').count(), 20);
    const words = await page.locator('.mood-chart-level').allTextContents();
    assert.deepEqual(words, ['Strong', 'Good', 'Okay', 'Struggling', 'Very Difficult']);
    assert.match(await chart.textContent(), /Days with a check-in: 24 of 30\./);

    // The table holds the same days and moods, oldest first, and none of her notes.
    const table = chart.getByRole('table');
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    const expected = [];
    for (const e of month) expected.push([await longDate(page, e.date, 'en-US'), `${e.mood} · ${EN_WORDS[e.mood]}`]);
    assert.deepEqual(rows, expected);
    assert.doesNotMatch(await table.textContent(), /note \d/);
    await checkScreen(page, 'mood-chart-30-days');

    // The other spans are drawn from what is already in memory: with the network cut, and asking for nothing.
    const requestsBefore = suite.ctx.requests.length;
    await suite.ctx.context.setOffline(true);
    await range('Last 90 days').click();
    assert.equal(await range('Last 90 days').getAttribute('aria-pressed'), 'true');
    assert.equal(await range('Last 30 days').getAttribute('aria-pressed'), 'false');
    // The span fits her days: it starts at her oldest check-in inside the 90 days (60 days ago), not 89 days ago.
    const ninety = byAge([...MONTH, 45, 60]);
    assert.deepEqual(
      (await points(page)).map((p) => [p.date, p.cx]),
      ninety.map((e) => [e.date, `${((60 - e.n) / 60) * 100}%`]),
    );
    assert.equal(await table.locator('tbody tr').count(), ninety.length);
    assert.match(await chart.textContent(), /Days with a check-in: 26 of 61\./);

    await range('All time').click();
    const all = await points(page);
    assert.equal(all.length, seeded.length);
    assert.equal(all[0].cx, '0%', 'all time starts at her first entry');
    assert.equal(all[0].date, byAge([120])[0].date);
    assert.match(await chart.textContent(), /Days with a check-in: 27 of 121\./);
    assert.deepEqual(suite.ctx.requests.slice(requestsBefore), [], 'switching spans sends nothing');
    await suite.ctx.context.setOffline(false);
  });

  it('the keyboard reaches the chart once and the arrow keys read each day', async () => {
    const seeded = await openWithEntries(page, 'Mood Tracker');
    const today = seeded.find((e) => e.n === 0);
    const yesterday = seeded.find((e) => e.n === 1);
    const first = await tabUntil(page, (f) => /^\w+ \d{1,2}, \d{4}: /.test(f.name), 'a point of the chart', 60);
    assert.equal(first.name, `${await longDate(page, today.date, 'en-US')}: ${EN_WORDS[today.mood]}`, 'the latest day first');
    await page.keyboard.press('ArrowLeft');
    const second = await focusedInfo(page);
    assert.equal(second.name, `${await longDate(page, yesterday.date, 'en-US')}: ${EN_WORDS[yesterday.mood]}`);
    assert.equal((await page.locator('.mood-chart-readout').textContent()).trim(), second.name, 'shown as well as read');
    await page.keyboard.press('Home');
    assert.match((await focusedInfo(page)).name, new RegExp(`^${await longDate(page, seeded.find((e) => e.n === 29).date, 'en-US')}:`));
    // One more Tab leaves the chart instead of walking through every day.
    await page.keyboard.press('Tab');
    assert.doesNotMatch((await focusedInfo(page))?.name ?? '', /^\w+ \d{1,2}, \d{4}: /);
  });

  it('fits a 360 px phone and prints the chart and the table without the form', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openWithEntries(page, 'Mood Tracker');
    const chart = page.getByRole('region', { name: 'Your mood over time' });
    await chart.scrollIntoViewIfNeeded();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'nothing wider than the phone');
    const svg = await page.locator('.mood-chart-svg').boundingBox();
    assert.ok(svg.width > 150, `the drawing keeps room for the days (${svg.width}px)`);
    await checkScreen(page, 'mood-chart-phone');
    // The chart alone, at the phone's width in both themes, for a closer look.
    for (const theme of ['light', 'dark']) {
      await applyTheme(page, theme);
      await chart.screenshot({ path: path.join(ARTIFACTS_DIR, `mood-chart-phone-chart-${theme}.png`) });
    }
    await applyTheme(page, 'light');

    await page.emulateMedia({ media: 'print' });
    assert.equal(await chart.getByRole('table').isVisible(), true, 'the table is printed');
    assert.ok((await chart.getByRole('table').boundingBox()).width > 100);
    assert.equal(await page.getByRole('button', { name: 'Save Entry' }).isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Last 90 days' }).isVisible(), false);
    assert.equal(await page.locator('.mood-chart-svg').isVisible(), true);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'mood-chart-print.png'), fullPage: true });
    await chart.screenshot({ path: path.join(ARTIFACTS_DIR, 'mood-chart-print-chart.png') });
    await page.emulateMedia({ media: 'screen' });
  });
});

describe('mood chart in Hindi', () => {
  const suite = signedInSuite('mood-chart-hi', { locale: 'hi-IN' });
  let page;
  beforeEach(() => ({ page } = suite));

  it('names the levels, the spans, the points and the table in Hindi', async () => {
    const seeded = await openWithEntries(page, HI.title);
    const chart = page.getByRole('region', { name: HI.chartTitle });
    for (const key of ['chartRange30', 'chartRange90', 'chartRangeAll']) {
      await chart.getByRole('button', { name: HI[key] }).waitFor();
    }
    assert.deepEqual(await page.locator('.mood-chart-level').allTextContents(), [
      HI.labelStrong,
      HI.labelGood,
      HI.labelOkay,
      HI.labelStruggling,
      HI.labelVeryDifficult,
    ]);
    const today = seeded.find((e) => e.n === 0);
    const hiWord = { 1: HI.labelVeryDifficult, 2: HI.labelStruggling, 3: HI.labelOkay, 4: HI.labelGood, 5: HI.labelStrong };
    const label = `${await longDate(page, today.date, 'hi-IN')}: ${hiWord[today.mood]}`;
    await chart.getByRole('img', { name: label, exact: true }).waitFor();
    const headers = await chart.getByRole('columnheader').allTextContents();
    assert.deepEqual(headers, [HI.chartTableDate, HI.chartTableMood]);
    assert.match(await chart.textContent(), new RegExp(HI.chartSummary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{days\\}', '30').replace('\\{checkIns\\}', '24').replace('\\{average\\}', '\\d\\.\\d')));
    await checkScreen(page, 'mood-chart-hindi');
  });
});
