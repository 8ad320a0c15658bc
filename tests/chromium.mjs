// The one Chromium every browser run here uses: Debian's build (browser downloads do not work in
// this environment) with the flags that keep it quiet and reproducible. Playwright's config and the
// benchmarks (through bench/support.mjs) take them from here.

/** Path of the Chromium executable: `CHROMIUM_PATH` when set, Debian's `/usr/bin/chromium` otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright starts Chromium without (playwright-core's chromiumSwitches.ts, 1.65).
 * Chromium reads only the last `--disable-features` switch and Playwright puts its own before the
 * caller's, so CHROMIUM_ARGS repeats them (tests/chromium.test.mjs checks they are still Playwright's).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
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

/**
 * The address bar's popup: every new window (each browser context) started it, two WebUI pages of
 * ~130 modules in a renderer of their own, while the page under test loaded. On a 2-core machine
 * that renderer took as much main-thread CPU as Kite's first screen (issue 31,
 * bench/results/entry-31.md); no test or bench uses the address bar.
 */
const ADDRESS_BAR_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** No sandbox (containers), no GPU, and no background traffic or browser UI that would disturb timings. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUP_FEATURES].join(',')}`,
];
