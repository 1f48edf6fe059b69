import type { AppConfig } from './app-config';
import { AUTH_STORAGE_KEY, authUrl } from './auth-client';
import { getDisguiseMode, setDisguiseMode } from './disguise-mode';
import { isIdleTooLong, readLastActivity } from './inactivity';
import { forgetScreen } from './kept-screen';
import { readIdleScreen } from './privacy-prefs';
import { isStaffPath } from './route-paths';
import { removeStoredSession, revokeSession } from './session-end';

/**
 * Where the idle lock lands: the disguise she chose in Settings (unless a disguise already shows: it stays, so the
 * screen does not visibly change), or the sign-in screen. A staff area (advocates', operator's) locks to its own
 * sign-in: staff are not hiding from anyone, and nothing there explains a disguise's way back.
 */
export function landAfterIdle(path: string = window.location.pathname): void {
  forgetScreen();
  if (isStaffPath(path)) return;
  const screen = readIdleScreen();
  if (getDisguiseMode() === null && screen !== 'sign-in') setDisguiseMode(screen);
}

/** Whether a session is kept on this device now. */
export function hasStoredSession(store: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    return store.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Runs before anything renders. A session stored by a tab that has been idle past the limit (closed, reloaded,
 * the browser restarted) is removed at once, so no signed-in screen ever shows; the screen lands where the idle
 * lock would have put it. Returns the removed access token (to end it on the server too), or null.
 */
export function lockIfIdleAtStart(
  store: Storage = window.localStorage,
  now: number = Date.now(),
): string | null {
  if (!hasStoredSession(store) || !isIdleTooLong(readLastActivity(store), now)) return null;
  // The landing screen first: other open tabs follow it into the disguise before they see the session go.
  landAfterIdle();
  return removeStoredSession(store);
}

/** Ends the removed session on the server too, without waiting for the answer. */
export function revokeOnServer(config: AppConfig, accessToken: string): void {
  revokeSession(accessToken, { url: authUrl(config), anonKey: config.auth.anon_key });
}
