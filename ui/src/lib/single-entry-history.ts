import { UNSAFE_createBrowserHistory, type unstable_HistoryRouter } from 'react-router-dom';

type History = Parameters<typeof unstable_HistoryRouter>[0]['history'];

/**
 * The browser history the router uses, with every push turned into a replace: the app keeps one history
 * entry, so Back after a quick exit (from any depth) leaves the app's origin instead of showing the page
 * before it. Moving around inside the app goes through its own links and buttons.
 */
export function createSingleEntryHistory(win: Window = window): History {
  const inner = UNSAFE_createBrowserHistory({ window: win, v5Compat: true });
  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    listen: (listener) => inner.listen(listener),
    go: (delta) => inner.go(delta),
    push: (to, state) => inner.replace(to, state),
    replace: (to, state) => inner.replace(to, state),
  };
}
