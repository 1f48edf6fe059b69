import { UNSAFE_createMemoryHistory, type unstable_HistoryRouter } from 'react-router-dom';
import { DISGUISE_PATHS, disguiseOfPath } from './disguise-mode';
import { PATHS } from './route-paths';

type History = Parameters<typeof unstable_HistoryRouter>[0]['history'];

/** The one address the browser shows for every screen of the app, sign-in included. */
export const NEUTRAL_PATH = '/';

/** The address the browser shows for a screen: a disguise keeps its own, every other screen the neutral one. */
export function addressFor(pathname: string): string {
  // The advocates' area is used on an advocate's device, never hers: its address stays, so a reload stays there.
  if (pathname === PATHS.advocate) return PATHS.advocate;
  const disguise = disguiseOfPath(pathname);
  return disguise ? DISGUISE_PATHS[disguise] : NEUTRAL_PATH;
}

/**
 * The router's history, kept in memory: the browser's address bar and history only ever see the neutral address
 * (and a disguise's own), never which screen she is on (docs/product.md, "Screens and routes"). It starts on the
 * screen the page was opened at, so a link to a screen still lands there; that address then becomes the neutral
 * one, keeping its query and fragment for whatever still has to read them (a recovery or sign-in link, read once
 * by the auth client). Every push is a replace: the app holds one entry, so Back after a quick exit leaves it.
 */
export function createNeutralHistory(win: Window = window): History {
  const { pathname, search, hash } = win.location;
  const inner = UNSAFE_createMemoryHistory({ initialEntries: [pathname], v5Compat: true });
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
        listener(update);
      }),
    go: (delta) => inner.go(delta),
    push: (to, state) => inner.replace(to, state),
    replace: (to, state) => inner.replace(to, state),
  };
}
