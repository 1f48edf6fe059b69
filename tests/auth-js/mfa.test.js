// auth-js's own mfa.* calls against two-step sign-in, unchanged: enrol, confirm with a code, sign in
// again at aal1 and step up to aal2, remove the authenticator; and GoTrueAdminApi's mfa calls.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';

import { GoTrueAdminApi } from '@supabase/auth-js';

import { freshStep, totpCode } from '../support/totp.mjs';
import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

let server;
before(async () => {
  server = await startSolace();
});
after(async () => {
  await server?.stop();
});

function claimsOf(session) {
  return JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
}

/** A new account with a confirmed authenticator; returns the client, factor id and secret. */
async function enrolled(prefix) {
  const auth = client(server);
  const email = uniqueEmail(prefix);
  await signUpAndIn(auth, { email, password: PASSWORD });
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  assert.equal(error, null);
  const step = await freshStep();
  const verified = await auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret, step),
  });
  assert.equal(verified.error, null);
  return { auth, email, factorId: data.id, secret: data.totp.secret, step };
}

test('enroll gives a QR code as a data URI, the secret and the otpauth URI', async () => {
  const auth = client(server);
  await signUpAndIn(auth, { email: uniqueEmail('enrol'), password: PASSWORD });
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Notes' });
  assert.equal(error, null);
  assert.equal(data.type, 'totp');
  assert.equal(data.friendly_name, 'Phone');
  assert.match(data.totp.qr_code, /^data:image\/svg\+xml;utf-8,<\?xml[\s\S]*<svg[\s\S]*<\/svg>$/);
  assert.match(data.totp.secret, /^[A-Z2-7]{32}$/);
  assert.match(data.totp.uri, /^otpauth:\/\/totp\/Notes:/);
  // Unconfirmed: listed under all, not under totp; nothing to step up to yet.
  const factors = await auth.mfa.listFactors();
  assert.equal(factors.data.all.length, 1);
  assert.equal(factors.data.all[0].status, 'unverified');
  assert.deepEqual(factors.data.totp, []);
  const aal = await auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal1']);
});

test('challenge and verify raise the session to aal2; a wrong code is mfa_verification_failed', async () => {
  const auth = client(server);
  await signUpAndIn(auth, { email: uniqueEmail('verify'), password: PASSWORD });
  const { data: factor } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  const { data: ch, error: chError } = await auth.mfa.challenge({ factorId: factor.id });
  assert.equal(chError, null);
  assert.equal(ch.type, 'totp');
  assert.ok(ch.expires_at > Date.now() / 1000);

  const step = await freshStep();
  const wrong = String((Number(totpCode(factor.totp.secret, step)) + 1) % 1_000_000).padStart(6, '0');
  const bad = await auth.mfa.verify({ factorId: factor.id, challengeId: ch.id, code: wrong });
  assert.equal(bad.error?.code, 'mfa_verification_failed');
  assert.equal(bad.error?.status, 422);

  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const good = await auth.mfa.verify({
    factorId: factor.id,
    challengeId: ch.id,
    code: totpCode(factor.totp.secret, step),
  });
  assert.equal(good.error, null);
  assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'), events.join());
  const { data: sessionData } = await auth.getSession();
  assert.equal(claimsOf(sessionData.session).aal, 'aal2');
  const aal = await auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(aal.data.currentLevel, 'aal2');
  assert.equal(aal.data.nextLevel, 'aal2');
  assert.deepEqual(
    aal.data.currentAuthenticationMethods.map((m) => m.method),
    ['totp', 'password'],
  );
  const factors = await auth.mfa.listFactors();
  assert.equal(factors.data.totp.length, 1);
  assert.equal(factors.data.totp[0].status, 'verified');
});

test('signing in again: aal1 with nextLevel aal2 until the code, then aal2; refresh keeps it', async () => {
  const { email, factorId, secret, step: used } = await enrolled('signin');
  const auth = client(server);
  const { error } = await auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(error, null);
  let aal = await auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal2']);

  // The code used at enrolment is spent; the oldest step still accepted that is newer is fresh.
  const step = Math.max((await freshStep()) - 1, used + 1);
  const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, step) });
  assert.equal(verifyError, null);
  aal = await auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal2', 'aal2']);

  const refreshed = await auth.refreshSession();
  assert.equal(refreshed.error, null);
  assert.equal(claimsOf(refreshed.data.session).aal, 'aal2');
});

test('a password alone cannot add a second factor, but can remove one confirmed in the last days', async () => {
  // GoTrue asks for aal2 to remove any confirmed factor; Solace lets her password remove one that is
  // less than 7 days old, so an authenticator planted by someone who knows her password cannot shut her
  // out (docs/auth-contract.md, "Her second step is hers"; older factors: tests/auth_mfa.rs).
  const { auth: stepped, email, factorId } = await enrolled('unenrol');
  const auth = client(server);
  await auth.signInWithPassword({ email, password: PASSWORD });
  const another = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
  assert.equal(another.error?.code, 'insufficient_aal');

  const { data: listed } = await auth.getUser();
  const factor = listed.user.factors.find((f) => f.id === factorId);
  assert.ok(Date.parse(factor.removable_without_code_until) > Date.now() + 6 * 86_400_000);
  const removed = await auth.mfa.unenroll({ factorId });
  assert.equal(removed.error, null);
  assert.equal(removed.data.id, factorId);
  const { data } = await stepped.refreshSession();
  assert.equal(claimsOf(data.session).aal, 'aal1');
  const aal = await stepped.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal1']);
});

test('GoTrueAdminApi mfa.listFactors and mfa.deleteFactor', async () => {
  const key = execFileSync(
    process.env.SOLACE_BIN,
    ['--config', server.configFile, '--data-dir', server.dataDir, 'service-key'],
    { env: { PATH: process.env.PATH }, encoding: 'utf8' },
  ).trim();
  const admin = new GoTrueAdminApi({ url: server.authUrl, headers: { Authorization: `Bearer ${key}` } });
  const { auth, factorId } = await enrolled('admin');
  const { data: userData } = await auth.getUser();
  const userId = userData.user.id;

  const listed = await admin.mfa.listFactors({ userId });
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data.factors.map((f) => [f.id, f.status]), [[factorId, 'verified']]);

  const deleted = await admin.mfa.deleteFactor({ userId, id: factorId });
  assert.equal(deleted.error, null);
  // auth-js wraps the answer (the factor GoTrue returns) once more in this call.
  assert.equal(deleted.data.data.id, factorId);
  const after = await admin.mfa.listFactors({ userId });
  assert.deepEqual(after.data.factors, []);
});
