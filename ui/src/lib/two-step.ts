import type { Session } from '@supabase/auth-js';

/** A two-step sign-in factor as the server lists it in the user (GoTrue's shape). */
export type Factor = { id: string; status: string; factor_type: string; friendly_name?: string };

function claimsOf(accessToken: string): { aal?: unknown } {
  try {
    const part = accessToken.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as { aal?: unknown };
  } catch {
    return {};
  }
}

/** Her confirmed authenticators, from the session's user. */
export function verifiedFactors(session: Session | null): Factor[] {
  const factors = (session?.user as { factors?: Factor[] } | undefined)?.factors ?? [];
  return factors.filter((f) => f.status === 'verified' && f.factor_type === 'totp');
}

/**
 * Whether the session still needs the code from her authenticator app: it passed only the password (aal1)
 * and she has a confirmed factor. The same reading as auth-js's getAuthenticatorAssuranceLevel (nextLevel
 * aal2 above currentLevel), without a network call.
 */
export function needsSecondStep(session: Session | null): boolean {
  if (!session) return false;
  return claimsOf(session.access_token).aal !== 'aal2' && verifiedFactors(session).length > 0;
}
