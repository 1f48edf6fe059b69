// auth-js's own GoTrueAdminApi against the admin API, with a key from `solace service-key`: each call an
// operator's script would make, and the answers auth-js turns into its results.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';

import { GoTrueAdminApi, isAuthError } from '@supabase/auth-js';

import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

let server;
let serviceKey;
before(async () => {
  server = await startSolace();
  serviceKey = execFileSync(
    process.env.SOLACE_BIN,
    ['--config', server.configFile, '--data-dir', server.dataDir, 'service-key'],
    { env: { PATH: process.env.PATH }, encoding: 'utf8' },
  ).trim();
});
after(async () => {
  await server?.stop();
});

function adminApi(key = serviceKey) {
  return new GoTrueAdminApi({ url: server.authUrl, headers: { Authorization: `Bearer ${key}` } });
}

test('a normal session token is not an admin key', async () => {
  const email = uniqueEmail('notadmin');
  const { data } = await signUpAndIn(client(server), { email, password: PASSWORD });
  const { error } = await adminApi(data.session.access_token).listUsers();
  assert.equal(error?.status, 403);
  assert.equal(error?.code, 'not_admin');
});

test('createUser, getUserById, updateUserById and listUsers', async () => {
  const admin = adminApi();
  const email = uniqueEmail('created');
  const created = await admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name: 'Ada' },
  });
  assert.equal(created.error, null);
  const id = created.data.user.id;
  assert.equal(created.data.user.email, email);
  assert.equal(created.data.user.user_metadata.name, 'Ada');

  const got = await admin.getUserById(id);
  assert.equal(got.error, null);
  assert.equal(got.data.user.id, id);

  const updated = await admin.updateUserById(id, { user_metadata: { city: 'York' }, ban_duration: '1h' });
  assert.equal(updated.error, null);
  assert.equal(updated.data.user.user_metadata.city, 'York');
  assert.ok(updated.data.user.banned_until, 'banned_until is shown');
  const signIn = await client(server).signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error?.code, 'user_banned');

  const lifted = await admin.updateUserById(id, { ban_duration: 'none' });
  assert.equal(lifted.data.user.banned_until, undefined);
  const again = await client(server).signInWithPassword({ email, password: PASSWORD });
  assert.equal(again.error, null);

  await signUpAndIn(client(server), { email: uniqueEmail('other'), password: PASSWORD });
  const page = await admin.listUsers({ page: 1, perPage: 1 });
  assert.equal(page.error, null);
  assert.equal(page.data.users.length, 1);
  assert.equal(page.data.aud, 'authenticated');
  assert.ok(page.data.total >= 2, `total ${page.data.total}`);
  assert.equal(page.data.nextPage, 2);
  const all = await admin.listUsers();
  assert.ok(all.data.users.some((u) => u.id === id));
});

test('generateLink recovery gives a link auth-js can redeem once', async () => {
  const admin = adminApi();
  const email = uniqueEmail('link');
  await signUpAndIn(client(server), { email, password: PASSWORD });
  const { data, error } = await admin.generateLink({ type: 'recovery', email });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.equal(data.properties.verification_type, 'recovery');
  assert.ok(data.properties.action_link.includes(data.properties.hashed_token));

  const auth = client(server);
  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const first = await auth.verifyOtp({ type: 'recovery', token_hash: data.properties.hashed_token });
  assert.equal(first.error, null);
  assert.ok(events.includes('PASSWORD_RECOVERY'), `events: ${events}`);
  const second = await client(server).verifyOtp({ type: 'recovery', token_hash: data.properties.hashed_token });
  assert.equal(second.error?.code, 'otp_expired');
});

test('deleteUser removes the account and signs it out', async () => {
  const admin = adminApi();
  const email = uniqueEmail('deleted');
  const auth = client(server);
  const { data } = await signUpAndIn(auth, { email, password: PASSWORD });
  const { error } = await admin.deleteUser(data.user.id);
  assert.equal(error, null);
  const me = await auth.getUser();
  assert.ok(me.error, 'the session ended');
  const missing = await admin.getUserById(data.user.id);
  assert.equal(missing.error?.status, 404);
});

test('createUser refuses an address GoTrue refuses, and app_metadata is kept and merged as GoTrue does', async () => {
  const admin = adminApi();
  const bad = await admin.createUser({ email: 'xx:;x@x.x', password: PASSWORD });
  assert.equal(bad.data.user, null);
  assert.ok(isAuthError(bad.error));
  assert.equal(bad.error.status, 400);
  assert.equal(bad.error.message, 'Unable to validate email address: invalid format');

  const email = uniqueEmail('appmeta');
  const created = await admin.createUser({ email, password: PASSWORD, app_metadata: { roles: ['editor'] } });
  assert.equal(created.error, null);
  const meta = created.data.user.app_metadata;
  assert.deepEqual([meta.provider, meta.providers, meta.roles], ['email', ['email'], ['editor']]);

  const id = created.data.user.id;
  const updated = await admin.updateUserById(id, { app_metadata: { roles: ['admin', 'publisher'], team: 'north' }, email_confirm: true });
  assert.equal(updated.error, null);
  assert.deepEqual(updated.data.user.app_metadata.roles, ['admin', 'publisher']);
  assert.equal(updated.data.user.app_metadata.provider, 'email', 'merged, not replaced');
  assert.ok(updated.data.user.email_confirmed_at);
  const cleared = await admin.updateUserById(id, { app_metadata: { team: null } });
  assert.equal(cleared.data.user.app_metadata.team, undefined, 'a null removes the key');

  // Her next token carries it, as GoTrue's do.
  const signIn = await client(server).signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error, null);
  const claims = JSON.parse(Buffer.from(signIn.data.session.access_token.split('.')[1], 'base64url'));
  assert.deepEqual(claims.app_metadata.roles, ['admin', 'publisher']);
});
