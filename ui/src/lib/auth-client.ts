import type { GoTrueClient } from '@supabase/auth-js';
import type { AppConfig } from './app-config';
import { neutralUserStore } from './auth-user-store';

/**
 * Storage key of the persisted session (auth-js keeps it in localStorage, and the user beside it under
 * `session-user`, without her e-mail or sign-in name: lib/auth-user-store.ts). A name any site could use.
 */
export const AUTH_STORAGE_KEY = 'session';

export type AuthClientLike = GoTrueClient;

/** The auth base URL: the embedded service unless the config names an external GoTrue. */
export function authUrl(config: AppConfig, origin: string = window.location.origin): string {
  return config.auth.url ?? `${origin}/auth/v1`;
}

/**
 * Creates the auth-js client. The library is fetched on demand (its own chunk), so a signed-out first visit
 * to /auth does not download it until the user starts to sign in.
 */
export async function createAuthClient(config: AppConfig): Promise<GoTrueClient> {
  const { AuthClient } = await import('@supabase/auth-js');
  const headers: Record<string, string> = {};
  if (config.auth.anon_key) headers.apikey = config.auth.anon_key;
  return new AuthClient({
    url: authUrl(config),
    headers,
    storageKey: AUTH_STORAGE_KEY,
    userStorage: neutralUserStore,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  });
}

/** Whether the client is needed straight away: a stored session, or an OAuth result in the URL. */
export function authNeededAtStart(): boolean {
  try {
    if (window.localStorage.getItem(AUTH_STORAGE_KEY) !== null) return true;
  } catch {
    // storage blocked: no stored session
  }
  const { hash, search } = window.location;
  return /(^|[#&?])(access_token|error_description|error|code)=/.test(`${hash}&${search}`);
}
