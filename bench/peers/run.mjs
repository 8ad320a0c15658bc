// `npm run bench:peers`: Kite beside Scalar, Swagger UI and RapiDoc, on one loopback API with JSON
// bodies of 1 KB to 100 MB, in Debian's Chromium. For each client, size and run: a fresh browser
// context loads the client, the clicks that reveal the send button are made, the button is
// pressed, and the in-page probe (probe.mjs) times the first and last line of the body, the
// longest main-thread task and the longest animation-frame gap. Writes bench/results/peers.md, with
// issue 31's goals as ratios at its end. `--busy` runs two CPU-bound processes beside the browser
// for the whole bench (bench/busy.mjs), as on a developer's machine in the middle of a build.
//   node bench/peers/run.mjs [--runs N] [--sizes 1kb,1mb] [--clients kite,scalar] [--out FILE] [--busy]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { startBusyLoad } from '../busy.mjs';
import { KITE_ROOT, kb, launchChromium, printTable, startKiteHost } from '../support.mjs';
import { SIZES, firstToken, lastToken, startApi } from './api.mjs';
import { CLIENTS } from './clients.mjs';
import { PEERS, peerVersion, startPeerPages } from './pages.mjs';
import { PROBE_SCRIPT } from './probe.mjs';
import { DEADLINE_MS, decidedAsUnfinished, formatGap, formatMs, formatTask, medianOrInfinity, renderMarkdown, summarizeRuns } from './report.mjs';

const repo = new URL('../../', import.meta.url);
const args = parseArgs(process.argv.slice(2));
const RUNS = args.runs;
const sizes = SIZES.filter((s) => !args.sizes || args.sizes.includes(s.id));
const clients = CLIENTS.filter((c) => !args.clients || args.clients.includes(c.id));
const VIEWPORT = { width: 1400, height: 900 };
/** Loading and the clicks to the send button get the same 60 s as a response. */
const LOAD_TIMEOUT_MS = DEADLINE_MS;

function parseArgs(argv) {
  const parsed = { runs: 5, sizes: null, clients: null, out: 'bench/results/peers.md', busy: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--busy') {
      parsed.busy = true;
      continue;
    }
    const [flag, inline] = argv[i].split('=');
    const value = inline ?? argv[++i];
    if (flag === '--runs') parsed.runs = Number(value);
    else if (flag === '--sizes') parsed.sizes = value.split(',');
    else if (flag === '--clients') parsed.clients = value.split(',');
    else if (flag === '--out') parsed.out = value;
    else throw new Error(`unknown option ${flag} (see the header of bench/peers/run.mjs)`);
  }
  if (!Number.isInteger(parsed.runs) || parsed.runs < 1) throw new Error('--runs must be a positive integer');
  return parsed;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves to the promise's value, or to `fallback` after `ms` (the promise is left to settle). */
function within(promise, ms, fallback) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]);
}

const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

// Every server on 127.0.0.1; anything else the pages ask for (fonts, telemetry) fails at once.
// Peers' pages reach for fonts and telemetry elsewhere: those hosts fail at once instead of waiting.
const launch = () => launchChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);

/** Raw and gzip size of each script or stylesheet URL, computed once per URL. */
const assetSizes = new Map();
async function sizeOf(response) {
  const url = response.url();
  if (!assetSizes.has(url)) {
    const body = await response.body();
    assetSizes.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return assetSizes.get(url);
}

/** One load of a client, one click on its send button, one response measured. */
async function measureOnce(browser, client, size, urls) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: PROBE_SCRIPT });
  const page = await context.newPage();
  const assets = [];
  let countingAssets = true;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (countingAssets && (type === 'script' || type === 'stylesheet')) assets.push(response);
  });
  let crashed = false;
  const crash = new Promise((resolve) => page.on('crash', () => resolve((crashed = true))));
  const sample = { tti: null, firstControl: null, raw: null, gzip: null, firstText: null, lastLine: null, longestTask: null, maxGap: null, note: null, hung: false };
  try {
    let send;
    try {
      await page.goto(client.url(urls), { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
      send = await client.sendButton(page, size, LOAD_TIMEOUT_MS);
      await send.click({ trial: true, timeout: LOAD_TIMEOUT_MS });
      [sample.tti, sample.firstControl] = await page.evaluate(() => [performance.now(), window.__bench.stats().firstControl]);
    } catch (error) {
      sample.note = `the send button was not usable within 60 s (${String(error.message).split('\n')[0]})`;
      return sample;
    }
    countingAssets = false;
    const sized = await Promise.all(assets.map(sizeOf));
    sample.raw = sized.reduce((sum, s) => sum + s.raw, 0);
    sample.gzip = sized.reduce((sum, s) => sum + s.gzip, 0);
    // Which files made the first load (issue 31: nothing but the first screen before Send is usable).
    sample.files = assets.map((response) => new URL(response.url()).pathname.split('/').pop());

    await page.evaluate(([first, last]) => window.__bench.arm(first, last), [firstToken(size.id), lastToken(size.id)]);
    const clickedAt = Date.now();
    // Not awaited: a page that freezes right after the click may never acknowledge it; the probe
    // records the click itself, and stats() says if it never arrived.
    const clicking = send.click({ timeout: DEADLINE_MS, noWaitAfter: true }).catch(() => {});
    const finished = await within(
      Promise.race([page.evaluate(() => window.__bench.done), crash.then(() => 'crashed')]).catch(() => 'closed'),
      Math.max(0, DEADLINE_MS - (Date.now() - clickedAt)),
      'timeout',
    );
    if (finished === 'done') {
      await within(clicking, 5000, null);
      await sleep(250); // let the last long-task entries arrive
    }
    const stats = crashed ? null : await within(page.evaluate(() => window.__bench.stats()).catch(() => null), 3000, null);
    if (stats) {
      if (!stats.clicked) sample.note = 'the click on the send button did not reach the page';
      sample.unreachable = finished === 'unreachable';
      Object.assign(sample, { firstText: stats.firstText, lastLine: stats.lastLine, longestTask: stats.longestTask, maxGap: stats.maxGap });
      if (finished !== 'done') sample.lastLine = null;
      if (finished === 'unreachable') sample.note ??= `the last line never appeared: the body's scroller sat at its end (${stats.scrollHeight} px tall) for 3 s without it`;
      if (finished === 'timeout') sample.note ??= stats.firstText === null ? 'no body text within 60 s' : 'the last line was not reachable within 60 s';
    } else {
      sample.hung = true;
      sample.note = crashed ? 'the page crashed' : 'the page was still frozen at 60 s';
    }
    return sample;
  } finally {
    await closeContext(context);
  }
}

let browser;
/** A hung renderer must not stop the bench: if the context will not close, the browser is replaced. */
async function closeContext(context) {
  const closed = await within(context.close().then(() => true, () => false), 15_000, false);
  if (closed) return;
  log('  (a context would not close; restarting Chromium)');
  await within(browser.close().catch(() => {}), 15_000, null);
  browser = await launch();
}

function machine() {
  let os = `${platform()} ${release()}`;
  try {
    const pretty = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)/m);
    if (pretty) os = `${pretty[1]}, Linux ${release()}`;
  } catch {}
  return { cpu: cpus()[0]?.model?.trim() ?? 'unknown CPU', cores: cpus().length, ramGb: Math.round(totalmem() / 1024 ** 3), os };
}

/** The version and commit of the Kite measured: this checkout's, or KITE_BENCH_ROOT's (bench/support.mjs). */
function kiteVersion() {
  const version = JSON.parse(readFileSync(join(KITE_ROOT, 'package.json'), 'utf8')).version;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: KITE_ROOT, encoding: 'utf8' }).trim();
    return `${version} (${commit})`;
  } catch {
    return version;
  }
}

const started = Date.now();
log('Building the response bodies and starting the servers…');
const api = await startApi();
const workDir = mkdtempSync(join(tmpdir(), 'kite-bench-peers-'));
const documentFile = join(workDir, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(api.document, null, 2));
const pages = await startPeerPages(`${api.baseUrl}/openapi.json`);
const kite = await startKiteHost(['--openapi', documentFile, '--target', api.baseUrl]);
const busy = args.busy ? startBusyLoad() : null;
const urls = { kite: kite.url, pages: pages.baseUrl };
browser = await launch();
const browserVersion = browser.version();
log(`API ${api.baseUrl}, peer pages ${pages.baseUrl}, Kite ${kite.url}, Chromium ${browserVersion}${busy ? `; --busy: CPU-bound processes ${busy.pids.join(', ')}` : ''}`);

const loads = Object.fromEntries(clients.map((c) => [c.id, []]));
const responses = Object.fromEntries(clients.map((c) => [c.id, {}]));
/** Why a client no longer gets larger sizes. */
const givenUp = {};

try {
  for (const size of sizes) {
    const runs = Object.fromEntries(clients.map((c) => [c.id, []]));
    const notes = Object.fromEntries(clients.map((c) => [c.id, []]));
    for (let run = 0; run < RUNS; run += 1) {
      // Rotate the order every run, so no client always goes first on a cold machine.
      const order = clients.map((_, i) => clients[(i + run) % clients.length]);
      for (const client of order) {
        if (givenUp[client.id]) continue;
        const done = runs[client.id];
        if (decidedAsUnfinished(done.filter((r) => r.lastLine === null && !r.unreachable).length, RUNS)) continue;
        const sample = await measureOnce(browser, client, size, urls);
        done.push(sample);
        if (sample.tti !== null) loads[client.id].push(sample);
        if (sample.note) notes[client.id].push(`run ${run + 1}: ${sample.note}`);
        log(
          `${size.label.padEnd(6)} run ${run + 1} ${client.name.padEnd(10)} send usable ${formatMs(sample.tti)}, first ${formatMs(sample.firstText ?? Infinity)}, last ${formatMs(sample.lastLine ?? Infinity)}, task ${formatTask(sample.longestTask ?? Infinity)}, ${formatGap(sample.maxGap ?? Infinity)}${sample.note ? ` — ${sample.note}` : ''}`,
        );
      }
    }
    for (const client of clients) {
      if (givenUp[client.id] && runs[client.id].length === 0) {
        responses[client.id][size.id] = { skipped: givenUp[client.id] };
        continue;
      }
      const summary = summarizeRuns(runs[client.id]);
      responses[client.id][size.id] = { summary, runs: runs[client.id], notes: notes[client.id] };
      // Larger bodies only take longer: a client that showed no text (or hung) at this size is not
      // given a larger one. One that showed the text but not its last line still is.
      if (!Number.isFinite(summary.firstText)) givenUp[client.id] = `no text at ${size.label}`;
    }
  }
} finally {
  await browser.close().catch(() => {});
  await busy?.stop();
  kite.stop();
  await pages.stop();
  await api.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const load = {};
for (const client of clients) {
  const samples = loads[client.id];
  if (samples.length === 0) continue;
  load[client.id] = {
    raw: medianOrInfinity(samples.map((s) => s.raw)),
    gzip: medianOrInfinity(samples.map((s) => s.gzip)),
    tti: medianOrInfinity(samples.map((s) => s.tti)),
    firstControl: medianOrInfinity(samples.map((s) => s.firstControl)),
    loads: samples.length,
    files: samples.find((s) => s.gzip === medianOrInfinity(samples.map((x) => x.gzip)))?.files ?? samples[0].files,
  };
}

const playwrightVersion = JSON.parse(readFileSync(new URL('node_modules/@playwright/test/package.json', repo), 'utf8')).version;
const results = {
  meta: { ...machine(), browser: `Chromium ${browserVersion}`, playwright: playwrightVersion, runs: RUNS, date: new Date().toISOString().slice(0, 10), elapsedMs: Date.now() - started, busy: args.busy },
  clients: clients.map((c) => ({ id: c.id, name: c.name, sendPath: c.sendPath, version: c.id === 'kite' ? kiteVersion() : peerVersion(PEERS[c.id]) })),
  sizes: sizes.map(({ id, label }) => ({ id, label })),
  load,
  responses,
};

const markdown = renderMarkdown(results);
const out = new URL(args.out, repo);
mkdirSync(new URL('.', out), { recursive: true });
writeFileSync(out, markdown);
const rawFile = join(tmpdir(), 'kite-bench-peers.json');
writeFileSync(rawFile, JSON.stringify(results, null, 2));

console.log('');
printTable(
  ['client', 'JS+CSS raw', 'gzip', 'send usable', ...sizes.map((s) => `first ${s.label}`)],
  results.clients.map((c) => [
    c.name,
    load[c.id] ? kb(load[c.id].raw) : 'n/a',
    load[c.id] ? kb(load[c.id].gzip) : 'n/a',
    load[c.id] ? formatMs(load[c.id].tti) : 'n/a',
    ...sizes.map((s) => {
      const e = responses[c.id][s.id];
      return !e ? 'n/a' : e.skipped ? 'skipped' : formatMs(e.summary.firstText);
    }),
  ]),
);
console.log('');
console.log(markdown);
console.log(`Written to ${args.out} (every run: ${rawFile}) in ${formatMs(Date.now() - started)}.`);
