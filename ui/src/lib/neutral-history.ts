import { UNSAFE_createMemoryHistory, type unstable_HistoryRouter } from 'react-router-dom';
import { DISGUISE_PATHS, disguiseOfPath } from './disguise-mode';
import { forgetScreen, keepScreen, keptScreen } from './kept-screen';
import { isStaffPath } from './route-paths';

type History = Parameters<typeof unstable_HistoryRouter>[0]['history'];

/** The one address the browser shows for every screen of the app, sign-in included. */
export const NEUTRAL_PATH = '/';

/** The address the browser shows for a screen: a disguise keeps its own, every other screen the neutral one. */
export function addressFor(pathname: string): string {
  // A staff area is used on staff's devices, never hers: its address stays, so a reload stays there.
  if (isStaffPath(pathname)) return pathname;
  const disguise = disguiseOfPath(pathname);
  return disguise ? DISGUISE_PATHS[disguise] : NEUTRAL_PATH;
}

/** Whether this page load is a reload of the tab (not a new visit, a link, Back or Forward). */
function reloaded(win: Window): boolean {
  const [entry] = (win.performance?.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}

/**
 * The screen a load starts on: the one opened, but a reload of the neutral address lands on the screen the tab was
 * on (lib/kept-screen.ts), which the address cannot say.
 */
function startingScreen(win: Window): string {
  const { pathname, search, hash } = win.location;
  if (pathname !== NEUTRAL_PATH || search || hash || !reloaded(win)) return pathname;
  const kept = keptScreen(win);
  return kept && kept.startsWith('/') && addressFor(kept) === NEUTRAL_PATH ? kept : pathname;
}

/** Keeps a screen of the app for a reload; a disguise or a staff area has its own address, so none. */
function remember(pathname: string, win: Window) {
  if (addressFor(pathname) === NEUTRAL_PATH) keepScreen(pathname, win);
  else forgetScreen(win);
}

/**
 * The router's history, kept in memory: the browser's address bar and history only ever see the neutral address
 * (and a disguise's own), never which screen she is on (docs/product.md, "Screens and routes"). It starts on the
 * screen the page was opened at, so a link to a screen still lands there; that address then becomes the neutral
 * one, keeping its query and fragment for whatever still has to read them (a recovery or sign-in link, read once
 * by the auth client). A reload lands on the screen the tab was on. Every push is a replace: the app holds one entry, so Back after a quick exit leaves it.
 */
export function createNeutralHistory(win: Window = window): History {
  const { pathname, search, hash } = win.location;
  const start = startingScreen(win);
  remember(start, win);
  const inner = UNSAFE_createMemoryHistory({ initialEntries: [start], v5Compat: true });
  const show = (path: string, keep = '') => {
    const address = addressFor(path);
    if (win.location.pathname !== address) win.history.replaceState(win.history.state, '', address + keep);
  };
  show(pathname, search + hash);
  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    // A link's address names no screen either (shown on hover, opened in a new tab): the screen's own address.
    createHref: (to) => addressFor(inner.createHref(to)),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    // The memory history has one listener (the router's): the address follows before the screen does.
    listen: (listener) =>
      inner.listen((update) => {
        show(update.location.pathname);
        remember(update.location.pathname, win);
        listener(update);
      }),
    go: (delta) => inner.go(delta),
    push: (to, state) => inner.replace(to, state),
    replace: (to, state) => inner.replace(to, state),
  };
}
