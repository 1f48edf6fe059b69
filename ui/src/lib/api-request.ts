/**
 * One call to a signed-in `/api` route with the session's Bearer token: never cached (the server also says
 * no-store), never with cookies. A refusal becomes an `ApiError` with the `/api` error code.
 */

/** The server's refusal, with its `/api` error code (e.g. `wrong_area`, `two_step_needed`, `not_found`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The refusal's other fields (e.g. `reason` of `mail_failed`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function apiRequest<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
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
    const problem = (await res.json().catch(() => ({}))) as { error?: string; message?: string } & Record<string, unknown>;
    throw new ApiError(res.status, problem.error ?? 'unknown', problem.message ?? `The server answered ${res.status}.`, problem);
  }
  // 204, and a 201 without a body: nothing to read.
  const text = res.status === 204 ? '' : await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
