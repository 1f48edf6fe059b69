// The switches every browser of these suites starts with (tests/support/chromium.mjs). Chromium keeps only the
// last `--disable-features` on its command line, and Playwright passes one of its own before ours: ours has to
// name everything Playwright switches off as well, or its own guards (no HTTPS upgrades of the stand-ins'
// plain-HTTP addresses, no calls home on start-up) would be lost without a sign.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { disabledFeatureLists } from '../../tests/support/chromium.mjs';
import { launchBrowser } from './harness.mjs';

describe('the browser the suites start', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it("keeps every feature Playwright switches off, and switches off the address bar's web page", async () => {
    const lists = await disabledFeatureLists(browser);
    assert.ok(lists.length >= 1, 'the browser was started with a --disable-features list');
    const effective = new Set(lists.at(-1));
    for (const earlier of lists.slice(0, -1)) {
      const lost = earlier.filter((feature) => !effective.has(feature));
      assert.deepEqual(lost, [], 'features Playwright switches off that tests/support/chromium.mjs does not name again');
    }
    for (const feature of ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']) {
      assert.ok(effective.has(feature), `${feature} is switched off`);
    }
  });
});
