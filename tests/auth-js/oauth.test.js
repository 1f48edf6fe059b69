// Google sign-in with the real auth-js client, against a local stand-in for Google that speaks
// OAuth 2.0 / OpenID Connect (authorization endpoint with PKCE, token endpoint, userinfo endpoint).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { startGoogleStandIn } from '../support/google-stand-in.mjs';
import { PASSWORD, client, startSolace, signUpAndIn } from './helpers.js';

/** The browser's part: /authorize → Google (consents at once) → /callback → the app's URL. */
async function browse(start) {
  // solace listens on 127.0.0.1; its site_url (and so its redirect_uri) says localhost.
  const hop = async (url) => {
    const res = await fetch(url.replace('//localhost:', '//127.0.0.1:'), { redirect: 'manual' });
    const location = res.headers.get('location');
    assert.ok(location, `no redirect from ${url} (${res.status}): ${await res.text()}`);
    return location;
  };
  const toGoogle = await hop(start);
  const toCallback = await hop(toGoogle);
  assert.match(toCallback, /\/auth\/v1\/callback\?/);
  return new URL(await hop(toCallback));
}

let google;
let server;
before(async () => {
  google = await startGoogleStandIn({
    person: { sub: '1122334455', email: 'Grace@Example.com', email_verified: true, name: 'Grace H' },
  });
  server = await startSolace(google.config);
});
after(async () => {
  await server?.stop();
  await google?.close();
});

test('settings tell auth-js that Google is enabled', async () => {
  const res = await fetch(`${server.authUrl}/settings`);
  assert.equal((await res.json()).external.google, true);
});

test('implicit flow: tokens come back in the fragment and auth-js adopts them', async () => {
  const auth = client(server);
  const { data, error } = await auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: 'http://localhost:5173/home', skipBrowserRedirect: true },
  });
  assert.equal(error, null);
  const landed = await browse(data.url);
  assert.equal(`${landed.origin}${landed.pathname}`, 'http://localhost:5173/home');
  const f = new URLSearchParams(landed.hash.slice(1));
  assert.equal(f.get('token_type'), 'bearer');
  assert.ok(f.get('provider_token').startsWith('ya29.'));
  assert.ok(Number(f.get('expires_in')) > 0 && Number(f.get('expires_at')) > 0);
  const { data: s, error: e2 } = await auth.setSession({
    access_token: f.get('access_token'),
    refresh_token: f.get('refresh_token'),
  });
  assert.equal(e2, null);
  assert.equal(s.user.email, 'grace@example.com');
  assert.equal(s.user.app_metadata.provider, 'google');
  assert.equal(s.user.identities[0].provider, 'google');
  assert.equal((await auth.refreshSession()).error, null, 'its refresh token works');
});

test('PKCE flow: ?code= is exchanged by exchangeCodeForSession', async () => {
  const auth = client(server, { flowType: 'pkce' });
  const { data } = await auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: 'http://localhost:5173/auth/callback', skipBrowserRedirect: true },
  });
  assert.ok(new URL(data.url).searchParams.get('code_challenge'));
  const landed = await browse(data.url);
  const code = landed.searchParams.get('code');
  assert.ok(code, landed.toString());
  assert.equal(landed.hash, '', 'no tokens in the URL');
  const { data: s, error } = await auth.exchangeCodeForSession(code);
  assert.equal(error, null);
  assert.equal(s.user.email, 'grace@example.com');
  assert.ok(s.session.provider_token.startsWith('ya29.'));
  assert.equal((await auth.getUser()).data.user.id, s.user.id);

  const again = await client(server, { flowType: 'pkce' }).exchangeCodeForSession(code);
  assert.ok(again.error, 'a code is single-use');
});

test('a redirect outside the allow-list lands on the site instead', async () => {
  const auth = client(server);
  const { data } = await auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: 'https://evil.example.net/steal', skipBrowserRedirect: true },
  });
  const landed = await browse(data.url);
  assert.equal(landed.origin, server.url.replace('127.0.0.1', 'localhost'));
  assert.ok(landed.hash.startsWith('#access_token='), landed.toString());
});

test('password and Google sign-in share one account for a verified address', async () => {
  const email = 'shared@example.com';
  const { data: pw } = await signUpAndIn(client(server), { email, password: PASSWORD });
  google.state.person = { sub: '99', email: 'Shared@Example.com', email_verified: true, name: 'S' };
  const auth = client(server);
  const { data } = await auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
  const final = await browse(data.url);
  const f = new URLSearchParams(final.hash.slice(1));
  const { data: s } = await auth.setSession({ access_token: f.get('access_token'), refresh_token: f.get('refresh_token') });
  assert.equal(s.user.id, pw.user.id);
  assert.deepEqual(s.user.app_metadata.providers, ['email', 'google']);
});
