// The offer of a PIN where her password alone would open what matters (docs/vault.md, "The PIN"; issue 35,
// item 5): on a device without a PIN, starting a check-in and recording an incident offer one; she adds it right
// there, and from then on the device asks for it; or she says 'Not now' and the offer stays away. Against the
// real binary in Chromium.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { browserSuite, checkScreen, signUpViaUi, uniqueEmail } from './harness.mjs';

const OFFER = 'If someone might know your password, add a PIN';
const PIN = '24680';

describe('the offer of a PIN', () => {
  const suite = browserSuite();
  let page;
  beforeEach(() => ({ page } = suite));

  const offer = () => page.getByRole('region', { name: OFFER });
  const recordAnIncident = async () => {
    await page.goto('/incidents');
    await page.getByRole('button', { name: 'Record an incident' }).click();
    await page.getByLabel('What happened').waitFor();
  };

  it('comes before a check-in, adds the PIN right there, and is gone once the device asks for it', async () => {
    await signUpViaUi(page, uniqueEmail('pin-offer-add'));
    await page.goto('/check-in');
    await offer().waitFor();
    await checkScreen(page, 'pin-offer');

    await offer().getByRole('button', { name: 'Add a PIN' }).click();
    await offer().getByLabel('PIN (4 to 12 digits)').fill(PIN);
    await offer().getByLabel('Type the PIN again').fill(PIN);
    await offer().getByRole('button', { name: 'Save PIN' }).click();
    await page.getByRole('status').filter({ hasText: 'Your PIN is set.' }).waitFor();

    // The next load of the app asks for the PIN before anything of hers shows, and offers nothing more.
    await page.goto('/incidents');
    await page.getByLabel('PIN', { exact: true }).fill(PIN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('button', { name: 'Record an incident' }).click();
    await page.getByLabel('What happened').waitFor();
    assert.equal(await offer().count(), 0);
  });

  it("stays away on this device after 'Not now'", async () => {
    await signUpViaUi(page, uniqueEmail('pin-offer-later'));
    await recordAnIncident();
    await offer().getByRole('button', { name: 'Not now' }).click();
    await offer().waitFor({ state: 'detached' });
    await page.reload();
    await recordAnIncident();
    assert.equal(await offer().count(), 0);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set a PIN' }).waitFor();
  });
});
