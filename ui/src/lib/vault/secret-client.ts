/** The server said the session is not valid (signed out elsewhere, expired): sign in again. */
export class NotSignedInError extends Error {
  constructor() {
    super('Please sign in again to open your private space.');
    this.name = 'NotSignedInError';
  }
}

/** Fetches this account's vault secret from the server (never cached, never stored). */
export async function fetchVaultSecret(accessToken: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const res = await fetchImpl('/api/vault/secret', {
    headers: { Authorization: `Bearer ${accessToken}` },
    cache: 'no-store',
    credentials: 'omit',
  });
  if (res.status === 401) throw new NotSignedInError();
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  const body = (await res.json()) as { secret?: unknown };
  if (typeof body.secret !== 'string' || !body.secret) throw new Error('The server sent no key.');
  return body.secret;
}
