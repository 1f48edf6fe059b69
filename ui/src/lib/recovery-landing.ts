/**
 * What a password recovery link left in the address when the browser came back from
 * `/auth/v1/verify` (docs/auth-contract.md): a recovery session (`type=recovery`, which auth-js also
 * announces as PASSWORD_RECOVERY) or GoTrue's `otp_expired` for a link that was used or too old.
 * Read once at start, before auth-js takes the session out of the fragment.
 */
export type RecoveryLanding = 'none' | 'recovery' | 'expired';

export function readRecoveryLanding(hash: string = window.location.hash): RecoveryLanding {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('type') === 'recovery' && params.get('access_token')) return 'recovery';
  if (params.get('error_code') === 'otp_expired') return 'expired';
  return 'none';
}

/** Takes a refused link's error out of the address, so a reload or a shared screen does not show it. */
export function clearLandingFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
