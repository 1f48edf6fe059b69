/**
 * Where auth-js keeps the signed-in user beside the session (its `userStorage` option): the device's storage,
 * with nothing of who she is. The server's user object carries her e-mail or sign-in name (also inside its
 * identities and metadata); written to localStorage it stays in the browser's on-disk log after she signs out.
 * Only what the app needs after a reload is kept: the account id (the vault's), which sign-ins the account has, and
 * its second steps (without their names).
 */

/** The user's fields that say nothing about her. */
const KEPT = ['id', 'aud', 'role', 'app_metadata', 'created_at', 'updated_at', 'is_anonymous'] as const;

/** The user object without her e-mail, phone, identities or metadata (null: not a user). */
export function withoutIdentity(user: unknown): Record<string, unknown> | null {
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Record<string, unknown>;
  const app = typeof u.app_metadata === 'object' && u.app_metadata !== null ? (u.app_metadata as Record<string, unknown>) : null;
  const kept: Record<string, unknown> = {};
  for (const k of KEPT) if (k in u) kept[k] = u[k];
  // The providers say how she signs in (a password or Google); nothing else of the app's metadata is kept.
  if (app) kept.app_metadata = 'providers' in app ? { providers: app.providers } : {};
  // Her second steps, without the names she gave them: deleting the account asks for a code when one is verified.
  if (Array.isArray(u.factors)) {
    kept.factors = u.factors.map((f: Record<string, unknown>) => ({
      id: f.id,
      factor_type: f.factor_type,
      status: f.status,
      created_at: f.created_at,
      updated_at: f.updated_at,
    }));
  }
  return kept;
}

/** What auth-js stores under `<key>-user` (`{ user }`), kept without her identity. */
function neutralValue(value: string): string {
  try {
    const parsed = JSON.parse(value) as { user?: unknown };
    return JSON.stringify({ user: withoutIdentity(parsed.user) });
  } catch {
    return JSON.stringify({ user: null });
  }
}

export const neutralUserStore = {
  getItem: (key: string): string | null => window.localStorage.getItem(key),
  setItem: (key: string, value: string): void => window.localStorage.setItem(key, neutralValue(value)),
  removeItem: (key: string): void => window.localStorage.removeItem(key),
};

/** The same, for the value migrated from a session stored whole before (lib/storage-rename.ts). */
export const neutralUserValue = (user: unknown): string => JSON.stringify({ user: withoutIdentity(user) });
