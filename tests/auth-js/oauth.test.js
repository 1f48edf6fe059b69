// Google sign-in with the real auth-js client, against a local stand-in for Google that speaks
// OAuth 2.0 / OpenID Connect (authorization endpoint with PKCE, token endpoint, userinfo endpoint).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';

import { PASSWORD, client, startSolace } from './helpers.js';

const CLIENT_ID = 'solace-test.apps.example';
const CLIENT_SECRET = 'test-secret';

function startGoogle() {
  const codes = new Map(); // code -> { challenge, redirectUri }
  const tokens = new Map(); // access token -> userinfo claims
  const state = {
    person: { sub: '1122334455', email: 'Grace@Example.com', email_verified: true, name: 'Grace H' },
  };
  let next = 0;
  const json = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://google');
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      if (q.get('client_id') !== CLIENT_ID || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      next += 1;
      const code = `4/code-${next}`;
      codes.set(code, { challenge: q.get('code_challenge'), redirectUri: q.get('redirect_uri') });
      const back = new URL(q.get('redirect_uri'));
      back.searchParams.set('state', q.get('state'));
      back.searchParams.set('code', code);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const f = new URLSearchParams(body);
      const grant = codes.get(f.get('code'));
      codes.delete(f.get('code'));
      const computed = createHash('sha256').update(f.get('code_verifier') ?? '').digest('base64url');
      if (
        f.get('grant_type') !== 'authorization_code' || f.get('client_id') !== CLIENT_ID ||
        f.get('client_secret') !== CLIENT_SECRET || !grant || grant.challenge !== computed ||
        grant.redirectUri !== f.get('redirect_uri')
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const token = `ya29.token-${next}`;
      tokens.set(token, { ...state.person });
      return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile', id_token: 'unused' });
    }
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      const claims = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return claims ? json(res, 200, claims) : json(res, 401, { error: 'invalid_token' });
    }
    return json(res, 404, {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const base = `http://127.0.0.1:${server.address().port}`;
      resolve({
        state,
        config:
          `[auth.google]\nclient_id = "${CLIENT_ID}"\nclient_secret = "${CLIENT_SECRET}"\n` +
          `authorize_url = "${base}/o/oauth2/v2/auth"\ntoken_url = "${base}/token"\n` +
          `userinfo_url = "${base}/v1/userinfo"\n`,
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}

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
  google = await startGoogle();
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
  const { data: pw } = await client(server).signUp({ email, password: PASSWORD });
  google.state.person = { sub: '99', email: 'Shared@Example.com', email_verified: true, name: 'S' };
  const auth = client(server);
  const { data } = await auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
  const final = await browse(data.url);
  const f = new URLSearchParams(final.hash.slice(1));
  const { data: s } = await auth.setSession({ access_token: f.get('access_token'), refresh_token: f.get('refresh_token') });
  assert.equal(s.user.id, pw.user.id);
  assert.deepEqual(s.user.app_metadata.providers, ['email', 'google']);
});
