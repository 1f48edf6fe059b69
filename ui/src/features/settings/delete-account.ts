import { authUrl } from '../../lib/auth-client';
import type { AppConfig } from '../../lib/app-config';

/** What the person reads when the server says no (catalogue keys); none of these cases deletes anything. */
export const DELETE_MESSAGES = {
  wrongPassword: 'settings.deleteWrongPassword',
  passwordNeeded: 'settings.deletePasswordNeeded',
  signInAgain: 'settings.deleteSignInAgain',
  tooMany: 'settings.deleteTooMany',
  failed: 'settings.deleteFailed',
  codeNeeded: 'settings.deleteCodeNeeded',
  wrongCode: 'settings.deleteWrongCode',
  checkinRunning: 'settings.deleteCheckinRunning',
} as const;

type ErrorBody = { code?: unknown; error_code?: unknown };

/** Why the account was not deleted (`message` is a catalogue key); `passwordRefused`: it wanted a password. */
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
  // Only her PIN ends a check-in; until then nobody with her password can delete the account (docs/checkin.md).
  if (code === 'checkin_running') return { message: DELETE_MESSAGES.checkinRunning, passwordRefused: false };
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
