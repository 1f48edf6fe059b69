import { STORAGE_KEYS } from './storage-keys';

/**
 * 'Remember my e-mail on this device': off unless she turned it on, so that nothing she typed to sign in is
 * left for someone else to see on the sign-in screen (docs/vault.md).
 */
export function rememberEmailEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.rememberEmail) === 'on';
  } catch {
    return false;
  }
}

/** Turning it off also forgets the e-mail already remembered. */
export function setRememberEmailEnabled(on: boolean): void {
  try {
    if (on) {
      window.localStorage.setItem(STORAGE_KEYS.rememberEmail, 'on');
    } else {
      window.localStorage.removeItem(STORAGE_KEYS.rememberEmail);
      window.localStorage.removeItem(STORAGE_KEYS.lastEmail);
    }
  } catch {
    // storage blocked: nothing is remembered anyway
  }
}
