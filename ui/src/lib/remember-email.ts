import { STORAGE_KEYS } from './storage-keys';

/** 'Remember my e-mail on this device': on unless she turned it off (SPEC remembers it by default). */
export function rememberEmailEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.rememberEmail) !== 'off';
  } catch {
    return false;
  }
}

/** Turning it off also forgets the e-mail already remembered. */
export function setRememberEmailEnabled(on: boolean): void {
  try {
    if (on) {
      window.localStorage.removeItem(STORAGE_KEYS.rememberEmail);
    } else {
      window.localStorage.setItem(STORAGE_KEYS.rememberEmail, 'off');
      window.localStorage.removeItem(STORAGE_KEYS.lastEmail);
    }
  } catch {
    // storage blocked: nothing is remembered anyway
  }
}
