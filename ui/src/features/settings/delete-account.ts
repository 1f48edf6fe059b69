import { authUrl } from '../../lib/auth-client';
import type { AppConfig } from '../../lib/app-config';

/** What the person reads when the server says no; none of these cases deletes anything. */
export const DELETE_MESSAGES = {
  wrongPassword: 'That password is not right. Nothing has been deleted.',
  signInAgain:
    'For your safety, deleting an account without a password needs a fresh sign-in. Sign out, sign in with Google again, then come straight back here (within five minutes). Nothing has been deleted.',
  tooMany: 'Too many tries for now. Please wait a few minutes and try again. Nothing has been deleted.',
  failed: 'Your account could not be deleted just now. Nothing has been removed; please try again.',
} as const;

type ErrorBody = { code?: unknown; error_code?: unknown };

function messageFor(status: number, body: ErrorBody | null): string {
  const code = body?.error_code ?? body?.code;
  if (code === 'invalid_credentials') return DELETE_MESSAGES.wrongPassword;
  if (code === 'reauthentication_needed') return DELETE_MESSAGES.signInAgain;
  if (status === 429) return DELETE_MESSAGES.tooMany;
  return DELETE_MESSAGES.failed;
}

/**
 * Asks the embedded auth service to delete the signed-in account (`POST /auth/v1/user/delete`, see
 * docs/auth-contract.md). Resolves to null once the account is gone, or to the message to show.
 */
export async function requestAccountDeletion(
  config: AppConfig,
  accessToken: string,
  password: string | null,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<string | null> {
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
      body: JSON.stringify(password === null ? {} : { password }),
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => null)) as ErrorBody | null;
    return messageFor(res.status, body);
  } catch {
    return DELETE_MESSAGES.failed;
  }
}
