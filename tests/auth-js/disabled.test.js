// The real auth-js client against features that are off: each call gives the error code and status
// GoTrue gives with the feature switched off (docs/auth-contract.md, "Features that are off").
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { AuthApiError, isAuthSessionMissingError } from '@supabase/auth-js';

import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

const PHONE = '+447700900123';
const FACTOR = '7f2c1f0e-5d6b-4c8a-9e3f-1a2b3c4d5e6f';

let server;
before(async () => {
  server = await startSolace();
});
after(async () => {
  await server?.stop();
});

function expectError(result, code, status) {
  assert.ok(result.error instanceof AuthApiError, String(result.error));
  assert.equal(result.error.code, code, result.error.message);
  assert.equal(result.error.status, status);
}

test('phone sign-up is refused with phone_provider_disabled (400)', async () => {
  const result = await client(server).signUp({ phone: PHONE, password: PASSWORD });
  expectError(result, 'phone_provider_disabled', 400);
  assert.equal(result.data.session, null);
});

test('phone password sign-in is refused with phone_provider_disabled (422)', async () => {
  const result = await client(server).signInWithPassword({ phone: PHONE, password: PASSWORD });
  expectError(result, 'phone_provider_disabled', 422);
});

test('a one-time code by SMS is refused with phone_provider_disabled (400)', async () => {
  expectError(await client(server).signInWithOtp({ phone: PHONE }), 'phone_provider_disabled', 400);
});

test('a magic link by e-mail is refused with email_provider_disabled (422)', async () => {
  const result = await client(server).signInWithOtp({ email: uniqueEmail('otp') });
  expectError(result, 'email_provider_disabled', 422);
  const existingOnly = await client(server).signInWithOtp({
    email: uniqueEmail('otp'),
    options: { shouldCreateUser: false },
  });
  expectError(existingOnly, 'otp_disabled', 422);
});

test('anonymous sign-in is refused with anonymous_provider_disabled (422)', async () => {
  const auth = client(server);
  const result = await auth.signInAnonymously();
  expectError(result, 'anonymous_provider_disabled', 422);
  assert.equal((await auth.getSession()).data.session, null);
});

test('web3 sign-in is refused with web3_provider_disabled (422)', async () => {
  const result = await client(server).signInWithWeb3({
    chain: 'ethereum',
    message: 'example.org wants you to sign in with your Ethereum account',
    signature: '0x00',
  });
  expectError(result, 'web3_provider_disabled', 422);
});

test('resend by phone is refused; by e-mail there is nothing to resend', async () => {
  expectError(await client(server).resend({ type: 'sms', phone: PHONE }), 'phone_provider_disabled', 400);
  const email = await client(server).resend({ type: 'signup', email: uniqueEmail('resend') });
  assert.equal(email.error, null);
});

test('reauthenticate needs a session, then is refused with otp_disabled (422)', async () => {
  const none = await client(server).reauthenticate();
  assert.ok(isAuthSessionMissingError(none.error), String(none.error));
  const auth = client(server);
  await signUpAndIn(auth, { email: uniqueEmail('reauth'), password: PASSWORD });
  expectError(await auth.reauthenticate(), 'otp_disabled', 422);
});

test('two-step sign-in calls without a session fail on the missing bearer token (401)', async () => {
  const auth = client(server);
  expectError(await auth.mfa.enroll({ factorType: 'totp' }), 'no_authorization', 401);
  expectError(await auth.mfa.challenge({ factorId: FACTOR }), 'no_authorization', 401);
  expectError(
    await auth.mfa.verify({ factorId: FACTOR, challengeId: FACTOR, code: '123456' }),
    'no_authorization',
    401,
  );
  expectError(await auth.mfa.unenroll({ factorId: FACTOR }), 'no_authorization', 401);
});

test('two-step sign-in with a session: phone factors are off and an unknown factor is not found', async () => {
  const auth = client(server);
  await signUpAndIn(auth, { email: uniqueEmail('mfa'), password: PASSWORD });
  expectError(
    await auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' }),
    'mfa_phone_enroll_not_enabled',
    422,
  );
  expectError(await auth.mfa.challenge({ factorId: FACTOR }), 'mfa_factor_not_found', 404);
  expectError(await auth.mfa.unenroll({ factorId: FACTOR }), 'mfa_factor_not_found', 404);
});

test('sign-up names a bad e-mail address before a weak password', async () => {
  const result = await client(server).signUp({ email: 'a', password: '123456' });
  expectError(result, 'validation_failed', 400);
  assert.match(result.error.message, /Unable to validate email address: invalid format/);
});
