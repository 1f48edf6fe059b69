// A recovery link from `solace users recovery-link`, redeemed by the real auth-js client: the session
// comes with a PASSWORD_RECOVERY event and may set a new password without the old one.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';

import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

let server;
before(async () => {
  server = await startSolace();
});
after(async () => {
  await server?.stop();
});

/** The token of a fresh recovery link for `email`, as the operator would hand it over. */
function recoveryToken(email) {
  const out = execFileSync(
    process.env.SOLACE_BIN,
    ['--config', server.configFile, '--data-dir', server.dataDir, 'users', 'recovery-link', email, '--json'],
    { env: { PATH: process.env.PATH }, encoding: 'utf8' },
  );
  return new URL(JSON.parse(out).link).searchParams.get('token');
}

test('verifyOtp with the link token emits PASSWORD_RECOVERY and allows a new password', async () => {
  const email = uniqueEmail('recover');
  await signUpAndIn(client(server), { email, password: PASSWORD });
  const auth = client(server);
  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const token = recoveryToken(email);

  const { data, error } = await auth.verifyOtp({ type: 'recovery', token_hash: token });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.ok(events.includes('PASSWORD_RECOVERY'), `events: ${events}`);

  const updated = await auth.updateUser({ password: 'N3w!password' });
  assert.equal(updated.error, null);
  const old = await client(server).signInWithPassword({ email, password: PASSWORD });
  assert.equal(old.error?.code, 'invalid_credentials');
  const fresh = await client(server).signInWithPassword({ email, password: 'N3w!password' });
  assert.equal(fresh.error, null);

  const again = await client(server).verifyOtp({ type: 'recovery', token_hash: token });
  assert.equal(again.error?.code, 'otp_expired');
  assert.equal(again.data.session, null);
});

test('a disabled account cannot use a link handed over before', async () => {
  const email = uniqueEmail('banned');
  await signUpAndIn(client(server), { email, password: PASSWORD });
  const token = recoveryToken(email);
  execFileSync(process.env.SOLACE_BIN, ['--config', server.configFile, '--data-dir', server.dataDir, 'users', 'disable', email], {
    env: { PATH: process.env.PATH },
  });
  const { error } = await client(server).verifyOtp({ type: 'recovery', token_hash: token });
  assert.equal(error?.code, 'otp_expired');
  const signIn = await client(server).signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error?.code, 'user_banned');
});
