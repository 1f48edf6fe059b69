// A local stand-in for Google's OAuth endpoints: /authorize (the consent page, which here consents at once
// and redirects back with a code), /token (code exchange) and /userinfo. Records every request.
import { createServer } from 'node:http';

export const GOOGLE_USER = {
  sub: 'e2e-google-1001',
  email: 'google.user@example.com',
  email_verified: true,
  name: 'Google User',
};
export const GOOGLE_CLIENT_ID = 'e2e-client.apps.example';
export const GOOGLE_CLIENT_SECRET = 'e2e-client-secret';

export async function startGoogleStandIn() {
  const requests = [];
  const codes = new Map(); // code -> access token
  let n = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), form, authorization: req.headers.authorization ?? '' });
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/authorize') {
        const redirect = url.searchParams.get('redirect_uri');
        if (url.searchParams.get('client_id') !== GOOGLE_CLIENT_ID || !redirect) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
          return;
        }
        n += 1;
        const code = `e2e-code-${n}`;
        codes.set(code, `e2e-google-access-${n}`);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href }).end();
      } else if (url.pathname === '/token' && req.method === 'POST') {
        const token = codes.get(form.code);
        if (!token || form.client_secret !== GOOGLE_CLIENT_SECRET || !form.code_verifier) {
          json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
          return;
        }
        codes.delete(form.code);
        json(200, { access_token: token, expires_in: 3599, scope: 'openid email profile', token_type: 'Bearer', id_token: 'unused' });
      } else if (url.pathname === '/userinfo') {
        if (!/^Bearer e2e-google-access-\d+$/.test(req.headers.authorization ?? '')) {
          json(401, { error: 'invalid_token' });
          return;
        }
        json(200, GOOGLE_USER);
      } else {
        json(404, { error: 'not_found' });
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
