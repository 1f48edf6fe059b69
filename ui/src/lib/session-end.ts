import { AUTH_STORAGE_KEY } from './auth-client';
import { forgetScreen } from './kept-screen';

/**
 * Ending the session on this device, shared by the quick exit and the idle lock: the stored session leaves
 * storage at once, and the server is told without anyone waiting for its answer.
 */

function accessTokenOf(raw: string): string | null {
  try {
    // auth-js stores the session itself; older versions wrapped it in `currentSession`.
    const parsed = JSON.parse(raw) as { access_token?: unknown; currentSession?: { access_token?: unknown } };
    const token = parsed.access_token ?? parsed.currentSession?.access_token;
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

/**
 * Removes the auth client's stored session and its companions (user copy, PKCE verifier, under the same
 * prefix). Returns the removed access token, to end the session on the server too, or null.
 */
export function removeStoredSession(storage: Storage = window.localStorage): string | null {
  // The screen kept for a reload goes with the session (a quick exit, a lock): no reload lands back in the app.
  forgetScreen();
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key === AUTH_STORAGE_KEY || key?.startsWith(`${AUTH_STORAGE_KEY}-`)) keys.push(key);
    }
    keys.forEach((k) => storage.removeItem(k));
    return raw === null ? null : accessTokenOf(raw);
  } catch {
    return null; // storage blocked: there is no stored session to remove
  }
}

/**
 * Ends the session on the server (`POST {authUrl}/logout?scope=local`). `keepalive` lets the request finish
 * even when the page goes away; failure changes nothing here, the session is already gone from this device.
 */
export function revokeSession(
  accessToken: string,
  auth: { url: string; anonKey: string },
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): void {
  const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
  if (auth.anonKey) headers.apikey = auth.anonKey;
  try {
    void fetchImpl(`${auth.url}/logout?scope=local`, { method: 'POST', keepalive: true, headers }).catch(
      () => undefined,
    );
  } catch {
    // fetch unavailable or refused at once: nothing more to do
  }
}
