// How the JavaScript suites and bench/ui run a browser: Debian's chromium (never a downloaded one), with
// its background traffic to other hosts switched off so that every request it makes is the page's own.
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// The features playwright-core (1.65) switches off in every browser it launches. Chromium keeps only the
// last `--disable-features` on its command line, so ours below has to name these again;
// ui/e2e/browser-flags.test.mjs fails when an upgraded Playwright switches off one this list misses.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

// Chromium draws its address bar's suggestion list as a web page of its own, loaded into a renderer for
// every new window, whether anyone types in the address bar or not (and a test's every page is a new
// window). That renderer cost more than the app's own first load: without it, a new page with the app
// takes about half the processor time (docs/development.md, "What the test command costs").
const OMNIBOX_WEB_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEB_UI].join(',')}`,
]);

/** What a launched browser was told to switch off, by each `--disable-features` in order (chrome://version). */
export async function disabledFeatureLists(browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').textContent();
    return commandLine
      .split(/\s+/)
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
  } finally {
    await context.close();
  }
}
