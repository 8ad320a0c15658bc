// Kite's long main-thread tasks at start (issue 31: none over 100 ms on a quiet machine, over
// 200 ms on a busy one): a Chromium trace from navigation through the peer bench's path (route in
// the explorer → Send usable → Send → the answer's last line). Prints, per run, each main-thread
// task over 50 ms: when it started (ms after navigation), how long it took, and what took the most
// of it (scripts by URL and function, compile, style, layout, paint, GC).
//   node bench/start-profile.mjs [--runs N] [--busy]
// With KITE_BENCH_ROOT set, another (built) checkout is measured (bench/support.mjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBusyLoad } from './busy.mjs';
import { launchChromium, startKiteHost } from './support.mjs';
import { SIZES, firstToken, lastToken, startApi } from './peers/api.mjs';
import { CLIENTS } from './peers/clients.mjs';
import { PROBE_SCRIPT } from './peers/probe.mjs';

const argv = process.argv.slice(2);
const RUNS = Number(argv.includes('--runs') ? argv[argv.indexOf('--runs') + 1] : 3);
const LONG_MS = 50;
const size = SIZES.find((s) => s.id === '1kb');
const kiteClient = CLIENTS.find((c) => c.id === 'kite');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'v8.execute', 'blink.user_timing', 'loading'];

/** A name for what a slice inside a task did: the script's file and function, or the kind of work. */
function describe(e) {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  const file = (data.url || data.fileName || '').split('/').pop();
  if (e.name === 'FunctionCall') return `call ${data.functionName || '(anonymous)'} ${file}`;
  if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') return `evaluate ${file || '(module)'}`;
  if (/compile/i.test(e.name)) return `compile ${file}`;
  if (e.name === 'EventDispatch') return `event ${data.type}`;
  if (e.name === 'TimerFire') return 'timer';
  if (e.name === 'FireAnimationFrame') return 'animation frame';
  if (e.name === 'FireIdleCallback') return 'idle callback';
  return e.name;
}

function longTasks(events, navigationTs, endTs) {
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const mains = new Set([...threads].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key));
  const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.ts >= navigationTs && e.ts <= endTs);
  // ThreadControllerImpl::RunTask wraps RunTask: one of them per task.
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur / 1000 > LONG_MS);
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    // The slices directly worth naming: the largest ones inside the task, nested ones counted once.
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && e.dur > 5000 && !/RunTask/.test(e.name));
    const top = inside.sort((a, b) => b.dur - a.dur).slice(0, 4).map((e) => `${describe(e)} ${(e.dur / 1000).toFixed(0)}`);
    // Playwright's own work in the page (its injected script, its checks) arrives over DevTools.
    const playwright = inside.some((e) => e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession');
    return { start: (task.ts - navigationTs) / 1000, ms: task.dur / 1000, top, playwright };
  });
}

const api = await startApi();
const dir = mkdtempSync(join(tmpdir(), 'kite-start-profile-'));
const documentFile = join(dir, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(api.document));
const kite = await startKiteHost(['--openapi', documentFile, '--target', api.baseUrl]);
const busy = argv.includes('--busy') ? startBusyLoad() : null;
const browser = await launchChromium();
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(kite.url, { waitUntil: 'commit' });
    const send = await kiteClient.sendButton(page, size, 60_000);
    await send.click({ trial: true });
    const sendUsable = await page.evaluate(() => performance.now());
    await page.evaluate(([first, last]) => window.__bench.arm(first, last), [firstToken(size.id), lastToken(size.id)]);
    await send.click();
    await page.evaluate(() => window.__bench.done);
    const raw = (await browser.stopTracing()).toString('utf8');
    if (process.env.KITE_TRACE_OUT) writeFileSync(`${process.env.KITE_TRACE_OUT}-${run + 1}.json`, raw);
    const trace = JSON.parse(raw);
    const navigation = trace.traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'NavigationTiming');
    const startTs = navigation?.ts ?? Math.min(...trace.traceEvents.filter((e) => e.ts > 0).map((e) => e.ts));
    const tasks = longTasks(trace.traceEvents, startTs, Infinity);
    const kiteBeforeSend = tasks.filter((t) => !t.playwright && t.start < sendUsable);
    const longest = Math.max(0, ...kiteBeforeSend.map((t) => t.ms));
    console.log(`run ${run + 1}${busy ? ' (--busy)' : ''}: Send usable at ${sendUsable.toFixed(0)} ms; longest task before it (Playwright's left out) ${longest.toFixed(0)} ms; main-thread tasks over ${LONG_MS} ms: ${tasks.length}`);
    for (const t of tasks) console.log(`  at ${t.start.toFixed(0)} ms, ${t.ms.toFixed(0)} ms${t.playwright ? ' (Playwright)' : ''}: ${t.top.join(' | ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  await busy?.stop();
  await kite.stop();
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
}
