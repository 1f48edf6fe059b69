import { useCallback, useState } from 'react';

/**
 * Privacy choices kept on this device (plain words, no personal data): where the idle lock lands, whether
 * Voice Entry is offered, and whether she agreed to the browser's online speech service.
 */
export const PRIVACY_KEYS = {
  idleScreen: 'idle-lock-screen',
  voiceEntry: 'voice-entry',
  voiceOnlineOk: 'voice-entry-online-ok',
} as const;

/** What the screen shows after the automatic sign-out. */
export type IdleScreen = 'weather' | 'notes' | 'sign-in';

/**
 * The weather disguise by default: the idle lock fires when she is away from the screen, so what matters most is
 * what someone else picking the phone up sees; the sign-in page would name the app.
 */
export const DEFAULT_IDLE_SCREEN: IdleScreen = 'weather';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage blocked: the choice holds for this page only
  }
}

export function readIdleScreen(): IdleScreen {
  const v = read(PRIVACY_KEYS.idleScreen);
  return v === 'weather' || v === 'notes' || v === 'sign-in' ? v : DEFAULT_IDLE_SCREEN;
}

export function writeIdleScreen(screen: IdleScreen): void {
  write(PRIVACY_KEYS.idleScreen, screen === DEFAULT_IDLE_SCREEN ? null : screen);
}

export function voiceEntryEnabled(): boolean {
  return read(PRIVACY_KEYS.voiceEntry) !== 'off';
}

export function writeVoiceEntryEnabled(on: boolean): void {
  write(PRIVACY_KEYS.voiceEntry, on ? null : 'off');
}

export function voiceOnlineAccepted(): boolean {
  return read(PRIVACY_KEYS.voiceOnlineOk) === 'yes';
}

export function writeVoiceOnlineAccepted(ok: boolean): void {
  write(PRIVACY_KEYS.voiceOnlineOk, ok ? 'yes' : null);
}

/** A stored choice as React state: read once, written on every change. */
export function useStoredChoice<T>(readNow: () => T, writeNow: (v: T) => void): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(readNow);
  const set = useCallback(
    (v: T) => {
      writeNow(v);
      setValue(v);
    },
    [writeNow],
  );
  return [value, set];
}
