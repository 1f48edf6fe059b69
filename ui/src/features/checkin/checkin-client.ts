/** The server's check-in routes (docs/checkin.md), with her access token; never cached. */

export type Running = { ends_at: number; note: string; recipients: string[]; advocates: string[] };

/** Someone her overdue alarm reached: one of her trusted people by e-mail, or one of her advocates (by id). */
export type Told = { channel: 'email' | 'advocate'; to: string; told_at: number };

/** Her check-in ran out and its alarm went: who it reached so far. Her PIN can still say she is safe. */
export type Alarm = { ends_at: number; told: Told[] };

export type Status = {
  email: boolean;
  min_minutes: number;
  max_minutes: number;
  max_recipients: number;
  /** The server's clock when it answered, Unix ms: time left is counted on the server's clock. */
  now: number;
  checkin: Running | null;
  alarm: Alarm | null;
};

export type TestResult = { emails: { to: string; accepted: boolean }[]; advocates: { id: string; delivered: boolean; emailed: boolean | null }[] };

/** Her note sealed in her browser to one chosen advocate's public key, base64. */
export type SealedNote = { id: string; sealed: string };

/** A refusal with the server's code (`wrong_pin`, `pin_locked`, `email_unavailable`, ...). */
export class CheckinError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CheckinError';
  }
}

async function call<T>(token: string, method: string, path: string, body?: unknown, fetchImpl = fetch): Promise<T> {
  const res = await fetchImpl(`/api/checkin${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
    credentials: 'omit',
  });
  if (!res.ok) {
    const err = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new CheckinError(err.error ?? `http_${res.status}`, err.message ?? `The server answered ${res.status}.`);
  }
  return (res.status === 204 ? null : await res.json()) as T;
}

export const fetchStatus = (token: string) => call<Status>(token, 'GET', '');

export type StartRequest = {
  minutes: number;
  note: string;
  emails: string[];
  advocates: SealedNote[];
  pin: string;
  duress_pin?: string;
  /** The e-mail's language: her screen's ('en' or 'hi'; the server writes others in English). */
  language: string;
};

export const startCheckin = (token: string, body: StartRequest) =>
  call<{ checkin: Running }>(token, 'POST', '', body);

export const extendCheckin = (token: string, pin: string, minutes: number) =>
  call<{ ends_at: number }>(token, 'POST', '/extend', { pin, minutes });

/** Her PIN ends a running check-in (`null`), or, after its alarm, tells those it reached that she checked in, late. */
export const endCheckin = (token: string, pin: string) => call<{ told: Told[] } | null>(token, 'POST', '/end', { pin });

export const sendTest = (token: string, note: string, emails: string[], advocates: SealedNote[], language: string) =>
  call<TestResult>(token, 'POST', '/test', { note, emails, advocates, language });
