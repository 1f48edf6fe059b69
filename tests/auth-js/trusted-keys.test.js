// A Supabase project's JWT secret configured as auth.jwt_secret: a service-role key made from it, the way
// Supabase's tooling makes one (HS256, iss "supabase"), drives auth-js's admin API unchanged.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';

import { PASSWORD, client, startSolace, uniqueEmail, signUpAndIn } from './helpers.js';

const SECRET = 'a-project-jwt-secret-of-at-least-32-characters';

function b64url(value) {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

function signed(secret, claims) {
  const input = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function serviceRoleKey(secret) {
  const now = Math.floor(Date.now() / 1000);
  return signed(secret, { iss: 'supabase', ref: 'localproject', role: 'service_role', iat: now, exp: now + 3600 });
}

let server;
before(async () => {
  server = await startSolace(`[auth]\njwt_secret = "${SECRET}"\n`);
});
after(async () => {
  await server?.stop();
});

test('a service-role key signed with the configured secret lists users through auth.admin', async () => {
  const email = uniqueEmail('listed');
  const { error: signUpError } = await signUpAndIn(client(server), { email, password: PASSWORD });
  assert.equal(signUpError, null);

  const key = serviceRoleKey(SECRET);
  const admin = client(server, { headers: { Authorization: `Bearer ${key}`, apikey: key } }).admin;
  const { data, error } = await admin.listUsers();
  assert.equal(error, null);
  assert.ok(data.users.some((u) => u.email === email));

  const wrong = serviceRoleKey('another-secret-that-is-also-long-enough!!');
  const refused = await client(server, { headers: { Authorization: `Bearer ${wrong}` } }).admin.listUsers();
  assert.equal(refused.error?.status, 403);
  assert.ok(!server.logs().includes(SECRET), 'the secret is never logged');
});

test('an admin token as supabase-py\'s tests make it (role supabase_admin, no exp) works with the configured secret', async () => {
  const email = uniqueEmail('pyadmin');
  const key = signed(SECRET, { sub: '1234567890', role: 'supabase_admin' });
  const admin = client(server, { headers: { Authorization: `Bearer ${key}` } }).admin;
  const created = await admin.createUser({ email, password: PASSWORD });
  assert.equal(created.error, null);
  const { data, error } = await admin.listUsers();
  assert.equal(error, null);
  assert.ok(data.users.some((u) => u.email === email));

  // A present exp is still checked, and other roles are still refused.
  const expired = signed(SECRET, { role: 'supabase_admin', exp: Math.floor(Date.now() / 1000) - 60 });
  const late = await client(server, { headers: { Authorization: `Bearer ${expired}` } }).admin.listUsers();
  assert.equal(late.error?.status, 403);
  const person = signed(SECRET, { role: 'authenticated' });
  const notAdmin = await client(server, { headers: { Authorization: `Bearer ${person}` } }).admin.listUsers();
  assert.equal(notAdmin.error?.code, 'not_admin');
});
