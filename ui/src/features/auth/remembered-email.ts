import { STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * Whether 'Remember my e-mail on this device' is on (lib/remember-email.ts writes it; off unless she turned it
 * on). Read here directly so the sign-in page does not load a chunk of its own for it (the /auth cold-load
 * budget counts requests).
 */
export function rememberEmailEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.rememberEmail) === 'on';
  } catch {
    return false;
  }
}

/**
 * The last e-mail or sign-in name used to sign in or up (plain text; a JSON string is accepted too), when she
 * asked for it to be remembered. Otherwise one kept from before (when remembering was on by default) is
 * forgotten here.
 */
export function readRememberedEmail(): string {
  if (!rememberEmailEnabled()) {
    try {
      window.localStorage.removeItem(STORAGE_KEYS.lastEmail);
    } catch {
      // storage blocked: nothing is kept
    }
    return '';
  }
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.lastEmail) ?? '';
    if (raw.startsWith('"')) {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'string' ? parsed : '';
    }
    return raw;
  } catch {
    return '';
  }
}

/** Remembers the e-mail, unless she turned that off in Settings (then any old one is forgotten too). */
export function rememberEmail(email: string): void {
  try {
    if (!rememberEmailEnabled()) {
      window.localStorage.removeItem(STORAGE_KEYS.lastEmail);
      return;
    }
    window.localStorage.setItem(STORAGE_KEYS.lastEmail, email);
  } catch {
    // storage blocked: nothing to remember
  }
}
