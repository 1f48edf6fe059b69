// The error codes auth-js surfaces, as GoTrue sends them, for features this server does not offer
// and for the rate limits and switches an operator sets.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { AuthApiError, isAuthSessionMissingError } from '@supabase/auth-js';

import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

let server;
let limited;
let closed;
before(async () => {
  [server, limited, closed] = await Promise.all([
    startSolace(),
    startSolace(
      '[auth.rate_limit]\ntoken_per_ip = 300\ntoken_per_email = 2\nsignup_per_ip = 30\nsignup_per_email = 5\n',
      { raw: true },
    ),
    startSolace('[auth]\ndisable_signup = true\n'),
  ]);
});
after(async () => {
  await Promise.all([server?.stop(), limited?.stop(), closed?.stop()]);
});

test('features without e-mail, SMS, phone MFA or SSO answer with GoTrue error codes', async () => {
  const auth = client(server);
  await signUpAndIn(auth, { email: uniqueEmail('feat'), password: PASSWORD });
  const otp = await client(server).signInWithOtp({ email: uniqueEmail('otp') });
  assert.ok(otp.error instanceof AuthApiError, String(otp.error));
  assert.equal(otp.error.code, 'email_provider_disabled');
  assert.equal(otp.error.status, 422);
  const reset = await client(server).resetPasswordForEmail(uniqueEmail('reset'));
  assert.equal(reset.error.code, 'otp_disabled');
  const verify = await client(server).verifyOtp({ email: uniqueEmail('v'), token: '123456', type: 'email' });
  assert.equal(verify.error.code, 'otp_disabled');
  const anon = await client(server).signInAnonymously();
  assert.equal(anon.error.code, 'anonymous_provider_disabled');
  const enroll = await auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
  assert.equal(enroll.error.code, 'mfa_phone_enroll_not_enabled');
  const sso = await client(server).signInWithSSO({ domain: 'example.org' });
  assert.equal(sso.error.code, 'saml_provider_disabled');
  const idToken = await client(server).signInWithIdToken({ provider: 'google', token: 'x.y.z' });
  assert.ok(idToken.error && idToken.error.status >= 400 && idToken.error.status < 500);
  const oauth = await fetch(`${server.authUrl}/authorize?provider=github`);
  assert.equal(oauth.status, 400);
  assert.equal((await oauth.json()).error_code, 'validation_failed');
});

test('a session that the server ended reads as signed out', async () => {
  const auth = client(server);
  const email = uniqueEmail('ended');
  await signUpAndIn(auth, { email, password: PASSWORD });
  const other = client(server);
  await other.signInWithPassword({ email, password: PASSWORD });
  await other.signOut({ scope: 'global' });
  const { error } = await auth.getUser();
  assert.ok(isAuthSessionMissingError(error), String(error));
  assert.equal((await auth.signOut()).error, null, 'signing out of a dead session is fine');
});

test('too many sign-ins for one address get 429 over_request_rate_limit', async () => {
  const email = uniqueEmail('limit');
  await client(limited).signUp({ email, password: PASSWORD });
  for (let i = 0; i < 2; i += 1) {
    const { error } = await client(limited).signInWithPassword({ email, password: 'Wr0ng!pass' });
    assert.equal(error.code, 'invalid_credentials');
  }
  const { error } = await client(limited).signInWithPassword({ email, password: PASSWORD });
  assert.equal(error.code, 'over_request_rate_limit');
  assert.equal(error.status, 429);
});

test('sign-ups switched off answer signup_disabled', async () => {
  const { error } = await client(closed).signUp({ email: uniqueEmail('closed'), password: PASSWORD });
  assert.equal(error.code, 'signup_disabled');
  assert.equal(error.status, 422);
  const settings = await (await fetch(`${closed.authUrl}/settings`)).json();
  assert.equal(settings.disable_signup, true);
});
