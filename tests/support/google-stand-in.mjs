// The one stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, on 127.0.0.1, shared by every suite:
// the browser tests and the auth-js suite start it in-process, the Rust tests (tests/integration/auth_oauth.rs) as a
// program. /authorize consents at once and redirects back with a code, /token exchanges it (checking the
// client, the redirect URI and the PKCE verifier as Google does), /userinfo names the person. Every request
// is recorded.
//
// As a program: `node tests/support/google-stand-in.mjs [--person JSON]` prints its address on the first
// line of its output; POST /__person with a JSON body changes who signs in next. Node built-ins only.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const GOOGLE_USER = Object.freeze({
  sub: 'e2e-google-1001',
  email: 'google.user@example.com',
  email_verified: true,
  name: 'Google User',
});
export const GOOGLE_CLIENT_ID = 'e2e-client.apps.example';
export const GOOGLE_CLIENT_SECRET = 'e2e-client-secret';

/**
 * Resolves to `{ url, requests, state, config, close() }`. `state.person` is who signs in next (change it
 * between sign-ins); `config` is the `[auth.google]` section that points solace here.
 */
export async function startGoogleStandIn({ person = GOOGLE_USER } = {}) {
  const requests = [];
  const state = { person: { ...person } };
  const codes = new Map(); // code -> { challenge, redirectUri }
  const tokens = new Map(); // access token -> the person's claims
  let n = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname !== '/__person') {
        requests.push({ method: req.method, path: url.pathname, query, form, authorization: req.headers.authorization ?? '' });
      }
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
      };
      const scopes = (query.scope ?? '').split(' ');
      if (req.method === 'POST' && url.pathname === '/__person') {
        state.person = JSON.parse(body);
        json(200, state.person);
      } else if (req.method === 'GET' && url.pathname === '/authorize') {
        if (
          query.client_id !== GOOGLE_CLIENT_ID ||
          query.response_type !== 'code' ||
          query.code_challenge_method !== 'S256' ||
          !scopes.includes('openid') ||
          !scopes.includes('email') ||
          !query.redirect_uri
        ) {
          json(400, { error: 'invalid_request' });
          return;
        }
        n += 1;
        const code = `stand-in-code-${n}`;
        codes.set(code, { challenge: query.code_challenge, redirectUri: query.redirect_uri });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.state ?? '');
        back.searchParams.set('scope', 'email profile openid');
        res.writeHead(302, { location: back.href }).end();
      } else if (req.method === 'POST' && url.pathname === '/token') {
        const grant = codes.get(form.code);
        codes.delete(form.code);
        const computed = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
        if (
          form.grant_type !== 'authorization_code' ||
          form.client_id !== GOOGLE_CLIENT_ID ||
          form.client_secret !== GOOGLE_CLIENT_SECRET ||
          !grant ||
          grant.challenge !== computed ||
          grant.redirectUri !== form.redirect_uri
        ) {
          json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
          return;
        }
        const token = `ya29.stand-in-${n}`; // Google's access tokens start with ya29.
        tokens.set(token, { ...state.person });
        json(200, { access_token: token, expires_in: 3599, scope: 'openid email profile', token_type: 'Bearer', id_token: 'unused' });
      } else if (req.method === 'GET' && url.pathname === '/userinfo') {
        const claims = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (claims) json(200, claims);
        else json(401, { error: 'invalid_token' });
      } else {
        json(404, { error: 'not_found' });
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    requests,
    state,
    config: [
      '[auth.google]',
      `client_id = "${GOOGLE_CLIENT_ID}"`,
      `client_secret = "${GOOGLE_CLIENT_SECRET}"`,
      `authorize_url = "${base}/authorize"`,
      `token_url = "${base}/token"`,
      `userinfo_url = "${base}/userinfo"`,
      '',
    ].join('\n'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { person: { type: 'string' } } });
  const standIn = await startGoogleStandIn(values.person ? { person: JSON.parse(values.person) } : {});
  console.log(standIn.url);
}
