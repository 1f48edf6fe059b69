/**
 * Calls to the advocates' routes (docs/advocates.md): `/api/advocate/...` for an advocate, `/api/advocates/...`
 * for her. Never cached (the server also says no-store), never with cookies.
 */

/** The server's refusal, with its `/api` error code (e.g. `wrong_area`, `two_step_needed`, `not_found`). */
export class AdvocateApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AdvocateApiError';
  }
}

export async function advocateApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    credentials: 'omit',
  });
  if (!res.ok) {
    const problem = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new AdvocateApiError(res.status, problem.error ?? 'unknown', problem.message ?? `The server answered ${res.status}.`);
  }
  if (res.status === 204 || res.status === 201) return undefined as T;
  return (await res.json()) as T;
}

/** An advocate as she sees them: `GET /api/advocates`, and the answer to a code look-up or a pairing. */
export type AdvocateSummary = {
  id: string;
  name: string;
  public_key: string | null;
  since?: string;
  /** In her list: the key she compared the safety code for; differs from `public_key` after the advocate's new key. */
  confirmed_key?: string | null;
};

/** The advocate made a new key she has not yet compared the safety code for: nothing is sealed to it until then. */
export function keyChanged(a: AdvocateSummary): boolean {
  return a.confirmed_key !== undefined && a.public_key !== a.confirmed_key;
}

/** A pairing code as typed: digits only; 8 of them make a code. */
export function isPairingCode(typed: string): boolean {
  return typed.replace(/[\s-]/g, '').length === 8 && /^[\d\s-]+$/.test(typed);
}
