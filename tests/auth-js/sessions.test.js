// Refresh-token rotation, reuse detection and the three sign-out scopes with the real auth-js client.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { isAuthSessionMissingError } from '@supabase/auth-js';

import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

let server;
let strict; // no reuse grace: any reuse of a rotated token is treated as theft
before(async () => {
  [server, strict] = await Promise.all([
    startSolace(),
    startSolace('[auth]\nrefresh_token_reuse_interval_secs = 0\n'),
  ]);
});
after(async () => {
  await Promise.all([server?.stop(), strict?.stop()]);
});

test('refreshSession rotates the refresh token and keeps the session', async () => {
  const auth = client(server);
  const { data: first } = await signUpAndIn(auth, { email: uniqueEmail('refresh'), password: PASSWORD });
  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const { data, error } = await auth.refreshSession();
  assert.equal(error, null);
  assert.notEqual(data.session.refresh_token, first.session.refresh_token);
  assert.equal(data.user.id, first.user.id);
  assert.ok(events.includes('TOKEN_REFRESHED'));
  assert.equal((await auth.getUser()).error, null);

  // A tab whose reply got lost presents the old token again: it gets the same, current child.
  const lost = await client(server).refreshSession({ refresh_token: first.session.refresh_token });
  assert.equal(lost.error, null);
  assert.equal(lost.data.session.refresh_token, data.session.refresh_token);

  const bogus = await client(server).refreshSession({ refresh_token: 'no-such-refresh-token-0000' });
  assert.equal(bogus.error.code, 'refresh_token_not_found');
  assert.equal(bogus.error.status, 400);
});

test('reusing a rotated refresh token ends the whole session', async () => {
  const victim = client(strict);
  const { data: first } = await signUpAndIn(victim, { email: uniqueEmail('reuse'), password: PASSWORD });
  const stolen = first.session.refresh_token;
  await victim.refreshSession();
  await victim.refreshSession();
  const thief = await client(strict).refreshSession({ refresh_token: stolen });
  assert.equal(thief.error.code, 'refresh_token_already_used');
  assert.equal(thief.error.status, 400);
  const after = await victim.getUser();
  assert.ok(isAuthSessionMissingError(after.error), String(after.error));
  const again = await victim.refreshSession({ refresh_token: (await victim.getSession()).data.session?.refresh_token ?? 'gone-gone-gone-gone' });
  assert.ok(again.error);
});

test('signOut scopes: local, others, global', async () => {
  const email = uniqueEmail('scopes');
  await signUpAndIn(client(server), { email, password: PASSWORD });
  const device = async () => {
    const c = client(server);
    const { error } = await c.signInWithPassword({ email, password: PASSWORD });
    assert.equal(error, null);
    return c;
  };
  const [a, b, c] = [await device(), await device(), await device()];

  const events = [];
  a.onAuthStateChange((event) => events.push(event));
  assert.equal((await a.signOut({ scope: 'local' })).error, null);
  assert.equal((await a.getSession()).data.session, null);
  assert.ok(events.includes('SIGNED_OUT'));
  assert.equal((await b.getUser()).error, null, 'local leaves other devices');

  assert.equal((await b.signOut({ scope: 'others' })).error, null);
  assert.equal((await b.getUser()).error, null, 'others keeps this device');
  assert.ok(isAuthSessionMissingError((await c.getUser()).error), 'others ends the rest');

  const d = await device();
  assert.equal((await b.signOut()).error, null, 'global is the default');
  assert.equal((await b.getSession()).data.session, null);
  assert.ok(isAuthSessionMissingError((await d.getUser()).error), 'global ends every device');
});
