// Sign-up, sign-in, getUser, updateUser and getClaims with the real auth-js client.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { AuthWeakPasswordError, isAuthSessionMissingError } from '@supabase/auth-js';

import { PASSWORD, SIGN_UP_RETURNS_SESSION, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

let server;
before(async () => {
  server = await startSolace();
});
after(async () => {
  await server?.stop();
});

test('signUp answers without a session; signing in then gives one with the user and their data', { skip: SIGN_UP_RETURNS_SESSION }, async () => {
  const auth = client(server);
  const email = uniqueEmail('signup');
  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const up = await auth.signUp({
    email: `  ${email.toUpperCase()} `,
    password: PASSWORD,
    options: { data: { display_name: 'Jane' } },
  });
  assert.equal(up.error, null);
  assert.equal(up.data.session, null, 'a sign-up never signs in');
  assert.equal(up.data.user.email, email);
  assert.equal(up.data.user.user_metadata.display_name, 'Jane');
  assert.equal((await auth.getSession()).data.session, null);

  const { data, error } = await auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.equal(data.user.user_metadata.display_name, 'Jane');
  assert.equal(data.session.token_type, 'bearer');
  const { data: current } = await auth.getSession();
  assert.equal(current.session.access_token, data.session.access_token, 'stored by auth-js');
  assert.ok(events.includes('SIGNED_IN'));
});

test('signInWithPassword, getUser, and wrong credentials', async () => {
  const email = uniqueEmail('signin');
  await signUpAndIn(client(server), { email, password: PASSWORD });
  const auth = client(server);
  const { data, error } = await auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  const { data: u, error: e2 } = await auth.getUser();
  assert.equal(e2, null);
  assert.equal(u.user.id, data.user.id);

  const wrong = await client(server).signInWithPassword({ email, password: 'Wr0ng!pass' });
  assert.equal(wrong.error.code, 'invalid_credentials');
  assert.equal(wrong.error.status, 400);
  assert.equal(wrong.error.message, 'Invalid login credentials');
  const unknown = await client(server).signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
  assert.equal(unknown.error.code, 'invalid_credentials');
});

test('with sign_up_returns_session, signUp signs in and a taken address is user_already_exists', { skip: !SIGN_UP_RETURNS_SESSION }, async () => {
  const auth = client(server);
  const email = uniqueEmail('autoconfirm');
  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const up = await auth.signUp({ email, password: PASSWORD, options: { data: { display_name: 'Jane' } } });
  assert.equal(up.error, null);
  assert.equal(up.data.user.email, email);
  assert.equal(up.data.session.user.user_metadata.display_name, 'Jane');
  assert.equal((await auth.getSession()).data.session.access_token, up.data.session.access_token, 'stored by auth-js');
  assert.ok(events.includes('SIGNED_IN'));

  const dup = await client(server).signUp({ email, password: 'An0ther!pass' });
  assert.equal(dup.error.code, 'user_already_exists');
  assert.equal(dup.error.status, 422);
  assert.equal(dup.error.message, 'User already registered');
  assert.equal(dup.data.session, null);
});

test('a taken address gets the answer a new one gets; weak password, bad address', { skip: SIGN_UP_RETURNS_SESSION }, async () => {
  const email = uniqueEmail('dup');
  const first = await client(server).signUp({ email, password: PASSWORD });
  const dup = await client(server).signUp({ email, password: 'An0ther!pass' });
  for (const r of [first, dup]) {
    assert.equal(r.error, null);
    assert.equal(r.data.session, null);
    assert.equal(r.data.user.email, email);
    assert.deepEqual(r.data.user.identities, []);
  }
  assert.deepEqual(Object.keys(dup.data.user).sort(), Object.keys(first.data.user).sort());
  // Only the account's own password signs in: the app's way to tell her what happened.
  assert.equal((await client(server).signInWithPassword({ email, password: PASSWORD })).error, null);
  const other = await client(server).signInWithPassword({ email, password: 'An0ther!pass' });
  assert.equal(other.error.code, 'invalid_credentials');

  const weak = await client(server).signUp({ email: uniqueEmail('weak'), password: 'abc' });
  assert.ok(weak.error instanceof AuthWeakPasswordError, String(weak.error));
  assert.equal(weak.error.code, 'weak_password');
  assert.deepEqual(weak.error.reasons, ['length', 'characters']);
  assert.equal(weak.error.message, 'Password must be at least 8 characters long.');

  const bad = await client(server).signUp({ email: 'not-an-address', password: PASSWORD });
  assert.equal(bad.error.code, 'validation_failed');
  assert.equal(bad.error.status, 400);
});

test('updateUser changes metadata and the password', async () => {
  const email = uniqueEmail('update');
  const auth = client(server);
  await signUpAndIn(auth, { email, password: PASSWORD, options: { data: { theme: 'light', nick: 'J' } } });
  const other = client(server);
  await other.signInWithPassword({ email, password: PASSWORD });

  const { data, error } = await auth.updateUser({ data: { theme: 'dark', nick: null } });
  assert.equal(error, null);
  assert.equal(data.user.user_metadata.theme, 'dark');
  assert.equal('nick' in data.user.user_metadata, false);

  const same = await auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
  assert.equal(same.error.code, 'same_password');
  const weak = await auth.updateUser({ password: 'short' });
  assert.ok(weak.error instanceof AuthWeakPasswordError);

  const changed = await auth.updateUser({ password: 'N3w!password', current_password: PASSWORD });
  assert.equal(changed.error, null);
  assert.equal((await client(server).signInWithPassword({ email, password: 'N3w!password' })).error, null);
  const gone = await other.getUser();
  // session_not_found: auth-js reports a missing session and drops its copy.
  assert.ok(isAuthSessionMissingError(gone.error), String(gone.error));
  assert.equal((await other.getSession()).data.session, null);
});

test('a password change needs the current password, in GoTrue\'s words', async () => {
  const email = uniqueEmail('current');
  const auth = client(server);
  await signUpAndIn(auth, { email, password: PASSWORD });

  const missing = await auth.updateUser({ password: 'N3w!password' });
  assert.equal(missing.error.code, 'current_password_required');
  assert.equal(missing.error.status, 400);
  const wrong = await auth.updateUser({ password: 'N3w!password', current_password: 'Wr0ng!guess' });
  assert.equal(wrong.error.code, 'current_password_invalid');
  assert.equal(wrong.error.status, 400);
  assert.notEqual((await client(server).signInWithPassword({ email, password: 'N3w!password' })).error, null);

  const right = await auth.updateUser({ password: 'N3w!password', current_password: PASSWORD });
  assert.equal(right.error, null);
  assert.equal((await client(server).signInWithPassword({ email, password: 'N3w!password' })).error, null);
});

test('getClaims verifies the token locally with the published JWKS', async () => {
  const auth = client(server);
  const email = uniqueEmail('claims');
  const { data: signedUp } = await signUpAndIn(auth, { email, password: PASSWORD });
  const before = server.logs().split('/.well-known/jwks.json').length;
  const { data, error } = await auth.getClaims();
  assert.equal(error, null);
  assert.equal(data.header.alg, 'ES256');
  assert.equal(data.claims.email, email);
  assert.equal(data.claims.sub, signedUp.user.id);
  assert.equal(data.claims.role, 'authenticated');
  assert.equal(data.claims.aal, 'aal1');
  assert.ok(server.logs().split('/.well-known/jwks.json').length > before, 'fetched the JWKS');
});
