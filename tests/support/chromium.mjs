// How the JavaScript suites and bench/ui run a browser: Debian's chromium (never a downloaded one), with
// its background traffic to other hosts switched off so that every request it makes is the page's own.
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);
