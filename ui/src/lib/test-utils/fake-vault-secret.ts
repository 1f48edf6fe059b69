const MARK = Symbol('fake vault secret');
export const FAKE_VAULT_SECRET = 'ZmFrZS12YXVsdC1zZWNyZXQtZm9yLXVuaXQtdGVzdHMtb25seQ';

/** Answers `GET /api/vault/secret` like the server does for a signed-in session; other requests pass on. */
export function installFakeVaultSecret(): void {
  const current = globalThis.fetch as typeof fetch & { [MARK]?: true };
  if (current?.[MARK]) return;
  const wrapped = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/vault/secret')) {
        return new Response(JSON.stringify({ secret: FAKE_VAULT_SECRET }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return current(input, init);
    },
    { [MARK]: true as const },
  );
  globalThis.fetch = wrapped;
}
