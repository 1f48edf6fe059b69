import type { Session } from '@supabase/auth-js';

/**
 * A two-step sign-in factor as the server lists it in the user (GoTrue's shape). The built-in server adds
 * when it was confirmed and, for some days after, until when it can be removed without a code
 * (docs/auth-contract.md, "Her second step is hers").
 */
export type Factor = {
  id: string;
  status: string;
  factor_type: string;
  friendly_name?: string;
  verified_at?: string;
  removable_without_code_until?: string;
};

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

/** Confirmed authenticators added so recently that she can still remove one without its code. */
export function recentlyAddedFactors(session: Session | null): Factor[] {
  return verifiedFactors(session).filter((f) => Boolean(f.removable_without_code_until && f.verified_at));
}
