import { AUTH_STORAGE_KEY } from './auth-client';

/**
 * An exit made while offline cannot tell the server to end the session. What waits instead, under a name that
 * says nothing, is the SHA-256 of the session's refresh token: enough for the server to end that session
 * (`POST /auth/v1/logout/offline`, docs/auth-contract.md), useless for signing in, since only the token itself
 * refreshes and it leaves the device at the exit. It is written as soon as the browser goes offline (a write
 * made while the page is being left can be lost) and again at the exit. When the network is back, or at the
 * app's next start, it is sent if the session has left the device, and simply forgotten if she is still
 * signed in.
 */
export const PENDING_END_KEY = 'pending-cleanup';

/** The hash of the refresh token seen last, worked out ahead: an exit cannot wait for WebCrypto. */
let known: { token: string; hash: string } | null = null;

function storedRefreshToken(storage: Storage): string | null {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { refresh_token?: unknown; currentSession?: { refresh_token?: unknown } };
    const token = parsed.refresh_token ?? parsed.currentSession?.refresh_token;
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

/** Works out the hash of the stored session's refresh token, if it is not known yet. */
export async function primeExitHash(storage: Storage = window.localStorage): Promise<void> {
  const token = storedRefreshToken(storage);
  // WebCrypto exists only on https or localhost; without it nothing is kept (the vault needs it anyway).
  if (!token || known?.token === token || !globalThis.crypto?.subtle) return;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  known = { token, hash: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('') };
}

/** At an exit, before the session leaves storage: offline, keep its end for later. Synchronous on purpose. */
export function keepEndForLater(storage: Storage = window.localStorage, online: boolean = navigator.onLine): void {
  if (online) return;
  const token = storedRefreshToken(storage);
  if (!token || known?.token !== token) return;
  try {
    storage.setItem(PENDING_END_KEY, known.hash);
  } catch {
    // storage full or blocked: the session still ends on the server by itself (auth.sessions_inactivity_timeout)
  }
}

/**
 * At an exit made offline, after `keepEndForLater`: the offline worker keeps the end too and sends it itself when
 * the network is back (Background Sync, where the browser has it: src/sw/service-worker.js), so the session ends
 * even if the app is not opened again. The copy here stays for the next opening, which sends it where the browser
 * has no Background Sync (a second end of an ended session changes nothing on the server).
 */
export function handEndToWorker(
  auth: { url: string; anonKey: string },
  storage: Storage = window.localStorage,
  online: boolean = navigator.onLine,
  worker: Pick<ServiceWorker, 'postMessage'> | null = navigator.serviceWorker?.controller ?? null,
): void {
  if (online || !worker) return;
  try {
    const hash = storage.getItem(PENDING_END_KEY);
    if (hash) worker.postMessage({ kind: 'end-later', url: `${auth.url}/logout/offline`, anonKey: auth.anonKey, hash });
  } catch {
    // storage blocked or the worker gone: the next opening sends it
  }
}

/**
 * Sends a kept end; forgets it once the server has answered, keeps it while there is no network. A kept end
 * of the session still stored here is not sent: she did not leave, the network only went away.
 */
export async function sendPendingEnd(
  auth: { url: string; anonKey: string },
  storage: Storage = window.localStorage,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  const hash = storage.getItem(PENDING_END_KEY);
  if (!hash) return;
  await primeExitHash(storage);
  if (known && known.hash === hash && storedRefreshToken(storage) === known.token) {
    storage.removeItem(PENDING_END_KEY);
    return;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.anonKey) headers.apikey = auth.anonKey;
  try {
    const res = await fetchImpl(`${auth.url}/logout/offline`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ refresh_token_hash: hash }),
    });
    // A server that does not know the call (an external GoTrue) will never know it: forget it too.
    if (res.status < 500) storage.removeItem(PENDING_END_KEY);
  } catch {
    // still offline: kept for the next time
  }
}

/** Sends a kept end now and whenever the network comes back; keeps the hash of the session current. */
export function watchOfflineExits(auth: { url: string; anonKey: string }, win: Window = window): void {
  void sendPendingEnd(auth);
  win.addEventListener('online', () => void sendPendingEnd(auth));
  const offline = () => void primeExitHash().then(() => keepEndForLater(window.localStorage, false));
  win.addEventListener('offline', offline);
  if (!navigator.onLine) offline();
  win.addEventListener('storage', (e) => {
    if (e.key === AUTH_STORAGE_KEY) void primeExitHash();
  });
}
