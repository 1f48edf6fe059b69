// What the advocate reads of a shared incident, and what she sees of their reading (docs/advocates.md): every field
// she recorded (the kinds of abuse, injuries, medical help, witnesses, where, police numbers), and in her Settings
// each time the advocate opened it, with its date and time. Two browser profiles against the real binary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KNOWN_AS, pairedAdvocate, unlock } from './advocate-steps.mjs';
import { openContext, browserSuite } from './harness.mjs';

const WHAT = 'He pushed me against the cupboard';
const FIELDS = {
  where: 'The kitchen at home',
  injuries: 'A bruise on my left arm',
  medical: 'District hospital, the next morning',
  witness: 'Sunita from next door',
  reference: 'FIR 112/2026',
};
// One date-and-time format in English (src/lib/dates.ts): "November 29, 2026 at 1:05 AM".
const DATE_TIME = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/;

describe('a shared incident, whole, and each time it was opened', () => {
  const suite = browserSuite();

  it('the advocate reads every field she recorded, and she sees both times they opened it', async () => {
    const { ctx: hers, page: her } = suite;
    const theirs = await openContext(suite.browser, suite.app);
    try {
      const advocate = await pairedAdvocate(suite, theirs);

      // She records an incident with every field filled in, and shares it.
      await her.goto('/incidents');
      await her.getByRole('button', { name: 'Record an incident' }).click();
      await her.getByLabel('Date and time').fill('2026-11-20T21:30');
      await her.getByLabel('Where', { exact: true }).fill(FIELDS.where);
      await her.getByRole('textbox', { name: 'What happened' }).fill(WHAT);
      await her.getByRole('checkbox', { name: 'Physical violence' }).check();
      await her.getByRole('checkbox', { name: 'Threats' }).check();
      await her.getByLabel('Injuries', { exact: true }).fill(FIELDS.injuries);
      await her.getByLabel('Medical help (where, when, by whom)').fill(FIELDS.medical);
      await her.getByRole('button', { name: 'Add a witness' }).click();
      await her.getByLabel('Witness 1', { exact: true }).fill(FIELDS.witness);
      await her.getByRole('button', { name: 'Add a number' }).click();
      await her.getByLabel('Number 1', { exact: true }).fill(FIELDS.reference);
      await her.getByRole('button', { name: 'Seal and save' }).click();
      const card = her.locator('.incident-card', { hasText: WHAT });
      await card.getByText(/time-stamped/).waitFor();
      await card.getByRole('button', { name: 'Share with my advocate' }).click();
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      await card.getByRole('status').filter({ hasText: 'Shared with' }).waitFor();

      // The advocate opens it: every field is there, under its name.
      await unlock(advocate);
      const fromHer = advocate.getByRole('region', { name: KNOWN_AS });
      await fromHer.getByRole('button', { name: 'Open', exact: true }).click();
      const item = fromHer.getByRole('article');
      await item.getByText(WHAT).waitFor();
      const details = item.locator('dl');
      const field = async (name) => (await details.locator('div', { has: advocate.getByRole('term').filter({ hasText: new RegExp(`^${name}`) }) }).innerText()).trim();
      assert.match(await field('Kinds of abuse'), /Physical violence, Threats/);
      assert.match(await field('Injuries'), new RegExp(FIELDS.injuries));
      assert.match(await field('Medical help'), new RegExp(FIELDS.medical));
      assert.match(await field('Witnesses'), new RegExp(FIELDS.witness));
      assert.match(await field('Where'), new RegExp(FIELDS.where));
      assert.match(await field('Police or complaint numbers'), new RegExp(FIELDS.reference));
      await item.getByRole('heading', { name: /^November 20, 2026 at 9:30 PM/ }).waitFor();

      // They come back later and open it again.
      await advocate.reload();
      await unlock(advocate);
      await fromHer.getByRole('button', { name: 'Open', exact: true }).click();
      await item.getByText(WHAT).waitFor();

      // She sees each opening, with its date and time, in one format.
      await her.goto('/settings');
      const openings = her.getByRole('list', { name: 'Each time they opened it:' });
      await openings.getByRole('listitem').nth(1).waitFor();
      const times = (await openings.getByRole('listitem').allInnerTexts()).map((s) => s.trim());
      assert.equal(times.length, 2, `two openings: ${times}`);
      for (const t of times) assert.match(t, DATE_TIME);
      theirs.check();
      hers.check();
    } finally {
      await theirs.close();
    }
  });
});
