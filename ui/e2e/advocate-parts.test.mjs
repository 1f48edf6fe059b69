// A photo larger than one part, shared with her advocate (docs/advocates.md, "Parts"): it travels in parts with a
// labelled progress bar, goes on after a dropped connection, reaches the advocate byte for byte in the evidence
// bundle (`solace verify-evidence` passes), and the server's data directory never holds its bytes; withdrawn,
// the parts' ciphertext is gone from it too. A share whose page closed before its last part is shown to her as
// unfinished and never to the advocate. Two browser profiles against the real binary.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import {
  ADVOCATE_NAME,
  downloadVerifiedBundle,
  KNOWN_AS,
  pairWith,
  recordIncident,
  setUpAdvocate,
  unlock,
} from './advocate-steps.mjs';
import { openContext, browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';

const WHAT = 'He broke the bathroom door';
// 2 MiB of random bytes: any run of them found on the server can only be the photo itself. Three parts.
const PHOTO = randomBytes(2 * 1024 * 1024);
const PART = /\/api\/advocates\/shares\/[^/]+\/parts\/(\d+)$/;
const PART_ONE = /\/api\/advocates\/shares\/[^/]+\/parts\/1$/;

/** Every file under `dir`, read whole (the SQLite database, its write-ahead log, anything else). */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => readFileSync(path.join(d.parentPath, d.name)));
}

/** Whether any file under `dir` holds 32 bytes of `bytes` taken every 256 KiB. */
function dataDirHolds(dir, bytes) {
  const files = filesUnder(dir);
  assert.ok(files.some((f) => f.subarray(0, 16).toString() === 'SQLite format 3\0'), 'the database was searched');
  for (let at = 0; at + 32 <= bytes.length; at += 256 * 1024) {
    const piece = bytes.subarray(at, at + 32);
    if (files.some((f) => f.includes(piece))) return true;
  }
  return false;
}

describe('a photo larger than one part', () => {
  const suite = browserSuite();

  it('reaches the advocate byte for byte in parts, resumes after a dropped connection, and the server never holds it', async () => {
    const { app, ctx: hers, page: her } = suite;
    const theirs = await openContext(suite.browser, app);
    const dir = mkdtempSync(path.join(tmpdir(), 'solace-parts-'));
    try {
      const advocate = await theirs.newPage();
      const code = await setUpAdvocate(app, theirs, advocate, uniqueEmail('advocate'));
      await signUpViaUi(her, uniqueEmail('her'));
      await pairWith(her, code);

      await her.goto('/incidents');
      const card = await recordIncident(her, WHAT, '2026-11-24T22:10', { name: 'door.jpg', mimeType: 'image/jpeg', buffer: PHOTO });

      // The connection drops while the second part goes up: the bar says so, and the upload goes on from that part.
      const sentParts = new Map();
      her.on('request', (r) => {
        const m = PART.exec(new URL(r.url()).pathname);
        if (m && r.method() === 'PUT') sentParts.set(m[1], r.postDataBuffer());
      });
      let drops = 0;
      let barShown;
      const shown = new Promise((resolve) => (barShown = resolve));
      await hers.context.route(PART_ONE, async (route) => {
        if (++drops === 1) return route.abort('internetdisconnected');
        await shown;
        return route.continue();
      });
      hers.expectOfflineResource(PART_ONE);
      await card.getByRole('button', { name: 'Share with my advocate' }).click();
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      await card.getByRole('progressbar', { name: 'Sending photos and recordings: 1 of 3 parts' }).waitFor();
      await card.getByText('The connection dropped. Sending goes on by itself once it is back').waitFor();
      barShown();
      await card.getByRole('status').filter({ hasText: `Shared with ${ADVOCATE_NAME} until` }).waitFor();
      assert.equal(drops, 2, 'the second part was sent again once, after the drop');
      assert.deepEqual([...sentParts.keys()].sort(), ['0', '1', '2']);

      // The server holds the parts' ciphertext, never the photo's bytes.
      assert.ok(!dataDirHolds(app.dataDir, PHOTO), "the photo's bytes are on the server");
      const ciphertext = sentParts.get('0');
      assert.ok(ciphertext.length <= 1024 * 1024, `a part is at most 1 MiB (${ciphertext.length})`);
      assert.ok(dataDirHolds(app.dataDir, ciphertext), 'the first part is stored');

      // The advocate opens it: the parts come down, checked, and the bundle holds the photo byte for byte.
      await unlock(advocate);
      const fromHer = advocate.getByRole('region', { name: KNOWN_AS });
      await fromHer.getByRole('button', { name: 'Open', exact: true }).click();
      await fromHer.getByText(WHAT).waitFor();
      await fromHer.getByRole('img', { name: 'door.jpg' }).waitFor();
      const { bundle } = await downloadVerifiedBundle(advocate, fromHer, dir);
      const members = unzipSync(readFileSync(bundle));
      const photo = Object.entries(members).find(([name]) => name.endsWith('door.jpg'));
      assert.ok(photo && Buffer.from(photo[1]).equals(PHOTO), 'the photo, byte for byte');

      // She withdraws it: the parts are gone from the data directory too.
      await her.goto('/settings');
      const shared = her.getByRole('list', { name: 'What you share' });
      await shared.getByText(/They first opened it on /).waitFor();
      await shared.getByRole('button', { name: 'Withdraw' }).click();
      await shared.waitFor({ state: 'detached' });
      assert.ok(!dataDirHolds(app.dataDir, ciphertext), "the withdrawn share's parts are gone from the server");

      // Her page closes while the second part is on its way: she is told it did not finish, and the advocate,
      // shown only complete shares, never sees it.
      await hers.context.unroute(PART_ONE);
      let holding;
      const held = new Promise((resolve) => (holding = resolve));
      await hers.context.route(PART_ONE, (route) => holding(route));
      await her.goto('/incidents');
      await card.getByRole('button', { name: 'Share with my advocate' }).click();
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      const cut = await held;
      await her.goto('/settings');
      await cut.abort().catch(() => undefined);
      const half = shared.locator('li', { hasText: 'It did not finish sending, so they cannot see it' });
      await half.waitFor();
      await advocate.getByRole('button', { name: 'Look for new shares' }).click();
      await advocate.getByText('Nobody has shared anything with you yet.').waitFor();
      await half.getByRole('button', { name: 'Withdraw' }).click();
      await shared.waitFor({ state: 'detached' });
      theirs.check();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await theirs.close();
    }
  });
});
