// A shelter in another country runs Solace with its own facts in the config file: emergency numbers and
// labels, resources, the weather's default city and the exit pages. Every screen where they appear shows
// them, and each emergency number is a call button a shaking hand can press (48 by 48 CSS pixels or more).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, openContext, signUpViaUi, startApp, uniqueEmail } from './harness.mjs';

const KENYA = `
[local]
emergency_number = "999"
helpline_number = "1195"

[[local.emergency_contacts]]
label = { en = "Police", sw = "Polisi" }
numbers = ["999", "112"]

[[local.emergency_contacts]]
label = "Gender Violence Helpline"
numbers = ["1195"]

[[site.resources]]
id = "nairobi-refuge"
name = "Nairobi Women's Refuge"
category = "shelter"
description = "A safe place to stay for women and children leaving violence."
contact = "+254 700 000 000"
hours = "24/7"
`;

describe('local facts: a config for Kenya', () => {
  let app;
  let browser;
  let ctx;
  let page;
  before(async () => {
    app = await startApp({ exitPage: true, defaultCity: 'London', extraConfig: KENYA });
    browser = await launchBrowser();
    ctx = await openContext(browser, app, { allowOrigins: [app.exitPage.origin] });
    page = await ctx.newPage();
    await signUpViaUi(page, uniqueEmail('kenya'));
  });
  after(async () => {
    ctx?.check();
    await ctx?.close();
    await browser?.close();
    await app?.stop();
  });

  /** Every call button in `scope` with its name, target and size. */
  async function callButtons(scope) {
    const links = scope.locator('.call-button');
    await links.first().waitFor();
    const found = [];
    for (let i = 0; i < (await links.count()); i += 1) {
      const link = links.nth(i);
      const box = await link.boundingBox();
      found.push({
        name: await link.getAttribute('aria-label'),
        href: await link.getAttribute('href'),
        big: box.width >= 48 && box.height >= 48,
      });
    }
    return found;
  }

  const KENYA_BUTTONS = [
    { name: 'Police: 999', href: 'tel:999', big: true },
    { name: 'Police: 112', href: 'tel:112', big: true },
    { name: 'Gender Violence Helpline: 1195', href: 'tel:1195', big: true },
  ];

  it("home: the Safety First helpline and the country's call buttons; the footer's emergency number", async () => {
    await page.goto('/');
    const safety = page.getByRole('region', { name: 'Safety First' });
    const helpline = safety.getByRole('link', { name: 'Call the Gender Violence Helpline: 1195', exact: true });
    assert.equal(await helpline.getAttribute('href'), 'tel:1195');
    const box = await helpline.boundingBox();
    assert.ok(box.width >= 48 && box.height >= 48, `the helpline button is ${box.width}×${box.height}`);
    assert.equal(await safety.getByText('100', { exact: true }).count(), 0, "India's 100 is gone");
    assert.deepEqual(await callButtons(page.getByRole('region', { name: 'Numbers to call' })), KENYA_BUTTONS);

    const footer = page.locator('footer');
    const emergency = footer.getByRole('link', { name: 'Police: 999' });
    assert.equal(await emergency.getAttribute('href'), 'tel:999');
    const size = await emergency.boundingBox();
    assert.ok(size.height >= 48, `the footer's helpline is ${size.height} px tall`);
  });

  it('resources: the danger box calls these numbers and the list is the shelter’s own', async () => {
    await page.goto('/resources');
    const box = page.getByRole('region', { name: 'In immediate danger?' });
    assert.deepEqual(await callButtons(box), KENYA_BUTTONS);
    assert.match(await box.innerText(), /Gender Violence Helpline:/);
    await page.getByRole('heading', { name: "Nairobi Women's Refuge" }).waitFor();
    const heights = await page
      .locator('.resource-card-details a')
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    assert.ok(heights.length > 0 && heights.every((h) => h >= 48), `contact links are ${heights} px tall`);
    assert.match(await page.locator('.resources-note').innerText(), /call 999 or 1195\./);
  });

  it('the safety advice in Settings and on the Staying safe page names the configured number', async () => {
    await page.goto('/settings');
    await page.getByText('If you are in danger right now, call 999.').waitFor();
    await page.goto('/staying-safe');
    const call = page.getByRole('link', { name: '999', exact: true });
    assert.equal(await call.getAttribute('href'), 'tel:999');
  });

  it('weather opens on the configured city, and the exit leaves for the configured page', async () => {
    await page.goto('/weather');
    await page.getByText('London', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Back' }).click({ force: true }); // the press hides the page at once
    await page.waitForURL((u) => u.origin === app.exitPage.origin);
  });
});
