import { authUrl } from '../../lib/auth-client';
import type { AppConfig } from '../../lib/app-config';

/** What the person reads when the server says no; none of these cases deletes anything. */
export const DELETE_MESSAGES = {
  wrongPassword: 'That password is not right. Nothing has been deleted.',
  passwordNeeded: 'This account also has a password. Please type it to delete the account. Nothing has been deleted.',
  signInAgain:
    'For your safety, deleting an account without a password needs a fresh sign-in. Sign out, sign in with Google again, then come straight back here (within five minutes). Nothing has been deleted.',
  tooMany: 'Too many tries for now. Please wait a few minutes and try again. Nothing has been deleted.',
  failed: 'Your account could not be deleted just now. Nothing has been removed; please try again.',
  codeNeeded: 'Please type the 6-digit code from your authenticator app. Nothing has been deleted.',
  wrongCode: 'That code is not right. Type the newest code from your authenticator app. Nothing has been deleted.',
} as const;

type ErrorBody = { code?: unknown; error_code?: unknown };

/** Why the account was not deleted; `passwordRefused` when the server wanted a (different) password. */
export type Refusal = { message: string; passwordRefused: boolean };

function refusal(status: number, body: ErrorBody | null, sentPassword: boolean): Refusal {
  const code = body?.error_code ?? body?.code;
  if (code === 'invalid_credentials') {
    const message = sentPassword ? DELETE_MESSAGES.wrongPassword : DELETE_MESSAGES.passwordNeeded;
    return { message, passwordRefused: true };
  }
  if (code === 'insufficient_aal') return { message: DELETE_MESSAGES.codeNeeded, passwordRefused: false };
  if (code === 'mfa_verification_failed') return { message: DELETE_MESSAGES.wrongCode, passwordRefused: false };
  if (code === 'reauthentication_needed') return { message: DELETE_MESSAGES.signInAgain, passwordRefused: false };
  if (status === 429) return { message: DELETE_MESSAGES.tooMany, passwordRefused: false };
  return { message: DELETE_MESSAGES.failed, passwordRefused: false };
}

/**
 * Asks the embedded auth service to delete the signed-in account (`POST /auth/v1/user/delete`, see
 * docs/auth-contract.md). Resolves to null once the account is gone, or to why not.
 */
export async function requestAccountDeletion(
  config: AppConfig,
  accessToken: string,
  password: string | null,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  /** A code from her authenticator app, when she has one (two-step sign-in). */
  code: string | null = null,
): Promise<Refusal | null> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${accessToken}`,
    'Content-Type': 'application/json',
    'X-Supabase-Api-Version': '2024-01-01',
  };
  if (config.auth.anon_key) headers.apikey = config.auth.anon_key;
  try {
    const res = await fetchImpl(`${authUrl(config)}/user/delete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...(password === null ? {} : { password }), ...(code === null ? {} : { code }) }),
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => null)) as ErrorBody | null;
    return refusal(res.status, body, password !== null);
  } catch {
    return { message: DELETE_MESSAGES.failed, passwordRefused: false };
  }
}
