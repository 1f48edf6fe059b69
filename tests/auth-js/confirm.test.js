// Sign-ups confirmed by e-mail (docs/auth-contract.md, "Confirming sign-ups by e-mail") with the real auth-js
// client and a real SMTP server on loopback: signUp answers a user with `confirmation_sent_at` and no session,
// signInWithPassword is `email_not_confirmed` until the link's token is verified (verifyOtp with token_hash),
// and resend sends a new link. Only the default way: with the autoconfirm switch on, nothing is confirmed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { startSmtpStandIn } from '../support/smtp-stand-in.mjs';
import { PASSWORD, SIGN_UP_RETURNS_SESSION, client, freePort, startSolace, uniqueEmail } from './helpers.js';

let server;
let smtp;
before(async () => {
  if (SIGN_UP_RETURNS_SESSION) return;
  smtp = await startSmtpStandIn(await freePort());
  server = await startSolace(smtp.config);
});
after(async () => {
  await server?.stop();
  await smtp?.close();
});

const tokenOf = (mail) => new URL(mail.body.split(/\s+/).find((w) => w.includes('/auth/v1/verify?'))).searchParams.get('token');

test('signUp waits for the e-mail; verifyOtp with its token signs in; resend replaces the link', { skip: SIGN_UP_RETURNS_SESSION }, async () => {
  const email = uniqueEmail('confirm');
  const auth = client(server);
  const up = await auth.signUp({ email, password: PASSWORD });
  assert.equal(up.error, null);
  assert.equal(up.data.session, null);
  assert.equal(up.data.user.email, email);
  assert.ok(up.data.user.confirmation_sent_at, 'confirmation_sent_at');
  const first = tokenOf(await smtp.next());

  const early = await client(server).signInWithPassword({ email, password: PASSWORD });
  assert.equal(early.error.code, 'email_not_confirmed');
  assert.equal(early.error.status, 400);

  assert.deepEqual((await auth.resend({ type: 'signup', email })).error, null);
  const second = tokenOf(await smtp.next());
  assert.notEqual(second, first);
  const old = await client(server).verifyOtp({ type: 'email', token_hash: first });
  assert.equal(old.error.code, 'otp_expired');

  const events = [];
  auth.onAuthStateChange((event) => events.push(event));
  const { data, error } = await auth.verifyOtp({ type: 'signup', token_hash: second });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.ok(events.includes('SIGNED_IN'));
  assert.equal((await client(server).signInWithPassword({ email, password: PASSWORD })).error, null);
  const settings = await fetch(`${server.authUrl}/settings`).then((r) => r.json());
  assert.equal(settings.mailer_autoconfirm, false);
});
