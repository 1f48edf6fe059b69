// The disguise screens: weather (through the binary's proxy to the OpenWeatherMap stand-in) and notes; their
// titles, their back arrow (quick exit), staying disguised across a reload and an inactivity sign-out.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import {
  address,
  checkScreen,
  focusedInfo,
  NEUTRAL_ORIGINS,
  signedInSuite,
  signInScreen,
  signInHere,
  tabUntil,
} from './harness.mjs';
import { API_KEY } from '../../tests/support/weather-stand-in.mjs';

describe('disguise screens', () => {
  const suite = signedInSuite('disguise');
  let app;
  let ctx;
  let page;
  beforeEach(() => ({ app, ctx, page } = suite));

  const home = async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'A safe space to heal, reflect and plan' }).waitFor();
  };
  const current = () => page.getByRole('region', { name: 'Current conditions' });
  /**
   * Settings, once its advocate section has heard back: entering a disguise from it signs her out, and a look-up
   * still on its way would then be refused (401), which the browser logs as an error.
   */
  const settingsLoaded = async () => {
    const heard = ['/api/advocates', '/api/advocates/shares'].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await Promise.all(heard);
  };
  const detail = (term) => current().locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  const forecastDays = () => page.locator('.wx-days > li');

  /**
   * The hidden way back: the mouse held on the disguise's title until the sign-in screen shows (entering the
   * disguise signed her out: she has no PIN, docs/product.md "Disguise mode").
   */
  async function holdTitle(name) {
    const box = await page.getByRole('heading', { level: 1, name }).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await signInScreen(page).waitFor();
    await page.mouse.up();
  }

  /** Nothing on a disguise screen gives the app away. */
  async function assertNothingOfSolace() {
    const text = await page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /Solace|Journal|Safety Plan|Emergency|Helpline/i);
    assert.equal(await page.getByRole('button', { name: 'Emergency options' }).count(), 0);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
  }

  it('Weather Mode shows Delhi by default, with current conditions and a 5-day forecast', async () => {
    await home();
    await page.getByRole('button', { name: 'Weather Mode' }).click();
    await page.waitForURL((u) => u.pathname === '/weather');
    assert.equal(await page.title(), 'Weather Forecast');
    await current().waitFor();
    assert.equal(await current().getByRole('heading').textContent(), 'Delhi, IN');
    assert.match(await current().textContent(), /31°C/);
    assert.match(await current().textContent(), /Overcast clouds/);
    assert.equal(await detail('Feels like').textContent(), '35°C');
    assert.equal(await detail('Wind').textContent(), '13 km/h', '3.6 m/s is 13 km/h');
    assert.equal(await detail('Humidity').textContent(), '40%');

    // Five days, one per day, each with the high and low of its local day from the stand-in's slots
    // (slot i is 20.4 + i °C, so a full day rises by 7 °C and each day is 8 °C above the day before).
    assert.equal(await forecastDays().count(), 5);
    const days = await forecastDays().evaluateAll((els) => els.map((el) => el.textContent));
    const highs = days.map((t) => Number(/High (-?\d+)°/.exec(t)[1]));
    const lows = days.map((t) => Number(/Low (-?\d+)°/.exec(t)[1]));
    for (const [i, h] of highs.entries()) {
      assert.ok(h >= 20 && h <= 59 && lows[i] <= h, `day ${i}: ${lows[i]}–${h} °C come from the stand-in`);
    }
    for (let i = 2; i < highs.length - 1; i += 1) assert.equal(highs[i] - highs[i - 1], 8, `highs: ${highs}`);
    for (const d of days) assert.match(d, /Clear sky/);

    // The binary asked the stand-in in OpenWeatherMap's format, with the configured key, in metric units.
    const asked = app.weather.requests.filter((r) => r.query.q?.startsWith('Delhi'));
    assert.ok(asked.some((r) => r.path === '/data/2.5/weather'));
    assert.ok(asked.some((r) => r.path === '/data/2.5/forecast'));
    for (const r of asked) {
      assert.equal(r.query.appid, API_KEY);
      assert.equal(r.query.units, 'metric');
    }
    await assertNothingOfSolace();
    await checkScreen(page, 'weather');
  });

  it('weather: searching another city, then an unknown city shows the product texts', async () => {
    await home();
    await page.getByRole('button', { name: 'Weather Mode' }).click();
    await current().waitFor();

    const search = page.getByLabel('Search city');
    await search.fill('London');
    await page.getByRole('button', { name: 'Search' }).click();
    await current().getByRole('heading', { name: 'London, GB' }).waitFor();
    assert.match(await current().textContent(), /8°C/);
    assert.match(await current().textContent(), /Light rain/);
    assert.equal(await detail('Wind').textContent(), '18 km/h');
    assert.equal(await forecastDays().count(), 5);

    const currentFailed = ctx.expectFailedResource(/\/api\/weather\/current\?city=Atlantis$/, 404);
    const forecastFailed = ctx.expectFailedResource(/\/api\/weather\/forecast\?city=Atlantis$/, 404);
    await search.fill('Atlantis');
    await search.press('Enter');
    const alerts = page.getByRole('alert');
    await alerts.first().waitFor();
    assert.deepEqual(await alerts.allTextContents(), [
      'Error: City "Atlantis" not found. Please check the spelling.',
      'Error: City "Atlantis" not found for forecast.',
    ]);
    assert.equal(await current().count(), 0);
    assert.equal(currentFailed.seen, 1);
    assert.equal(forecastFailed.seen, 1);
    await checkScreen(page, 'weather-city-not-found');
  });

  it('weather: a reload stays disguised; the back arrow quick-exits and Back does not return to Solace', async () => {
    await home();
    await page.getByRole('button', { name: 'Weather Mode' }).click();
    await current().waitFor();
    await page.reload();
    await current().waitFor();
    assert.equal(new URL(page.url()).pathname, '/weather');
    assert.equal(await page.title(), 'Weather Forecast');
    await assertNothingOfSolace();

    // Forced: the press hides the page at once (the exit acts on pointerdown), which Playwright's check that the
    // button still takes the click would report as the page covering it.
    await page.getByRole('button', { name: 'Back' }).click({ force: true });
    await page.waitForURL((u) => u.origin !== app.origin);
    assert.ok(NEUTRAL_ORIGINS.includes(new URL(page.url()).origin), `went to ${page.url()}`);
    await page.goBack();
    assert.ok(!page.url().startsWith(app.origin), `Back returned to ${page.url()}`);
  });

  it('Notes App from the widget: add (blank ignored), delete, search box; the title follows the screen', async () => {
    await home();
    await page.getByRole('button', { name: 'Emergency options' }).click();
    await page.getByRole('button', { name: 'Notes App' }).click();
    await page.waitForURL((u) => u.pathname === '/notes');
    assert.equal(await page.title(), 'Quick Notes');
    const notes = page.locator('.qn-list > li');
    await notes.first().waitFor();
    const before = await notes.count();
    await page.getByLabel('Search notes').fill('zzz');
    assert.equal(await notes.count(), 0, 'the search box filters as she types');
    await page.getByLabel('Search notes').fill('');
    assert.equal(await notes.count(), before);
    await assertNothingOfSolace();
    await checkScreen(page, 'notes');

    await page.getByRole('button', { name: 'Add Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Note' });
    await dialog.waitFor();
    await checkScreen(page, 'notes-add-dialog');
    // Blank title and content, or only a title: silently ignored.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('Title').fill('Plant watering');
    await dialog.getByLabel('Content').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    assert.equal(await notes.count(), before, 'nothing was added');
    assert.equal(await page.getByRole('alert').count(), 0, 'and no error is shown');

    await dialog.getByLabel('Content').fill('Fern on Monday, basil every other day');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await notes.count(), before + 1);
    const added = notes.first();
    assert.equal(await added.getByRole('heading').textContent(), 'Plant watering');
    assert.match(await added.textContent(), /Fern on Monday, basil every other day/);
    assert.match(await added.textContent(), /Just now/);

    await page.getByRole('button', { name: 'Delete note Plant watering' }).click();
    await page.getByRole('dialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click();
    assert.equal(await notes.count(), before);
    assert.equal(await page.getByRole('heading', { name: 'Plant watering' }).count(), 0);

    // Cancel closes the dialog without adding.
    await page.getByRole('button', { name: 'Add Note' }).click();
    await dialog.getByLabel('Title').fill('Draft');
    await dialog.getByLabel('Content').fill('Not saved');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await notes.count(), before);
  });

  it('the hidden way back resets the title; Back from a disguise leaves the app; the notes back arrow quick-exits', async () => {
    await home();
    await settingsLoaded();
    await page.getByRole('button', { name: 'Open Notes Disguise' }).click();
    await page.waitForURL((u) => u.pathname === '/notes');
    assert.equal(await page.title(), 'Quick Notes');
    await assertNothingOfSolace();
    await holdTitle('Notes');
    assert.equal(await page.title(), 'Welcome');
    assert.equal(address(page), '/');

    await signInHere(page, suite.email);
    await settingsLoaded();
    await page.getByRole('button', { name: 'Open Weather Disguise' }).click();
    await page.waitForURL((u) => u.pathname === '/weather');
    assert.equal(await page.title(), 'Weather Forecast');
    await current().waitFor();
    // One history entry: Back from a disguise leaves the app instead of showing Solace.
    await page.goBack();
    assert.ok(!page.url().startsWith(app.origin), `Back returned to ${page.url()}`);

    // Quick exit from the notes back arrow, in another tab (the device is still disguised: the weather stays on
    // until she leaves it on purpose, and opening /notes switches to the notes disguise).
    const tab = await ctx.newPage();
    await tab.goto('/notes');
    await tab.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
    await tab.getByRole('button', { name: 'Back' }).click({ force: true }); // forced: see the weather test
    await tab.waitForURL((u) => u.origin !== app.origin);
    assert.ok(NEUTRAL_ORIGINS.includes(new URL(tab.url()).origin), `went to ${tab.url()}`);
    await tab.goBack();
    assert.ok(!tab.url().startsWith(app.origin), `Back returned to ${tab.url()}`);
  });

  it('both disguises work by keyboard alone; the note dialog keeps the focus inside', async () => {
    await home();
    await tabUntil(page, (f) => f.name === 'Weather Mode', 'Weather Mode');
    await page.keyboard.press('Enter');
    await current().waitFor();
    const search = await tabUntil(page, (f) => f.label === 'Search city', 'the city search');
    assert.ok(search.visibleFocus);
    await page.keyboard.type('London');
    await page.keyboard.press('Enter');
    await current().getByRole('heading', { name: 'London, GB' }).waitFor();
    const back = await tabUntil(page, (f) => f.name === 'Back', 'the back arrow');
    assert.ok(back.visibleFocus, 'the back arrow shows where the focus is');
    // The hidden way back by keyboard: Enter held on the title.
    await tabUntil(page, (f) => f.name === 'Weather', 'the title');
    await page.keyboard.down('Enter');
    await signInScreen(page).waitFor();
    await page.keyboard.up('Enter');

    // The notes disguise, by keyboard from the navigation bar.
    await signInHere(page, suite.email);
    await home();
    await tabUntil(page, (f) => f.name === 'Notes Mode', 'Notes Mode');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/notes');
    // The app's screen is hidden at once; the notes screen follows when its code has loaded.
    await page.getByRole('heading', { level: 1, name: 'Notes' }).waitFor();
    const add = await tabUntil(page, (f) => /Add Note$/.test(f.name), 'Add Note');
    assert.ok(add.visibleFocus);
    await page.keyboard.press('Enter');
    assert.equal((await focusedInfo(page)).label, 'Title', 'the dialog focuses its first field');
    await page.keyboard.type('Keyboard note');
    await page.keyboard.press('Tab');
    assert.equal((await focusedInfo(page)).label, 'Content');
    await page.keyboard.type('Typed and saved without a mouse');
    await page.keyboard.press('Tab');
    assert.equal((await focusedInfo(page)).name, 'Cancel');
    await page.keyboard.press('Tab');
    const save = await focusedInfo(page);
    assert.equal(save.name, 'Save');
    assert.ok(save.visibleFocus);
    await page.keyboard.press('Tab');
    assert.equal((await focusedInfo(page)).label, 'Title', 'Tab wraps around inside the dialog');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await focusedInfo(page)).name, 'Save');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Keyboard note' }).waitFor();
    assert.match((await focusedInfo(page)).name, /Add Note$/, 'focus returns to Add Note');

    // Escape closes the dialog without adding anything.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Discarded');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('heading', { name: 'Discarded' }).count(), 0);
    const del = await tabUntil(page, (f) => f.name === 'Delete note Keyboard note', 'its delete button');
    assert.ok(del.visibleFocus);
    await page.keyboard.press('Enter');
    // The confirmation starts on Cancel: Enter alone never deletes a note by accident.
    const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
    assert.equal((await focusedInfo(page)).name, 'Cancel');
    await page.keyboard.press('Tab');
    assert.equal((await focusedInfo(page)).name, 'Delete');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('heading', { name: 'Keyboard note' }).count(), 0);
  });

  it('an inactivity sign-out while disguised keeps the disguise on screen', async () => {
    await page.clock.install();
    await home();
    await page.getByRole('button', { name: 'Weather Mode' }).click();
    await current().waitFor();
    await page.clock.runFor(2 * 60_000 + 30_000 + 1_000);
    await page.waitForFunction(() => window.localStorage.getItem('session') === null);
    assert.equal(new URL(page.url()).pathname, '/weather');
    assert.equal(await page.title(), 'Weather Forecast');
    await current().waitFor();
    await assertNothingOfSolace();
  });
});
