// The one Chromium every browser run here uses: Debian's build (browser downloads do not work in
// this environment) with the flags that keep it quiet and reproducible. Playwright's config and the
// benchmarks (through bench/support.mjs) take them from here.

/** Path of the Chromium executable: `CHROMIUM_PATH` when set, Debian's `/usr/bin/chromium` otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (containers), no GPU, and no background traffic that would disturb timings. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
