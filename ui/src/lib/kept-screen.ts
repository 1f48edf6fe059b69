/**
 * The screen this tab is on, kept so that a reload lands where she was rather than on Home (the address bar shows
 * only the neutral address, lib/neutral-history.ts). It lives in session storage, which ends with the tab, under a
 * name that says nothing of the app, and is forgotten at a quick exit, a lock and a sign-out (lib/session-end.ts,
 * lib/idle-lock.ts, providers/auth.tsx), so a reload after those lands where they put her.
 */
export const SCREEN_KEY = 'place';

function sessionOf(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null; // storage turned off: a reload lands on Home, as before
  }
}

export function keepScreen(pathname: string, win: Window = window): void {
  try {
    sessionOf(win)?.setItem(SCREEN_KEY, pathname);
  } catch {
    // full or blocked: nothing kept
  }
}

export function forgetScreen(win: Window = window): void {
  try {
    sessionOf(win)?.removeItem(SCREEN_KEY);
  } catch {
    // blocked: there is nothing kept to forget
  }
}

export function keptScreen(win: Window = window): string | null {
  try {
    return sessionOf(win)?.getItem(SCREEN_KEY) ?? null;
  } catch {
    return null;
  }
}
