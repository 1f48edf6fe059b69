/**
 * Neutral destinations for the quick exit: a search engine, a web archive, an encyclopedia and a webmail site.
 * The browser navigates to them; the app never loads anything from these hosts.
 */
export const QUICK_EXIT_DESTINATIONS = [
  'https://www.google.com',
  'https://archive.org',
  'https://www.wikipedia.org',
  'https://mail.google.com',
] as const;

export function pickQuickExitDestination(random: () => number = Math.random): string {
  const i = Math.min(
    QUICK_EXIT_DESTINATIONS.length - 1,
    Math.floor(random() * QUICK_EXIT_DESTINATIONS.length),
  );
  return QUICK_EXIT_DESTINATIONS[i];
}

/**
 * Leaves the app at once for a neutral site. `location.replace` swaps the current history entry,
 * so pressing Back does not return to this page. Nothing else is cleared.
 */
export function quickExit(
  loc: Pick<Location, 'replace'> = window.location,
  random: () => number = Math.random,
): void {
  loc.replace(pickQuickExitDestination(random));
}
