// Shared pieces of the benchmarks: a Node host on a free loopback port, Chromium, and statistics
// (those live in stats.mjs, which needs no Playwright, and are re-exported here).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.mjs';

export { kb, median, percentile, printTable } from './stats.mjs';

// KITE_BENCH_ROOT=<another checkout, built> measures that checkout's host and bundle with this
// checkout's benchmarks: before/after pairs of a change, run alternately in the same minutes.
/** The checkout measured: KITE_BENCH_ROOT, or this one. */
export const KITE_ROOT = process.env.KITE_BENCH_ROOT ?? new URL('..', import.meta.url).pathname;
const KITE_CLI = join(KITE_ROOT, 'bin', 'kite.mjs');
const MEMORY_PROBE = new URL('./memory-probe.mjs', import.meta.url).pathname;
const START_TIMEOUT_MS = 10_000;

/** A TCP port nothing listens on at the moment, on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `kite serve` on a free port with extra flags and resolves once its page answers. Rejects,
 * with what the host wrote to stderr, when it exits first or has not answered within 10 s (then it
 * is stopped). `stop()` ends it and resolves once it has exited. With `probeMemory`,
 * `memory()` resolves with the host's process.memoryUsage() (./memory-probe.mjs).
 *
 * `startTimeoutMs` replaces the 10 s for a host that first loads a catalogue of megabytes.
 *
 * @param {string[]} [extraArgs]
 * @param {{ probeMemory?: boolean; startTimeoutMs?: number }} [how]
 * @returns {Promise<{ url: string; origin: string; pid: number; stop: () => Promise<void>; memory: () => Promise<NodeJS.MemoryUsage> }>}
 */
export async function startKiteHost(extraArgs = [], how = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}/http-client`;
  const nodeArgs = how.probeMemory ? ['--import', MEMORY_PROBE] : [];
  const child = spawn(process.execPath, [...nodeArgs, KITE_CLI, 'serve', '--port', String(port), ...extraArgs], { stdio: ['ignore', 'ignore', 'pipe', ...(how.probeMemory ? ['ipc'] : [])] });
  let asked = 0;
  /** @type {Map<number, (usage: NodeJS.MemoryUsage) => void>} */
  const answers = new Map();
  child.on('message', (/** @type {any} */ { id, ...usage }) => {
    answers.get(id)?.(usage);
    answers.delete(id);
  });
  const memory = () => {
    if (!how.probeMemory) return Promise.reject(new Error('startKiteHost: memory() needs { probeMemory: true }'));
    const id = (asked += 1);
    return new Promise((resolve) => {
      answers.set(id, resolve);
      child.send({ id });
    });
  };
  let stderr = '';
  const keepStderr = (chunk) => (stderr += chunk);
  child.stderr.setEncoding('utf8').on('data', keepStderr);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
  // A benchmark that fails half-way must not leave its host running.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const failure = (reason) => new Error(`kite serve ${extraArgs.join(' ')} ${reason}${stderr.trim() ? `; it wrote:\n${stderr.trim()}` : ' (nothing on stderr)'}`);

  let answered = false;
  const startTimeoutMs = how.startTimeoutMs ?? START_TIMEOUT_MS;
  const deadline = Date.now() + startTimeoutMs;
  const answering = (async () => {
    while (!answered && Date.now() < deadline) {
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  })();
  const outcome = await Promise.race([answering, exited.then((how) => ({ exited: how }))]);
  answered = true; // ends the polling loop whichever came first
  if (outcome === true) {
    // From now on the host's warnings go where they went before: this process's stderr.
    child.stderr.off('data', keepStderr);
    child.stderr.pipe(process.stderr);
    return { url, origin, pid: /** @type {number} */ (child.pid), stop, memory };
  }
  if (outcome === false) {
    await stop();
    throw failure(`did not answer on ${url} within ${startTimeoutMs / 1000} s`);
  }
  throw failure(`exited (${outcome.exited}) before answering on ${url}`);
}

/** Debian's Chromium with the shared flags (see tests/chromium.mjs). */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Navigation → the first route row clickable, in ms of the page's clock (issue 31's catalogue goal).
 * The row is awaited on the page's side, every frame, before Playwright's actionability check (the
 * trial click: visible, stable, enabled, not covered). Left to Playwright, the wait for the row polls
 * with a back-off that reaches 500 ms between looks about 0.8 s after the call: a row clickable at
 * 0.9 s was counted at 1.3–1.4 s, and a change of 100 ms moved the figure by 0 or 500 ms
 * (bench/results/firstscreen-31.md).
 * @param {import('@playwright/test').Page} page navigated with `waitUntil: 'commit'`
 */
export async function firstRouteClickable(page) {
  await page.waitForFunction(() => document.querySelector('[role="navigation"][aria-label="Routes"] .kite-route-button') !== null, null, { polling: 'raf', timeout: 60_000 });
  await page.getByRole('navigation', { name: 'Routes' }).locator('.kite-route-button').first().click({ trial: true, timeout: 60_000 });
  return page.evaluate(() => performance.now());
}
