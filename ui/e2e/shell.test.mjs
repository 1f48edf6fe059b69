// The signed-in frame: home, navigation bar (also the mobile menu), theme toggle, footer, the floating
// emergency widget and its quick exit, and the affirmations page.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import {
  CONTACT_EMAIL,
  NEUTRAL_ORIGINS,
  checkScreen,
  signedInSuite,
} from './harness.mjs';

const HEADINGS = {
  Home: ['/', 'A safe space to heal, reflect and plan'],
  Journal: ['/journal', 'Your Private Journal'],
  Affirmations: ['/affirmations', 'Daily Affirmations'],
  Resources: ['/resources', 'Support Resources'],
  'Safety Plan': ['/safety-plan', 'My Safety Plan'],
  Mood: ['/mood', 'Mood Tracker'],
  Settings: ['/settings', 'Settings'],
};

describe('app shell', () => {
  const suite = signedInSuite('shell');
  let app;
  let ctx;
  let page;
  beforeEach(() => ({ app, ctx, page } = suite));

  const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });

  it('home: hero buttons, Safety First box, six feature cards, two testimonials', async () => {
    await page.goto('/');
    await heading(HEADINGS.Home[1]).waitFor();
    const safety = page.getByRole('region', { name: 'Safety First' });
    // It says what it calls, to the eye and to a screen reader, by the name the list of numbers gives it.
    const call = safety.getByRole('link', { name: 'Call the Women Helpline: 181', exact: true });
    assert.equal(await call.getAttribute('href'), 'tel:181');
    assert.equal((await call.textContent()).trim(), 'Call the Women Helpline: 181');
    assert.match(await safety.textContent(), /emergency button/i, 'the panic button tip');

    const cards = page.locator('.home-features a');
    assert.deepEqual(
      await cards.evaluateAll((els) => els.map((a) => a.getAttribute('href'))),
      ['/', '/', '/', '/', '/', '/'],
      'no link names the screen it opens',
    );
    assert.equal(await page.locator('.home-testimonials figure blockquote').count(), 2);
    await checkScreen(page, 'home');

    await page.getByRole('link', { name: 'Start Journaling' }).click();
    await heading(HEADINGS.Journal[1]).waitFor();
    // The app keeps one history entry (Back leaves it), so its own navigation leads home again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: 'Find Resources' }).click();
    await heading(HEADINGS.Resources[1]).waitFor();
  });

  it('navigation bar: every link opens its page and is marked current', async () => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, [pathname, title]] of Object.entries(HEADINGS)) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await heading(title).waitFor();
      assert.equal(new URL(page.url()).pathname, '/', `${pathname}: the address names no screen`);
      assert.equal(await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current'), 'page');
      assert.equal(await page.title(), 'Welcome');
    }
    assert.equal(await page.getByRole('button', { name: 'Weather Mode' }).count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Notes Mode' }).count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Logout' }).count(), 1);
  });

  it('on a phone-sized screen the bar collapses into a menu', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await heading(HEADINGS.Home[1]).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const moodLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mood', exact: true });
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await moodLink.isVisible(), false, 'links are hidden while the menu is closed');
    await checkScreen(page, 'mobile-home');

    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await moodLink.waitFor({ state: 'visible' });
    assert.ok(await page.getByRole('button', { name: 'Logout' }).isVisible());
    await checkScreen(page, 'mobile-menu-open');

    await moodLink.click();
    await heading(HEADINGS.Mood[1]).waitFor();
    assert.equal(await menu.getAttribute('aria-expanded'), 'false', 'the menu closes after navigating');
    assert.equal(await moodLink.isVisible(), false);
  });

  it('the theme toggle applies to the body and persists across a reload', async () => {
    await page.goto('/');
    await heading(HEADINGS.Home[1]).waitFor();
    const bodyClass = () => page.evaluate(() => document.body.className);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.match(await bodyClass(), /\btheme-light\b/);
    const lightBackground = await background();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    assert.match(await bodyClass(), /\btheme-dark\b/);
    assert.doesNotMatch(await bodyClass(), /\btheme-light\b/);
    assert.notEqual(await background(), lightBackground, 'the page really changes colour');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('theme')), 'dark');

    await page.reload();
    await heading(HEADINGS.Home[1]).waitFor();
    assert.match(await bodyClass(), /\btheme-dark\b/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    assert.match(await bodyClass(), /\btheme-light\b/);
    await page.reload();
    await heading(HEADINGS.Home[1]).waitFor();
    assert.match(await bodyClass(), /\btheme-light\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
  });

  it('footer: tagline, suggestion e-mail, love note and the 112 tel link', async () => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // The product's name is asked of the server after the first paint (lib/product-name.ts): wait for it.
    await footer.getByText(/Solace/).first().waitFor();
    const mail = footer.getByRole('link', { name: CONTACT_EMAIL });
    assert.equal(await mail.getAttribute('href'), `mailto:${CONTACT_EMAIL}`);
    await footer.getByText('Made with love for safety and healing').waitFor();
    const helpline = footer.getByRole('link', { name: 'Emergency: 112' });
    assert.equal(await helpline.getAttribute('href'), 'tel:112');
  });

  it('the emergency widget opens Quick Exit / Weather App / Notes App and closes again', async () => {
    await page.goto('/resources');
    await heading(HEADINGS.Resources[1]).waitFor();
    const toggle = page.getByRole('button', { name: 'Emergency options' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const box = await toggle.boundingBox();
    const viewport = page.viewportSize();
    assert.ok(box.x > viewport.width / 2 && box.y > viewport.height / 2, 'the button floats at the bottom right');

    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    for (const name of ['Quick Exit', 'Weather App', 'Notes App']) {
      assert.ok(await page.getByRole('button', { name }).isVisible(), `${name} is offered`);
    }
    await checkScreen(page, 'emergency-widget-open');

    // A click elsewhere closes it.
    await page.getByRole('heading', { level: 1 }).click();
    assert.equal(await page.getByRole('button', { name: 'Quick Exit' }).count(), 0);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  });

  it('quick exit from the widget leaves for a neutral site, and Back does not return to Solace', async () => {
    await page.goto('/journal');
    await heading(HEADINGS.Journal[1]).waitFor();
    await page.getByRole('button', { name: 'Emergency options' }).click();
    await page.getByRole('button', { name: 'Quick Exit' }).click({ force: true }); // the press hides the page at once
    await page.waitForURL((u) => u.origin !== app.origin);
    const landed = new URL(page.url()).origin;
    assert.ok(NEUTRAL_ORIGINS.includes(landed), `quick exit went to ${page.url()}`);
    assert.deepEqual(
      ctx.foreignRequests().map((r) => new URL(r.url).origin),
      [landed],
      'one top-level navigation left the app, nothing else',
    );

    await page.goBack();
    assert.ok(!page.url().startsWith(app.origin), `Back returned to ${page.url()}`);
  });

  it('affirmations: New Affirmation shows another one', async () => {
    await page.goto('/affirmations');
    await heading(HEADINGS.Affirmations[1]).waitFor();
    const quote = page.locator('.affirmations-quote');
    const first = (await quote.textContent()).trim();
    assert.ok(first.length > 10);
    await checkScreen(page, 'affirmations');
    const seen = new Set([first]);
    for (let i = 0; i < 3; i += 1) {
      const before = (await quote.textContent()).trim();
      await page.getByRole('button', { name: 'New Affirmation' }).click();
      const now = (await quote.textContent()).trim();
      assert.notEqual(now, before, 'the affirmation changes');
      seen.add(now);
    }
    assert.ok(seen.size >= 2);
  });
});
