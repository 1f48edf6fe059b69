// 'Add to Home screen' installs a disguise, never the app itself: the manifest the pages point to names and
// draws the weather app by default and the notes app once she picks it in Settings, opens on that disguise, and
// Chromium finds it installable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';

/** The manifest the current page links to, as the browser fetches it, and what Chromium made of it. */
async function linkedManifest(page) {
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const json = await page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include', cache: 'no-store' });
    return res.text();
  }, href);
  const cdp = await page.context().newCDPSession(page);
  const seen = await cdp.send('Page.getAppManifest');
  const installable = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  return { manifest: JSON.parse(json), seen, installable };
}

/** Width and height of a PNG icon as served. */
function pngSize(page, src) {
  return page.evaluate(async (url) => {
    const bytes = new DataView(await (await fetch(url)).arrayBuffer());
    const signature = bytes.getUint32(0) === 0x89504e47;
    return signature ? `${bytes.getUint32(16)}x${bytes.getUint32(20)}` : 'not a PNG';
  }, src);
}

async function assertDisguise(page, { name, shortName, startUrl }) {
  const { manifest, seen, installable } = await linkedManifest(page);
  assert.equal(manifest.name, name);
  assert.equal(manifest.short_name, shortName);
  assert.equal(manifest.start_url, startUrl);
  assert.equal(manifest.scope, '/');
  assert.equal(manifest.display, 'standalone');
  assert.doesNotMatch(JSON.stringify(manifest), /solace|support/i, 'no field names the app');
  const route = startUrl.slice(1);
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      assert.ok(icon, `${size} ${purpose}`);
      assert.match(icon.src, new RegExp(`^/icons/${route}-`));
      assert.equal(await pngSize(page, icon.src), size, icon.src);
    }
  }
  // Safari names and draws the app from the page's own tags: the same disguise.
  assert.equal(await page.locator('meta[name=apple-mobile-web-app-title]').getAttribute('content'), shortName);
  assert.equal(await page.locator('link[rel=apple-touch-icon]').getAttribute('href'), `/icons/${route}-192.png`);
  assert.deepEqual(seen.errors, [], 'Chromium parsed the manifest without complaint');
  // A test browser context is off the record, where Chromium installs nothing; every other check must pass.
  const errors = installable.installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
  assert.deepEqual(errors, [], 'Chromium can install it');
}

describe('installing the app', () => {
  const suite = browserSuite({ contextOptions: () => ({ serviceWorkers: 'allow' }) });

  it('installs as Weather Forecast by default, from every page', async () => {
    const { page } = suite;
    for (const path of ['/auth', '/weather']) {
      await page.goto(path);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
      await assertDisguise(page, { name: 'Weather Forecast', shortName: 'Weather', startUrl: '/weather' });
    }
  });

  it('installs as Quick Notes once she picks it in Settings', async () => {
    const { page } = suite;
    await signUpViaUi(page, uniqueEmail('install'));
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'On your home screen' });
    const weather = section.getByRole('radio', { name: /^Weather Forecast/ });
    const notes = section.getByRole('radio', { name: /^Quick Notes/ });
    // The section asks the server for the current choice; its own radio (not the idle-screen one, which also
    // says "weather") shows the answer.
    await section.locator('input[type=radio][value=weather]:checked').waitFor();
    assert.ok(await weather.isChecked(), 'the default is shown');
    await notes.check();

    await page.goto('/notes');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
    await assertDisguise(page, { name: 'Quick Notes', shortName: 'Notes', startUrl: '/notes' });
  });
});
