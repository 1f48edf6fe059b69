// Test support for the console's Vitest files: a session that passed two-step sign-in, and `/api/operator/...`
// answered by a table of routes instead of the server (docs/operator.md, "The console", lists them).
import type { Session } from '@supabase/auth-js';
import { vi } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

/** An operator's session: `aal2` when two-step sign-in was passed, with a confirmed authenticator. */
export function operatorSession(aal: 'aal1' | 'aal2' = 'aal2', factors = true): Session {
  const s = fakeSession('nadia@sign-in.invalid');
  const list = factors ? [{ id: 'f-1', status: 'verified', factor_type: 'totp' }] : [];
  return { ...s, access_token: jwt({ aal, role: 'authenticated' }), user: { ...s.user, factors: list } } as Session;
}

export type Call = { method: string; path: string; body: unknown; auth: string | null };
type Answer = { status: number; body?: unknown };
export type Routes = Record<string, Answer | ((call: Call) => Answer)>;

export const problem = (status: number, error: string, extra: object = {}): Answer => ({
  status,
  body: { error, message: `The server's own words for ${error}.`, ...extra },
});

/**
 * Stubs fetch: `routes` maps 'METHOD /api/path' (without the query) to an answer; `GET /api/operator/me` answers
 * an operator unless given; anything else is a 404 `not_found`. Returns every call made.
 */
export function serveConsole(routes: Routes): Call[] {
  const calls: Call[] = [];
  const table: Routes = { 'GET /api/operator/me': { status: 200, body: { name: 'Nadia', two_step: true } }, ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const call = {
        method,
        path: `${url.pathname}${url.search}`,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.get('authorization'),
      };
      calls.push(call);
      const found = table[`${method} ${url.pathname}`];
      const answer = typeof found === 'function' ? found(call) : (found ?? problem(404, 'not_found'));
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
