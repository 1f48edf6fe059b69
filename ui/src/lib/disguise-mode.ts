import titles from './disguise-titles.json';
import { PATHS } from './route-paths';

/**
 * Whether this device is in disguise mode, and which disguise. Kept in localStorage so it outlives the tab:
 * `/weather` or `/notes` opened from history, in a new tab or after a browser restart shows the disguise, and
 * so does any other path of the app until she leaves the disguise on purpose.
 */
export type DisguiseKind = 'weather' | 'notes';

export const DISGUISE_STORAGE_KEY = 'view-mode';
export const DISGUISE_PATHS: Record<DisguiseKind, string> = { weather: PATHS.weather, notes: PATHS.notes };
/** The tab titles of the disguises; the server reads the same file for the pages it sends (src/assets/index_pages.rs). */
export const DISGUISE_TITLES: Record<DisguiseKind, string> = titles;

export function isDisguiseKind(v: unknown): v is DisguiseKind {
  return v === 'weather' || v === 'notes';
}

/** The disguise a path shows (a trailing slash counts, as it does for the router and the server). */
export function disguiseOfPath(pathname: string): DisguiseKind | null {
  const p = pathname.replace(/\/+$/, '');
  if (p === DISGUISE_PATHS.weather) return 'weather';
  if (p === DISGUISE_PATHS.notes) return 'notes';
  return null;
}

function readStored(): DisguiseKind | null {
  try {
    const v = window.localStorage.getItem(DISGUISE_STORAGE_KEY);
    return isDisguiseKind(v) ? v : null;
  } catch {
    return null;
  }
}

let current: DisguiseKind | null | undefined;
/** Whether the last change of mode was made by this tab (not followed from another one). */
let changedHere = false;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** The disguise mode now (read from the device the first time). */
export function getDisguiseMode(): DisguiseKind | null {
  if (current === undefined) current = readStored();
  return current;
}

/**
 * The same mode as a cookie, for the server: it then sends every page of the app as the disguise (title and
 * icon), so a disguised browser opening any address of the app never shows the product name, not even while
 * the page loads. It holds no personal data.
 */
function writeCookie(kind: DisguiseKind | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = kind ? `${kind}; Max-Age=31536000` : '; Max-Age=0';
  document.cookie = `${DISGUISE_STORAGE_KEY}=${value}; Path=/; SameSite=Strict${secure}`;
}

function cookieMode(): DisguiseKind | null {
  const pair = document.cookie.split(';').find((c) => c.trim().startsWith(`${DISGUISE_STORAGE_KEY}=`));
  const v = pair?.trim().slice(DISGUISE_STORAGE_KEY.length + 1);
  return isDisguiseKind(v) ? v : null;
}

/** Turns disguise mode on (a kind) or off (null) on this device. */
export function setDisguiseMode(kind: DisguiseKind | null): void {
  try {
    if (kind) window.localStorage.setItem(DISGUISE_STORAGE_KEY, kind);
    else window.localStorage.removeItem(DISGUISE_STORAGE_KEY);
  } catch {
    // storage blocked: the mode still holds for this page
  }
  writeCookie(kind);
  if (current === kind) return;
  current = kind;
  changedHere = true;
  notify();
}

/**
 * Follows the mode into the disguise when another tab turns it on (e.g. its idle lock). A tab that is showing a
 * disguise does not leave it when another tab does: leaving is always done on purpose, on the screen itself.
 */
function onStorage(e: StorageEvent) {
  if (e.key !== DISGUISE_STORAGE_KEY && e.key !== null) return;
  const next = readStored();
  if (next && next !== current) {
    current = next;
    changedHere = false;
    notify();
  }
}

/** Whether the mode now was set by this tab; false when it followed another tab into a disguise. */
export function modeChangedInThisTab(): boolean {
  return changedHere;
}

export function subscribeDisguiseMode(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** For tests: forget the cached mode so the next read comes from storage. */
export function resetDisguiseModeCache(): void {
  current = undefined;
}

/**
 * Runs before the first render: a disguise path turns its mode on, and any other path of a disguised device is
 * swapped (in place, no new history entry) for the disguise, with its title, before anything of the app shows.
 */
export function applyDisguiseAtStart(loc: Pick<Location, 'pathname'> = window.location): void {
  const onPath = disguiseOfPath(loc.pathname);
  // The cookie follows local storage (Clear All Data empties only the latter).
  if (!onPath && cookieMode() !== getDisguiseMode()) writeCookie(getDisguiseMode());
  if (onPath) {
    if (getDisguiseMode() !== onPath) setDisguiseMode(onPath);
    document.title = DISGUISE_TITLES[onPath];
    return;
  }
  const mode = getDisguiseMode();
  if (!mode) return;
  window.history.replaceState(null, '', DISGUISE_PATHS[mode]);
  document.title = DISGUISE_TITLES[mode];
}
