// The disguises as a phone weather app and a notes app: the hourly strip, today's high and low, sunrise and
// sunset from both weather providers (through the binary to the stand-ins); saved cities and notes kept across
// a reload; and how the weather screen looks when it cannot refresh (provider off, network cut).
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { browserSuite, checkScreen, signUpViaUi, signedInSuite, uniqueEmail } from './harness.mjs';
import { SUNRISE, SUNSET } from '../../tests/support/weather-stand-in.mjs';

const current = (page) => page.getByRole('region', { name: 'Current conditions' });
const detail = (page, term) =>
  current(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const hours = (page) => page.getByRole('list', { name: 'Hourly forecast' }).getByRole('listitem');
const days = (page) => page.locator('.wx-days > li');

const hhmm = (unix, tz) => new Date((unix + tz) * 1000).toISOString().slice(11, 16);
const localDate = (unix, tz) => new Date((unix + tz) * 1000).toISOString().slice(0, 10);

async function openWeather(page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Weather Mode' }).click();
  await page.waitForURL((u) => u.pathname === '/weather');
  await current(page).waitFor();
}

/** Today's "H:x° L:y°" as numbers. */
async function highLow(page) {
  const m = /H:(-?\d+)°\s*L:(-?\d+)°/.exec(await current(page).locator('.wx-hilo').textContent());
  return { high: Number(m[1]), low: Number(m[2]) };
}

describe('weather disguise with OpenWeatherMap', () => {
  const suite = signedInSuite('wx-owm');
  let app;
  let ctx;
  let page;
  beforeEach(() => ({ app, ctx, page } = suite));

  it('shows the 3-hourly strip, today’s high and low, rain chance, sunrise and sunset, a high and low per day', async () => {
    await openWeather(page);
    const tz = 19800; // Delhi
    const start = app.weather.forecastStarts.Delhi;
    assert.equal(await hours(page).count(), 8, 'the next 24 hours in three-hour steps');
    const times = await hours(page).locator('.wx-hour-time').allTextContents();
    assert.deepEqual(times, Array.from({ length: 8 }, (_, i) => hhmm(start + i * 10800, tz)));
    // Slot i is 20.4 + i °C: the strip shows 20°, 21°, ...
    assert.match(await hours(page).nth(1).textContent(), /21°/);

    // Today: the steps on today's local date, stretched to the 31 °C of right now.
    const today = localDate(start - 10800, tz);
    const todays = Array.from({ length: 40 }, (_, i) => i).filter((i) => localDate(start + i * 10800, tz) === today);
    const temps = [31, ...todays.map((i) => Math.round(20.4 + i))];
    assert.deepEqual(await highLow(page), { high: Math.max(...temps), low: Math.min(...temps) });
    assert.equal(await detail(page, 'Sunrise').textContent(), SUNRISE);
    assert.equal(await detail(page, 'Sunset').textContent(), SUNSET);
    assert.match(await detail(page, 'Chance of rain').textContent(), /^\d+%$/);
    assert.equal(await detail(page, 'Humidity').textContent(), '40%');
    assert.match(await current(page).locator('.wx-updated').textContent(), /^Updated \d\d:\d\d$/);

    assert.equal(await days(page).count(), 5);
    for (const text of await days(page).allTextContents()) {
      const m = /High (\d+)°Low (\d+)°/.exec(text);
      assert.ok(m, text);
      // A whole local day of three-hourly steps rising by 1 °C each spans 7 °C at most.
      assert.ok(Number(m[1]) - Number(m[2]) <= 7 && Number(m[1]) >= Number(m[2]), text);
    }
  });

  it('saved cities stay on the device across a reload; the last city shown opens again', async () => {
    await openWeather(page);
    await page.getByLabel('Search city').fill('London');
    await page.getByRole('button', { name: 'Search' }).click();
    await current(page).getByRole('heading', { name: 'London, GB' }).waitFor();
    await page.getByRole('button', { name: 'Add London to my cities' }).click();
    const mine = page.getByRole('region', { name: 'My cities' });
    await mine.getByRole('button', { name: 'London', exact: true }).waitFor();

    await page.reload();
    await current(page).getByRole('heading', { name: 'London, GB' }).waitFor();
    assert.equal(await mine.getByRole('button', { name: 'London', exact: true }).count(), 1);
    await page.getByLabel('Search city').fill('Delhi');
    await page.getByRole('button', { name: 'Search' }).click();
    await current(page).getByRole('heading', { name: 'Delhi, IN' }).waitFor();
    await mine.getByRole('button', { name: 'London', exact: true }).click();
    await current(page).getByRole('heading', { name: 'London, GB' }).waitFor();

    await mine.getByRole('button', { name: 'Remove London' }).click();
    await page.reload();
    await current(page).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Remove London' }).count(), 0);
  });

  it('with the network cut after a visit: the last data with its age, or a plain "No connection"', async () => {
    await openWeather(page);
    // The data was fetched two hours ago.
    await page.evaluate(() => {
      const all = JSON.parse(localStorage.getItem('weather-last-data'));
      for (const s of Object.values(all)) s.savedAt -= 2 * 3600 * 1000;
      localStorage.setItem('weather-last-data', JSON.stringify(all));
    });
    ctx.expectOfflineResource(/\/api\/weather\//);
    await ctx.context.setOffline(true);
    try {
      await page.getByLabel('Search city').fill('Delhi');
      await page.getByRole('button', { name: 'Search' }).click();
      await current(page).getByText(/Updated 2 h ago/).waitFor();
      assert.match(await current(page).textContent(), /No connection/);
      assert.match(await current(page).textContent(), /31°C/);
      assert.equal(await hours(page).count(), 8, 'the strip kept from the last visit');
      await checkScreen(page, 'weather-kept-offline');

      // Back online, "Try again" brings fresh weather.
      await ctx.context.setOffline(false);
      await current(page).getByRole('button', { name: 'Try again' }).click();
      await current(page).getByText(/^Updated \d\d:\d\d$/).waitFor();
      assert.doesNotMatch(await current(page).textContent(), /No connection/);
      await ctx.context.setOffline(true);

      await page.getByLabel('Search city').fill('Paris');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: 'No connection' }).waitFor();
      const text = await page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(text, /server|error/i);
      assert.equal(await page.getByRole('alert').count(), 0);
      await checkScreen(page, 'weather-no-connection');
    } finally {
      await ctx.context.setOffline(false);
    }
  });
});

describe('weather disguise with Open-Meteo', () => {
  const suite = browserSuite({ app: { weather: 'open-meteo' } });
  let app;
  let page;
  beforeEach(async () => {
    ({ app, page } = suite);
    await signUpViaUi(page, uniqueEmail('wx-om'));
  });

  it('shows the hourly strip, today’s high and low, sunrise and sunset, a high and low per day', async () => {
    await openWeather(page);
    assert.equal(await current(page).getByRole('heading').textContent(), 'Delhi, IN');
    const tz = 19800;
    const now = app.weather.omNow.Delhi;
    const first = now - ((now + tz) % 3600);
    assert.equal(await hours(page).count(), 24, 'the next 24 hours, hour by hour');
    // The strip scrolls sideways by itself (and takes the keyboard focus to do so); the page does not.
    const strip = page.getByRole('list', { name: 'Hourly forecast' });
    assert.equal(await strip.getAttribute('tabindex'), '0');
    assert.ok(await strip.evaluate((el) => el.scrollWidth > el.clientWidth));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    const times = await hours(page).locator('.wx-hour-time').allTextContents();
    assert.deepEqual(times, Array.from({ length: 24 }, (_, i) => hhmm(first + i * 3600, tz)));
    // Today's daily figures from the stand-in: 24 °C low, 35.5 °C high; now is 31 °C.
    assert.deepEqual(await highLow(page), { high: 36, low: 24 });
    assert.equal(await detail(page, 'Sunrise').textContent(), SUNRISE);
    assert.equal(await detail(page, 'Sunset').textContent(), SUNSET);
    assert.equal(await detail(page, 'Chance of rain').textContent(), '90%');
    assert.equal(await days(page).count(), 5);
    for (const text of await days(page).allTextContents()) {
      const m = /High (\d+)°Low (\d+)°/.exec(text);
      assert.ok(m, text);
      assert.equal(Number(m[1]) - Number(m[2]), 12, text);
    }
    const asked = app.weather.requests.find((r) => r.path === '/v1/forecast' && r.query.daily);
    assert.ok(asked, 'the binary asked Open-Meteo for daily figures');
    await checkScreen(page, 'weather-open-meteo');
  });
});

describe('weather disguise with weather switched off', () => {
  const suite = browserSuite({ app: { weather: 'off' } });
  let ctx;
  let page;
  beforeEach(async () => {
    ({ ctx, page } = suite);
    await signUpViaUi(page, uniqueEmail('wx-off'));
  });

  it('looks like a weather app with no connection, with no word about a server', async () => {
    ctx.expectFailedResource(/\/api\/weather\/current\?city=Delhi$/, 503);
    ctx.expectFailedResource(/\/api\/weather\/forecast\?city=Delhi$/, 503);
    await page.goto('/');
    await page.getByRole('button', { name: 'Weather Mode' }).click();
    await page.waitForURL((u) => u.pathname === '/weather');
    await page.getByRole('heading', { name: 'No connection' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /server|error|switched off/i);
    assert.equal(await page.getByRole('alert').count(), 0);
  });
});

describe('notes disguise', () => {
  const suite = signedInSuite('notes');
  let page;
  beforeEach(() => ({ page } = suite));

  const notes = () => page.locator('.qn-list > li');
  const titles = () => notes().getByRole('heading').allTextContents();

  it('search filters as she types; notes added, edited and deleted stay across reloads', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Notes Mode' }).click();
    await page.waitForURL((u) => u.pathname === '/notes');
    await notes().first().waitFor();
    assert.deepEqual(await titles(), ['Groceries', 'Weekend', 'Books to read']);
    assert.match(await notes().first().textContent(), /Yesterday/, 'sample notes are dated from today');

    const search = page.getByLabel('Search notes');
    await search.pressSequentially('plumb');
    assert.deepEqual(await titles(), ['Weekend'], 'matched in the content');
    await search.fill('books');
    assert.deepEqual(await titles(), ['Weekend', 'Books to read']);
    await search.fill('');

    await page.getByRole('button', { name: 'Add Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Note' });
    await dialog.getByLabel('Title').fill('Plant watering');
    await dialog.getByLabel('Content').fill('Fern on Monday');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Groceries', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Note' });
    await edit.getByLabel('Content').fill('Milk, oats, apples');
    await checkScreen(page, 'notes-edit-dialog');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete note Books to read' }).click();
    await checkScreen(page, 'notes-delete-confirm');
    await page.getByRole('dialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click();

    await page.reload();
    await notes().first().waitFor();
    assert.deepEqual(await titles(), ['Groceries', 'Plant watering', 'Weekend']);
    assert.match(await notes().first().textContent(), /Milk, oats, apples/);
    await search.fill('fern');
    assert.deepEqual(await titles(), ['Plant watering']);
  });
});
