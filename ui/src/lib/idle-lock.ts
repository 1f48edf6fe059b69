import type { AppConfig } from './app-config';
import { AUTH_STORAGE_KEY, authUrl } from './auth-client';
import { getDisguiseMode, setDisguiseMode } from './disguise-mode';
import { isIdleTooLong, readLastActivity } from './inactivity';
import { readIdleScreen } from './privacy-prefs';

/**
 * Where the idle lock lands: the disguise she chose in Settings (unless a disguise already shows: it stays, so the
 * screen does not visibly change), or the sign-in screen.
 */
export function landAfterIdle(): void {
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

function storedAccessToken(raw: string): string | null {
  try {
    const parsed = JSON.parse(raw) as { access_token?: unknown; currentSession?: { access_token?: unknown } };
    const token = parsed.access_token ?? parsed.currentSession?.access_token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
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
  let raw: string | null;
  try {
    raw = store.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null || !isIdleTooLong(readLastActivity(store), now)) return null;
  // The landing screen first: other open tabs follow it into the disguise before they see the session go.
  landAfterIdle();
  // The session and the auth client's companions (user copy, PKCE verifier) under the same prefix.
  for (const key of Object.keys(store)) {
    if (key === AUTH_STORAGE_KEY || key.startsWith(`${AUTH_STORAGE_KEY}-`)) store.removeItem(key);
  }
  return storedAccessToken(raw);
}

/**
 * Ends the session on the server without waiting for the answer (`keepalive` lets it finish even if the page
 * goes away). Failure changes nothing here: the session is already gone from this device.
 */
export function revokeOnServer(config: AppConfig, accessToken: string): void {
  const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
  if (config.auth.anon_key) headers.apikey = config.auth.anon_key;
  try {
    void fetch(`${authUrl(config)}/logout?scope=local`, { method: 'POST', headers, keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // fetch unavailable: nothing more to do
  }
}
