// Where Kite's time goes between the click on Send and the body's first and last line, at 1 KB and
// 1 MB (issue 31). Each run loads Kite on the peer bench's API (bench/peers/), opens the route, and
// records a Chromium trace around one Send: the relay call's request, response and end (on
// whichever thread fetched it), the page's main-thread tasks by kind, the workers' busy time, and
// the probe's first text / last line. Prints medians and the longest main-thread tasks, and when the
// body worker (json-worker.js) was created and compiled in each run (n/a: started before the Send).
// `--cpu`: instead of the trace, the page's JavaScript profile (CDP Profiler) around the Send: the
// functions with the most self time, summed over the runs.
// `--cpu --after-answer`: the profile starts when the relay's answer has been read whole (the page's
// kite:relay-received mark, past the 200 ms hold), so it holds only what the page does between the
// answer and the body's last line. KITE_PROFILE_DUMP=/tmp/prefix writes each run's CDP profile to
// <prefix>-<size>-<run>.json (a tree to read with stacks; build with KITE_DEBUG_BUILD=1 for names).
// `--cpu --before-send`: the profile runs from the click to the moment the relay request leaves the
// page (posted to the fetch worker, or the page's own fetch called): Kite's work before the call.
// Its per-run times include the profiler's own start; the trace's "relay sent" is the figure.
// `--renders`: no trace; React's commits from the floor (kite:relay-floor) to the body's last line,
// and the components each one rendered (or mounted), by name: which subtrees the reveal re-renders.
// Names need a readable build (KITE_DEBUG_BUILD=1 node build.mjs); a minified one gives short names.
// `--renders --from-click`: the same from the click on Send, the floor's time printed: what the
// layout does while the call is held (the pending state, the prepared answer).
// `--cpu --after-floor`: as --after-answer, from the floor mark instead.
// `--first-send`: Send is clicked as soon as it is usable, as the peer bench does (the prefetches
// may not have come yet); by default the page first settles (network idle).
//   node bench/profile.mjs [--runs N] [--sizes 1kb,1mb] [--busy] [--first-send] [--renders [--from-click]] [--cpu [--after-answer | --after-floor | --before-send]]
// With KITE_BENCH_ROOT set, another (built) checkout is measured (bench/support.mjs).
import { startBusyLoad } from './busy.mjs';
import { launchChromium, median, printTable, startKiteHost } from './support.mjs';
import { SIZES, firstToken, lastToken, startApi } from './peers/api.mjs';
import { CLIENTS } from './peers/clients.mjs';
import { PROBE_SCRIPT } from './peers/probe.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : argv[at + 1];
};
const RUNS = Number(option('--runs', 5));
const sizes = SIZES.filter((s) => option('--sizes', '1kb,1mb').split(',').includes(s.id));
const kiteClient = CLIENTS.find((c) => c.id === 'kite');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink.user_timing', 'loading'];

/** What a main-thread slice is, by its trace event name. */
const KIND = {
  FunctionCall: 'script', EvaluateScript: 'script', 'v8.compile': 'compile', 'v8.compileModule': 'compile', V8CompileModule: 'compile', 'v8.evaluateModule': 'script',
  TimerFire: 'script', FireAnimationFrame: 'script', EventDispatch: 'script', RunMicrotasks: 'script', 'V8.GC_SCAVENGER': 'gc', MinorGC: 'gc', MajorGC: 'gc',
  UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'paint', Paint: 'paint', Layerize: 'paint', UpdateLayer: 'paint', Commit: 'paint',
  ParseHTML: 'parse', ParseAuthorStyleSheet: 'style',
};

function analyse(events, clickToFirst, clickToLast) {
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const main = [...threads].find(([, name]) => name === 'CrRendererMain')?.[0];
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && `${e.pid}:${e.tid}` === main);
  if (!click) return null;
  const t0 = click.ts;
  const at = (e) => (e.ts - t0) / 1000;
  const relay = {};
  const relayIds = new Set();
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'ResourceSendRequest' && /\/api\/relay/.test(data?.url ?? '') && e.ts >= t0) {
      relayIds.add(data.requestId);
      relay.sent ??= at(e);
      relay.thread ??= threads.get(`${e.pid}:${e.tid}`);
    }
  }
  for (const e of events) {
    const data = e.args?.data;
    if (!relayIds.has(data?.requestId)) continue;
    if (e.name === 'ResourceReceiveResponse') relay.head ??= at(e);
    if (e.name === 'ResourceFinish') relay.end ??= at(e);
  }
  const floorMark = events.find((e) => e.name === RELAY_FLOOR_MARK && e.ts >= t0);
  const floor = floorMark ? at(floorMark) : (relay.sent ?? 0) + 200;
  // Top-level tasks (X events named RunTask / ThreadControllerImpl::RunTask) per thread, and the kinds inside the main thread's.
  const until = t0 + clickToLast * 1000;
  const busy = new Map();
  const mainTasks = [];
  const kinds = {};
  // The same from the floor mark to the first text: what showing the answer costs the page.
  const floorKinds = {};
  const floorTs = t0 + floor * 1000;
  const firstTs = t0 + clickToFirst * 1000;
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < t0 || e.ts > until) continue;
    const thread = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      const name = threads.get(thread) ?? thread;
      busy.set(name, (busy.get(name) ?? 0) + e.dur / 1000);
      if (thread === main) mainTasks.push({ start: at(e), ms: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
    } else if (thread === main && KIND[e.name]) {
      kinds[KIND[e.name]] = (kinds[KIND[e.name]] ?? 0) + e.dur / 1000;
      if (e.ts >= floorTs && e.ts < firstTs) {
        floorKinds[KIND[e.name]] = (floorKinds[KIND[e.name]] ?? 0) + (e.tdur ?? e.dur) / 1000;
        // Paint, layout and style by event name: which step of the frame it is.
        if (KIND[e.name] !== 'script') floorKinds[e.name] = (floorKinds[e.name] ?? 0) + (e.tdur ?? e.dur) / 1000;
      }
    }
  }
  // Nested events of one kind (FunctionCall inside EventDispatch) are counted once per kind only roughly: a guide, not a sum.
  const workers = [...busy].filter(([name]) => /Worker/i.test(name)).reduce((sum, [, ms]) => sum + ms, 0);
  // The body worker (json-worker.js): when the page created it and when its module compiled, so a
  // large body's indexing is seen to wait for it or not (NaN: not in this Send's window, e.g. prewarmed).
  const ofBodyWorker = (e) => JSON.stringify(e.args ?? {}).includes('/json-worker.js');
  const bodyWorkerEvent = (name) => events.find((e) => e.name === name && e.ts >= t0 && ofBodyWorker(e));
  const bodyWorkerAt = (name) => (bodyWorkerEvent(name) ? at(bodyWorkerEvent(name)) : Number.NaN);
  return {
    relay,
    bodyWorker: { created: bodyWorkerAt('DedicatedWorkerHostFactoryImpl::CreateWorkerHostAndStartScriptLoad'), compiled: bodyWorkerAt('v8.compileModule') },
    mainBusy: busy.get('CrRendererMain') ?? 0,
    workers,
    kinds,
    floorKinds,
    // The main thread's CPU time (the trace's thread duration) from the click to the first text:
    // unlike wall time, it does not grow while other processes hold the cores.
    // …in the tasks that started between the click and the relay request leaving, and how many
    // (the click's own task started before it: 0 tasks means the call left in the click's task).
    mainCpuToSent: mainTasks.filter((t) => t.start < (relay.sent ?? 0)).reduce((sum, t) => sum + t.cpu, 0),
    tasksToSent: mainTasks.filter((t) => t.start < (relay.sent ?? 0)).length,
    mainCpuToFirst: mainTasks.filter((t) => t.start < clickToFirst).reduce((sum, t) => sum + t.cpu, 0),
    // …and from the answer's release (the relay's end, at the earliest the 200 ms hold) to the first text.
    mainCpuAnswerToFirst: mainTasks.filter((t) => t.start >= Math.max(relay.end ?? 0, 200) && t.start < clickToFirst).reduce((sum, t) => sum + t.cpu, 0),
    // …and from the floor (the page's kite:relay-floor mark, else the relay sent + 200 ms: the answer may be shown from then on; what the page prepared during the hold is not in it).
    mainCpuFloorToFirst: mainTasks.filter((t) => t.start >= Math.max(relay.end ?? 0, floor) && t.start < clickToFirst).reduce((sum, t) => sum + t.cpu, 0),
    floor,
    longestCpu: Math.max(0, ...mainTasks.map((t) => t.cpu)),
    longest: mainTasks.sort((a, b) => b.ms - a.ms).slice(0, 3),
    firstText: clickToFirst,
    lastLine: clickToLast,
  };
}

const CPU = argv.includes('--cpu');
const AFTER_FLOOR = argv.includes('--after-floor');
const AFTER_ANSWER = argv.includes('--after-answer') || AFTER_FLOOR;
const RENDERS = argv.includes('--renders');
const FROM_CLICK = argv.includes('--from-click');
/**
 * An init script for --renders: a minimal React DevTools hook. Each commit from the floor mark on
 * is recorded with the components it rendered: a fiber whose PerformedWork flag (1) is set, or that
 * mounted; a subtree whose children are the same fibers as before bailed out and is skipped.
 */
const RENDERS_SCRIPT = `(() => {
  const commits = (window.__renderCommits = []);
  let since = null;
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === ${JSON.stringify('kite:relay-floor')}) {
      if (window.__rendersFromClick) commits.push({ at: performance.now() - since, floor: true });
      else since = performance.now();
    }
    return mark(name, ...rest);
  };
  addEventListener('click', () => { if (window.__rendersFromClick && since === null) since = performance.now(); }, true);
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (fiber) => { const type = fiber.type && (fiber.type.type || fiber.type.render || fiber.type); return (type && (type.displayName || type.name)) || 'anonymous'; };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    onCommitFiberRoot(id, root) {
      if (since === null) return;
      const rendered = {};
      const visit = (fiber) => {
        for (let child = fiber.child; child; child = child.sibling) {
          const mounted = child.alternate === null;
          if (COMPONENT_TAGS.has(child.tag) && (mounted || (child.flags & 1) === 1)) {
            const name = nameOf(child) + (mounted ? ' (mount)' : '');
            rendered[name] = (rendered[name] || 0) + 1;
          }
          if (!mounted && child.child === child.alternate.child && (child.flags & 1) !== 1) continue;
          visit(child);
        }
      };
      visit(root.current);
      commits.push({ at: performance.now() - since, rendered });
    },
  };
})();`;
const BEFORE_SEND = argv.includes('--before-send');
const FIRST_SEND = argv.includes('--first-send');
/**
 * An init script for --before-send: a capturing click listener starts the profile (once armed), and
 * the relay request leaving the page ends it, wherever it leaves from: posted to the fetch worker
 * (lib/http/worker-fetch.ts) or the page's own fetch (its fallback).
 */
const BEFORE_SEND_SCRIPT = `(() => {
  let state = 'idle';
  const times = (window.__beforeSendTimes = {});
  window.__profileBeforeSend = () => { state = 'armed'; };
  addEventListener('click', () => { if (state === 'armed') { state = 'running'; times.click = performance.now(); console.profile('before-send'); } }, true);
  const left = (how) => { if (state === 'running') { state = 'done'; times.left = performance.now(); times.how = how; console.profileEnd('before-send'); } };
  const NativeWorker = Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (!/fetch-worker/.test(String(url))) return;
      times.workerCreated = performance.now();
      this.addEventListener('message', (event) => { if (event.data && event.data.type === 'ready') times.workerReady = performance.now(); });
    }
  };
  const post = Worker.prototype.postMessage;
  NativeWorker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'fetch' && /\\/relay$/.test(message.url)) left('fetch worker');
    return post.call(this, message, ...rest);
  };
  const pageFetch = window.fetch;
  window.fetch = function (input, ...rest) {
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (/\\/relay$/.test(url)) left("page's fetch");
    return pageFetch.call(this, input, ...rest);
  };
})();`;
const RELAY_RECEIVED_MARK = 'kite:relay-received'; // lib/http/host-api.ts
const RELAY_FLOOR_MARK = 'kite:relay-floor'; // lib/http/host-api.ts
const selfTimes = new Map();
/** Adds a CDP profile's self time per function (name, file, line) to selfTimes. */
function addSelfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Each sample stands for the time until the next one (timeDeltas[i + 1]).
  const counts = new Map();
  profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node])));
  const nameOf = ({ callFrame }) => `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop() || '(native)'}:${callFrame.lineNumber + 1}`;
  for (const [id, ms] of counts) {
    const node = byId.get(id);
    const parent = parentOf.get(id);
    // A DOM call (setAttribute, createElementNS, …) is named with its caller: which code made it.
    const key = node.callFrame.url || !parent?.callFrame.url ? nameOf(node) : `${nameOf(node)} < ${nameOf(parent)}`;
    selfTimes.set(key, (selfTimes.get(key) ?? 0) + ms);
  }
}

const api = await startApi();
const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
const { join } = await import('node:path');
const { tmpdir } = await import('node:os');
const dir = mkdtempSync(join(tmpdir(), 'kite-profile-'));
const documentFile = join(dir, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(api.document));
const kite = await startKiteHost(['--openapi', documentFile, '--target', api.baseUrl]);
const busy = argv.includes('--busy') ? startBusyLoad() : null;
const browser = await launchChromium();
try {
  for (const size of sizes) {
    const results = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await context.addInitScript({ content: PROBE_SCRIPT });
      if (BEFORE_SEND) await context.addInitScript({ content: BEFORE_SEND_SCRIPT });
      if (RENDERS) await context.addInitScript({ content: RENDERS_SCRIPT });
      const page = await context.newPage();
      await page.goto(kite.url, { waitUntil: 'commit' });
      const send = await kiteClient.sendButton(page, size, 60_000);
      await send.click({ trial: true });
      // Settled: what loads after the first screen has loaded, so the trace holds only the Send.
      if (!FIRST_SEND) await page.waitForLoadState('networkidle');
      await page.evaluate(([first, last]) => window.__bench.arm(first, last), [firstToken(size.id), lastToken(size.id)]);
      if (CPU) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        const consoleProfile = AFTER_ANSWER || BEFORE_SEND;
        const finished = consoleProfile ? new Promise((resolve) => cdp.once('Profiler.consoleProfileFinished', (event) => resolve(event.profile))) : null;
        if (BEFORE_SEND) {
          await page.evaluate(() => window.__profileBeforeSend());
        } else if (AFTER_ANSWER) {
          // console.profile starts V8's profiler at once, inside the page's task that sets the mark.
          await page.evaluate((name) => {
            const mark = performance.mark.bind(performance);
            performance.mark = (markName, ...rest) => {
              if (markName === name) console.profile('after-answer');
              return mark(markName, ...rest);
            };
          }, AFTER_FLOOR ? RELAY_FLOOR_MARK : RELAY_RECEIVED_MARK);
        } else {
          await cdp.send('Profiler.start');
        }
        await send.click();
        await page.evaluate(() => window.__bench.done);
        let profile;
        if (BEFORE_SEND) {
          profile = await finished;
          const t = await page.evaluate(() => window.__beforeSendTimes);
          const since = (at) => (at === undefined ? 'n/a' : `${(at - t.click).toFixed(1)} ms`);
          console.log(`run ${run + 1}: the relay left by the ${t.how} ${since(t.left)} after the click; fetch worker created ${since(t.workerCreated)}, ready ${since(t.workerReady)}`);
        } else if (AFTER_ANSWER) {
          await page.evaluate(() => console.profileEnd('after-answer'));
          profile = await finished;
        } else {
          ({ profile } = await cdp.send('Profiler.stop'));
        }
        addSelfTimes(profile);
        if (process.env.KITE_PROFILE_DUMP) writeFileSync(`${process.env.KITE_PROFILE_DUMP}-${size.id}-${run}.json`, JSON.stringify(profile));
        await context.close();
        continue;
      }
      if (RENDERS) {
        if (FROM_CLICK) await page.evaluate(() => (window.__rendersFromClick = true));
        await send.click();
        await page.evaluate(() => window.__bench.done);
        const stats = await page.evaluate(() => window.__bench.stats());
        const commits = await page.evaluate(() => window.__renderCommits);
        // The chunks and calls fetched around the Send, relative to the floor (resource timing).
        const fetched = await page.evaluate(() => {
          const floor = performance.getEntriesByName('kite:relay-floor')[0]?.startTime ?? 0;
          return performance.getEntriesByType('resource').filter((e) => e.responseEnd > floor - 1000).map((e) => `${e.name.split('/').pop()} ${(e.startTime - floor).toFixed(0)}..${(e.responseEnd - floor).toFixed(0)}`);
        });
        console.log(`  fetched (ms from the floor): ${fetched.join(', ')}`);
        console.log(`${size.label} run ${run + 1}: first text ${stats.firstText.toFixed(0)} ms, last line ${stats.lastLine.toFixed(0)} ms; ${commits.length} commits from the ${FROM_CLICK ? 'click' : 'floor'} on:`);
        for (const commit of commits) {
          if (commit.floor) {
            console.log(`  +${commit.at.toFixed(1)} ms: the floor`);
            continue;
          }
          const names = Object.entries(commit.rendered).sort((a, b) => b[1] - a[1]);
          console.log(`  +${commit.at.toFixed(1)} ms: ${names.reduce((sum, [, n]) => sum + n, 0)} components: ${names.map(([name, n]) => (n > 1 ? `${name}×${n}` : name)).join(', ')}`);
        }
        await context.close();
        continue;
      }
      await browser.startTracing(page, { categories: CATEGORIES });
      await send.click();
      await page.evaluate(() => window.__bench.done);
      const stats = await page.evaluate(() => window.__bench.stats());
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      if (process.env.KITE_TRACE_DUMP) writeFileSync(`${process.env.KITE_TRACE_DUMP}-${size.id}-${run}.json`, JSON.stringify(trace));
      const result = analyse(trace.traceEvents, stats.firstText, stats.lastLine);
      if (result) results.push(result);
      await context.close();
    }
    if (RENDERS) continue;
    if (CPU) {
      const top = [...selfTimes].sort((a, b) => b[1] - a[1]).slice(0, 25);
      console.log(`\n${size.label}: JavaScript self time over ${RUNS} Sends (ms, summed)${BEFORE_SEND ? ' from the click to the relay request leaving' : ''}, top 25`);
      printTable(['function (file:line)', 'self ms'], top.map(([name, ms]) => [name, ms.toFixed(1)]));
      selfTimes.clear();
      continue;
    }
    const med = (pick) => median(results.map(pick).filter((v) => v !== undefined));
    const f = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
    console.log(`\n${size.label}: median of ${results.length} runs (ms after the click on Send; relay fetched on ${results[0]?.relay.thread ?? '?'})${busy ? ', --busy' : ''}${FIRST_SEND ? ', first Send as soon as usable' : ''}`);
    printTable(
      ['relay sent', 'main CPU to sent (tasks)', 'relay head', 'relay end', 'first text painted', 'last line', 'main thread busy', 'main CPU to first text', 'of it after the answer', 'floor', 'after the floor', 'longest task CPU', 'workers busy'],
      [[f(med((r) => r.relay.sent)), `${f(med((r) => r.mainCpuToSent))} (${med((r) => r.tasksToSent)})`, f(med((r) => r.relay.head)), f(med((r) => r.relay.end)), f(med((r) => r.firstText)), f(med((r) => r.lastLine)), f(med((r) => r.mainBusy)), f(med((r) => r.mainCpuToFirst)), f(med((r) => r.mainCpuAnswerToFirst)), f(med((r) => r.floor)), f(med((r) => r.mainCpuFloorToFirst)), f(med((r) => r.longestCpu)), f(med((r) => r.workers))]],
    );
    const kinds = [...new Set(results.flatMap((r) => Object.keys(r.kinds)))];
    console.log(`main thread by kind (median ms): ${kinds.map((k) => `${k} ${f(med((r) => r.kinds[k] ?? 0))}`).join(', ')}`);
    const floorKinds = [...new Set(results.flatMap((r) => Object.keys(r.floorKinds)))];
    console.log(`from the floor to the first text, main thread CPU by kind (median ms): ${floorKinds.map((k) => `${k} ${f(med((r) => r.floorKinds[k] ?? 0))}`).join(', ')}`);
    console.log(`body worker created / compiled (ms after the click, per run): ${results.map((r) => `${f(r.bodyWorker.created)} / ${f(r.bodyWorker.compiled)}`).join('; ')}`);
    console.log(`longest main-thread tasks (run: start+duration): ${results.map((r, i) => `#${i + 1}: ${r.longest.map((t) => `${t.start.toFixed(0)}+${t.ms.toFixed(0)}`).join(' ')}`).join('; ')}`);
  }
} finally {
  await browser.close();
  await busy?.stop();
  await kite.stop();
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
}
