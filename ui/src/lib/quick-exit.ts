import type { AppConfig } from './app-config';
import { DEFAULT_EXIT_DESTINATIONS } from './app-config';
import { AUTH_STORAGE_KEY, authUrl } from './auth-client';
import { handEndToWorker, keepEndForLater } from './offline-exit';
import { forgetScreen } from './kept-screen';
import { removeStoredSession, revokeSession } from './session-end';

/**
 * The quick exit. In this order, because every millisecond counts when someone walks in:
 * 1. hide everything at once (before any other work, so the next frame shows nothing of the app),
 * 2. end the session on this device (stored session removed; the server told without waiting),
 * 3. replace this history entry with a neutral page, so Back does not come back here.
 * Nothing here needs React: it runs from the keyboard, the loading screen and every page alike.
 */

/** Set on <html> while leaving; the stylesheet hides the body under it (see quick-exit.css). */
export const EXITING_ATTRIBUTE = 'data-quick-exit';
/** A title that says nothing, for the moment before the neutral page replaces this one. */
export const NEUTRAL_TITLE = 'Loading…';

type ExitSettings = { destinations: readonly string[]; authUrl: string | null; anonKey: string };

let settings: ExitSettings = { destinations: DEFAULT_EXIT_DESTINATIONS, authUrl: null, anonKey: '' };

/** Takes the operator's exit pages and auth service from /api/config (defaults until then). */
export function configureQuickExit(config: AppConfig): void {
  settings = {
    destinations: config.safety.exit_destinations.length
      ? config.safety.exit_destinations
      : DEFAULT_EXIT_DESTINATIONS,
    authUrl: authUrl(config),
    anonKey: config.auth.anon_key,
  };
}

export function pickQuickExitDestination(
  random: () => number = Math.random,
  destinations: readonly string[] = settings.destinations,
): string {
  const i = Math.min(destinations.length - 1, Math.floor(random() * destinations.length));
  return destinations[i];
}

/** Step 1: nothing of the app stays on screen or in the tab title. Synchronous on purpose. */
export function hideAppNow(doc: Document = document): void {
  doc.documentElement.setAttribute(EXITING_ATTRIBUTE, '');
  // Also through the CSSOM (allowed by the CSP), in case a stylesheet failed to load.
  doc.body?.style.setProperty('display', 'none', 'important');
  doc.title = NEUTRAL_TITLE;
}

/**
 * Step 2: the auth client's stored session (and its helper keys) leave this device now; the server is asked
 * to end the session with a keepalive request that outlives this page, and nobody waits for its answer.
 */
export function endSessionHere(
  storage: Storage = window.localStorage,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  origin: string = window.location.origin,
): void {
  const auth = { url: settings.authUrl ?? `${origin}/auth/v1`, anonKey: settings.anonKey };
  keepEndForLater(storage);
  handEndToWorker(auth, storage);
  const token = removeStoredSession(storage);
  if (token) revokeSession(token, auth, fetchImpl);
}

/**
 * Set in this tab's session storage as the exit leaves. The exit replaces only the history entry it leaves from:
 * when the tab had loaded the app more than once (a typed or bookmarked address, a reload on another screen), Back
 * reaches those earlier loads. A page of the app that finds this mark and was reached by Back, Forward or a
 * reload leaves again before anything is drawn (`leaveIfExitedBefore`). Its name and value say nothing of the app,
 * and session storage ends with the tab.
 */
export const EXITED_KEY = 'left';

function markExited(storage: Storage | null): void {
  try {
    storage?.setItem(EXITED_KEY, '1');
  } catch {
    // Storage turned off: the exit itself still works; only an earlier load of the app stays in this tab's history.
  }
}

function sessionStorageOf(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this tab left the app by the quick exit (the mark above). */
function exitedBefore(win: Window): boolean {
  return sessionStorageOf(win)?.getItem(EXITED_KEY) === '1';
}

/**
 * Call first, before anything is drawn. True when this tab left the app by the quick exit and this page was reached
 * by Back, Forward or a reload: the page is hidden and replaced by an empty one, and the caller draws nothing. An
 * address she opens herself afterwards (typed, a bookmark, a link) is a new visit: the mark is removed and the app
 * starts as usual.
 */
export function leaveIfExitedBefore(win: Window = window): boolean {
  if (!exitedBefore(win)) return false;
  const [entry] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (entry?.type === 'navigate') {
    sessionStorageOf(win)?.removeItem(EXITED_KEY);
    return false;
  }
  hideAppNow(win.document);
  win.location.replace('about:blank');
  return true;
}

/** The longest the rest of the exit waits for the frame without the app (a tab in the background draws none). */
const FRAME_WAIT_MS = 50;

/**
 * Hide, end the session, leave. `location.replace` swaps this history entry for the neutral page. Ending the
 * session and starting the navigation come right after the next frame, the first that shows nothing of the app
 * (or after FRAME_WAIT_MS, whichever is first): done in the same task as the hide, their work held that frame
 * back by a few milliseconds, and the screen going blank is what protects her when someone looks.
 */
export function quickExit(
  loc: Pick<Location, 'replace'> = window.location,
  random: () => number = Math.random,
): void {
  hideAppNow();
  markExited(sessionStorageOf(window));
  let done = false;
  const leave = () => {
    if (done) return;
    done = true;
    endSessionHere();
    loc.replace(pickQuickExitDestination(random));
  };
  // A timer set in a frame callback runs once that frame is drawn.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(leave, 0));
  setTimeout(leave, FRAME_WAIT_MS);
}

/** Whether this page has begun to leave (it is hidden already). */
export function exitStarted(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(EXITING_ATTRIBUTE);
}

/** Marks a control that leaves; the page-wide listener below acts on a press inside one. */
export const EXIT_CONTROL_ATTRIBUTE = 'data-exit-control';

/**
 * Props for a control that leaves. A finger or mouse leaves as it presses, through the listener of
 * `installExitControls` (the earliest event a tap gives, tens of milliseconds before its click, and handled
 * before React's own dispatch); keyboards and screen readers send only the click, which leaves unless the
 * press already did. Acting on the press is deliberate: the exit must not wait for a lifted finger.
 */
export function exitControl(leave: () => void = () => quickExit()) {
  return {
    [EXIT_CONTROL_ATTRIBUTE]: '',
    onClick: () => {
      if (!exitStarted()) leave();
    },
  };
}

/** Listens for a primary press on any exit control, on the whole window from the first moment (capture). */
export function installExitControls(win: Window = window, leave: () => void = () => quickExit()): () => void {
  const down = (e: PointerEvent) => {
    if (e.button !== 0 || !e.isPrimary || exitStarted(win.document)) return;
    const target = e.target as Element | null;
    if (typeof target?.closest === 'function' && target.closest(`[${EXIT_CONTROL_ATTRIBUTE}]`)) leave();
  };
  win.addEventListener('pointerdown', down, true);
  return () => win.removeEventListener('pointerdown', down, true);
}

/**
 * A page kept in the back/forward cache must not come back as it was: it is hidden as it goes in, and
 * reloaded when it comes back, so the app decides afresh (sign-in screen or disguise after an exit).
 */
export function guardBackForwardCache(win: Window = window): void {
  win.addEventListener('pagehide', (e) => {
    if (e.persisted) hideAppNow(win.document);
  });
  win.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    hideAppNow(win.document);
    // After an exit, leave again rather than load the app afresh (`leaveIfExitedBefore` would, one load later).
    if (exitedBefore(win)) win.location.replace('about:blank');
    else {
      // Back from elsewhere is not a reload of hers: the app starts afresh on Home, not on the screen it showed.
      forgetScreen(win);
      win.location.reload();
    }
  });
}

/**
 * Another tab of the app that ended the session on this device (quick exit, sign-out, clearing all data or
 * deleting the account) takes this tab with it: hidden at once, then loaded afresh, so it shows the sign-in
 * screen (or the disguise), not what was open.
 */
export function followSessionEndInOtherTabs(win: Window = window): void {
  win.addEventListener('storage', (e) => {
    const sessionRemoved = e.key === AUTH_STORAGE_KEY && e.oldValue !== null && e.newValue === null;
    const storageCleared = e.key === null;
    if (!sessionRemoved && !storageCleared) return;
    hideAppNow(win.document);
    forgetScreen(win);
    win.location.reload();
  });
}
