// Her advocate, beyond the first walk-through (docs/advocates.md): 'every incident from now on', the advocate's
// unlocked key surviving a token renewal, her label of a share seen on her second device, and a new key after a
// forgotten passphrase. Browser profiles against the real binary.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  ADVOCATE_NAME,
  KNOWN_AS,
  pairWith,
  PASSPHRASE,
  recordIncident,
  setUpAdvocate,
  shareJournal,
  unlock,
  writeJournal,
} from './advocate-steps.mjs';
import { openContext, browserSuite, keepRecoveryKey, signInViaUi, signUpViaUi, uniqueEmail } from './harness.mjs';

const FIRST = 'He took my keys and locked the door';
const SECOND = 'He shouted at me in front of the children';
const THIRD = 'He followed me to the bus stop';

/**
 * The safety code of an advocate's key with her outside a pairing, as docs/advocates.md gives its form: SHA-256
 * over the raw key, her account id and an empty code, each preceded by its length; six digits.
 */
function keySafetyCode(publicKey, accountId) {
  const parts = [Buffer.from(publicKey, 'base64'), Buffer.from(accountId), Buffer.alloc(0)];
  const framed = Buffer.concat(parts.flatMap((p) => [Buffer.from([0, 0, p.length >> 8, p.length & 255]), p]));
  const n = createHash('sha256').update(framed).digest().readBigUInt64BE(0) % 1_000_000n;
  return n.toString().padStart(6, '0');
}

const isShareUpload = (r) => r.method() === 'POST' && /^\/api\/advocates\/[^/]+\/shares$/.test(new URL(r.url()).pathname);

describe('every incident from now on', () => {
  const suite = browserSuite();

  it('each new incident reaches the advocate until she stops it, and stopping withdraws them', async () => {
    const { app, ctx: hers, page: her } = suite;
    const theirs = await openContext(suite.browser, app);
    try {
      const advocate = await theirs.newPage();
      const code = await setUpAdvocate(app, theirs, advocate, uniqueEmail('advocate'));
      await signUpViaUi(her, uniqueEmail('her'));
      await pairWith(her, code);
      const uploads = [];
      her.on('request', (r) => {
        if (isShareUpload(r)) uploads.push(r);
      });

      // An incident from before she chose stays with her.
      await her.goto('/incidents');
      await recordIncident(her, 'An older incident', '2026-11-10T09:00');
      const every = her.getByRole('region', { name: 'Every incident from now on' });
      await every.getByRole('button', { name: 'Share every new incident' }).click();
      assert.equal(await every.getByLabel('For how many days').inputValue(), '90');
      const consent = every.getByRole('region', { name: 'What you agree to' });
      assert.match(
        await consent.textContent(),
        /What: every incident you record from now on.*With: Asha Verma, and nobody else\..*Their help never depends on it\./s,
      );
      await every.getByRole('button', { name: 'Share every new incident' }).click();
      await every.getByText(`Each new incident you record is shared with ${ADVOCATE_NAME} until`).waitFor();

      for (const [what, when] of [
        [FIRST, '2026-11-21T20:00'],
        [SECOND, '2026-11-22T19:15'],
      ]) {
        const sent = her.waitForResponse((r) => isShareUpload(r.request()) && r.status() === 201);
        await recordIncident(her, what, when);
        await sent;
      }
      assert.equal(uploads.length, 2, 'only the two new incidents were sent');

      // The advocate sees both, each with the consent record she read.
      await unlock(advocate);
      const fromHer = advocate.getByRole('region', { name: KNOWN_AS });
      const open = fromHer.getByRole('button', { name: 'Open', exact: true });
      await open.nth(1).waitFor();
      assert.equal(await open.count(), 2);
      await open.first().click();
      await fromHer.locator('.advocate-item').first().waitFor();
      await open.first().click();
      await fromHer.getByText(FIRST).waitFor();
      await fromHer.getByText(SECOND).waitFor();
      assert.equal(await fromHer.getByText('An older incident').count(), 0);
      assert.match(await fromHer.textContent(), /What: every incident you record from now on/);

      // She sees it in her list and stops it: what it shared is withdrawn.
      await her.goto('/settings');
      const list = her.getByRole('list', { name: 'What you share' });
      const standing = list.locator('li', { hasText: 'Every incident from now on.' });
      await standing.getByText(`Shared with ${ADVOCATE_NAME} on`).waitFor();
      await standing.getByRole('button', { name: 'Stop and withdraw what it shared' }).click();
      await list.waitFor({ state: 'detached' });

      // A third incident stays with her.
      await her.goto('/incidents');
      await every.getByText('You can choose to share each new incident').waitFor();
      await recordIncident(her, THIRD, '2026-11-23T08:30');
      assert.equal(uploads.length, 2, 'nothing was sent after she stopped');

      await advocate.getByRole('button', { name: 'Look for new shares' }).click();
      await advocate.getByText('Nobody has shared anything with you yet.').waitFor();
      assert.equal(await advocate.getByText(FIRST).count(), 0);
      theirs.check();
      hers.check();
    } finally {
      await theirs.close();
    }
  });
});

describe("the advocate's key and a token renewal", () => {
  // Minute-long tokens: auth-js renews one at each of its 30-second ticks.
  const suite = browserSuite({ app: { extraConfig: '[auth]\njwt_expiry_secs = 60\n' } });

  it('a renewed token keeps the key opened in the page', async () => {
    const { app, ctx: theirs, page: advocate } = suite;
    await setUpAdvocate(app, theirs, advocate, uniqueEmail('advocate'));
    await unlock(advocate);
    const before = await advocate.evaluate(() => JSON.parse(window.localStorage.getItem('session')).access_token);
    // The area asks the server again with the renewed token (an event, whenever auth-js's tick comes).
    await advocate.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/advocate' &&
        r.status() === 200 &&
        r.request().headers().authorization !== `Bearer ${before}`,
      { timeout: 90_000 },
    );
    await advocate.getByRole('button', { name: 'Look for new shares' }).click();
    await advocate.getByText('Nobody has shared anything with you yet.').waitFor();
    assert.equal(await advocate.getByLabel('Your passphrase').count(), 0, 'the passphrase is not asked again');
    theirs.check();
  });
});

describe('her label of a share, on her other device', () => {
  const suite = browserSuite({ app: { copy: true } });
  const JOURNAL = 'Today I told my sister everything';

  it('a device joined through the encrypted copy shows what each share holds; the server keeps it sealed', async () => {
    const { app, ctx: deviceA, page: her } = suite;
    const theirs = await openContext(suite.browser, app);
    const deviceB = await openContext(suite.browser, app);
    try {
      const advocate = await theirs.newPage();
      const code = await setUpAdvocate(app, theirs, advocate, uniqueEmail('advocate'));
      const email = uniqueEmail('her');
      await signUpViaUi(her, email);
      await her.getByRole('button', { name: 'Show my recovery key' }).click();
      const recoveryKey = await keepRecoveryKey(her);
      await her.getByRole('heading', { level: 1, name: 'A safe copy of your records' }).waitFor({ state: 'detached' });
      await pairWith(her, code);

      await writeJournal(her, JOURNAL);
      await shareJournal(her, JOURNAL);

      // Her second device: the recovery key brings her records back; the share's label comes with the share.
      const herB = await deviceB.newPage();
      await signInViaUi(herB, email);
      await herB.getByLabel('Your recovery key').fill(recoveryKey);
      await herB.getByRole('button', { name: 'Open my records' }).click();
      await herB.getByRole('heading', { level: 1, name: 'Bring back your records' }).waitFor({ state: 'detached' });
      await herB.getByRole('heading', { level: 1, name: 'Bringing back your records…' }).waitFor({ state: 'detached' });
      const listed = herB.waitForResponse((r) => new URL(r.url()).pathname === '/api/advocates/shares' && r.ok());
      await herB.goto('/settings');
      const { shares } = await (await listed).json();
      assert.equal(shares.length, 1);
      assert.ok(!Buffer.from(shares[0].label, 'base64').toString('latin1').includes('journal entry'), 'the label is sealed');
      const list = herB.getByRole('list', { name: 'What you share' });
      await list.getByText(/^your journal entry of /).waitFor();

      // The advocate is never given it.
      const theirList = advocate.waitForResponse((r) => new URL(r.url()).pathname === '/api/advocate/shares' && r.ok());
      await unlock(advocate);
      assert.equal((await (await theirList).json()).shares[0].label, undefined);
      theirs.check();
      deviceA.check();
      deviceB.check();
    } finally {
      await theirs.close();
      await deviceB.close();
    }
  });
});

describe('a new key after a forgotten passphrase', () => {
  const suite = browserSuite();
  const JOURNAL = 'I found a room near the market';
  const NEW_PASSPHRASE = 'harbour violet seven lanterns';


  it('the advocate makes a new key; she compares the new safety code before sharing again', async () => {
    const { app, ctx: hers, page: her } = suite;
    const theirs = await openContext(suite.browser, app);
    try {
      const advocate = await theirs.newPage();
      const code = await setUpAdvocate(app, theirs, advocate, uniqueEmail('advocate'));
      await signUpViaUi(her, uniqueEmail('her'));
      await pairWith(her, code);
      await writeJournal(her, JOURNAL);
      await her.goto('/journal');
      await shareJournal(her, JOURNAL);

      // The advocate forgot the passphrase: a new key, after a plain warning.
      const herId = await her.evaluate(() => JSON.parse(window.localStorage.getItem('session-user')).user.id);
      await advocate.getByRole('button', { name: 'I forgot my passphrase' }).click();
      await advocate.getByRole('heading', { name: 'Make a new key' }).waitFor();
      await advocate.getByText('Everything shared with you so far is deleted, and each person has to share it again.').waitFor();
      await advocate.getByLabel('Passphrase (at least 12 characters)').fill(NEW_PASSPHRASE);
      await advocate.getByLabel('The same passphrase again').fill(NEW_PASSPHRASE);
      const put = advocate.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/advocate/keys');
      await advocate.getByRole('button', { name: 'Make my key' }).click();
      const theirCode = keySafetyCode(JSON.parse((await put).postData()).public_key, herId);
      const people = advocate.getByRole('list', { name: 'People who paired with you' });
      await people.getByText(`Key check with her, to compare only after you make a new key: ${theirCode.slice(0, 3)} ${theirCode.slice(3)}`).waitFor();

      // Her side: what she shared is gone; the new code is shown, and nothing is offered for sharing until she
      // says it matches.
      const herAdvocates = her.waitForResponse((r) => new URL(r.url()).pathname === '/api/advocates/shares' && r.ok());
      await her.goto('/settings');
      assert.deepEqual((await (await herAdvocates).json()).shares, []);
      const changed = her.getByRole('group', { name: `${ADVOCATE_NAME} has a new key` });
      assert.equal((await changed.locator('.my-advocate-code').textContent()).replace(/\D/g, ''), theirCode);
      const listed = her.waitForResponse((r) => new URL(r.url()).pathname === '/api/advocates' && r.ok());
      await her.goto('/journal');
      const [mine] = (await (await listed).json()).advocates;
      assert.notEqual(mine.public_key, mine.confirmed_key, 'the server says the key changed');
      await her.locator('.journal-entries > li', { hasText: JOURNAL }).waitFor();
      assert.equal(await her.getByRole('button', { name: 'Share with my advocate' }).count(), 0);
      await her.goto('/settings');
      await changed.getByRole('button', { name: 'It is the same on their screen' }).click();
      await changed.waitFor({ state: 'detached' });
      await her.goto('/journal');
      await shareJournal(her, JOURNAL);

      // The new passphrase opens what she shared again; the old one opens nothing any more.
      await advocate.getByLabel('Your passphrase').fill(PASSPHRASE);
      await advocate.getByRole('button', { name: 'Open', exact: true }).click();
      await advocate.getByText('That passphrase does not open your key.').waitFor();
      await advocate.getByLabel('Your passphrase').fill(NEW_PASSPHRASE);
      await advocate.getByRole('button', { name: 'Open', exact: true }).click();
      const fromHer = advocate.getByRole('region', { name: KNOWN_AS });
      await fromHer.getByRole('button', { name: 'Open', exact: true }).click();
      await fromHer.getByText(JOURNAL).waitFor();
      theirs.check();
      hers.check();
    } finally {
      await theirs.close();
    }
  });
});
