// Soak: a `kite serve` child under steady load on loopback — 2,000 small relays at concurrency 50,
// while slow clients read 4 MB answers a little at a time and relays of an endless target body are
// cut at --max-body-mb — then errors, p50/p99 latency of the small relays, and the host's RSS before
// the load, at its peak and 10 s after it, with the Buffers among it (process.memoryUsage()'s
// arrayBuffers, read in the host through bench/memory-probe.mjs): Buffers still there when idle are
// bodies kept alive or not yet collected; RSS above them is what the allocator keeps. Everything
// listens on 127.0.0.1 and stops by itself (at the latest after 190 s). SOAK_SLOW=0 SOAK_ENDLESS=0
// leaves only the small relays (how many of each otherwise).
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseSetCookie } from '../protocol/cookies.js';
import { decodeRelayFrame } from '../protocol/frame.js';
import { streamForever } from '../server/testing/loopback.mjs';
import { percentile, startKiteHost } from './support.mjs';

const RELAYS = 2000;
const CONCURRENCY = 50;
const SLOW_CLIENTS = Number(process.env.SOAK_SLOW ?? 8);
const SLOW_RUNS = 3;
const SLOW_BODY = 4 * 1024 * 1024;
const ENDLESS_RELAYS = Number(process.env.SOAK_ENDLESS ?? 10);
const MAX_BODY_MB = 8;
const IDLE_AFTER_MS = 10_000;
const LAST = '0 errors, RSS 59 MB, peak 158 MB, 136 MB 10 s after, 0 MB of Buffers then (before bodies were let go and collected when idle: 194 → 192 MB, 33 MB of Buffers)';
const DEADLINE_MS = 190_000;

const payload = JSON.stringify({ data: Array.from({ length: 20 }, (_, id) => ({ id, name: `user ${id}`, email: `user${id}@example.test` })) });
const slowBody = Buffer.alloc(SLOW_BODY, 0x61);
const endlessChunk = Buffer.alloc(64 * 1024, 0x62);

const target = http.createServer((req, res) => {
  req.resume();
  if (req.url === '/endless') {
    streamForever(res, endlessChunk);
    return;
  }
  const body = req.url === '/big' ? slowBody : payload;
  res.writeHead(200, { 'Content-Type': req.url === '/big' ? 'application/octet-stream' : 'application/json', 'Content-Length': body.length });
  res.end(body);
});
await new Promise((resolve) => target.listen(0, '127.0.0.1', () => resolve(undefined)));
const targetOrigin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (target.address()).port}`;

const dir = mkdtempSync(join(tmpdir(), 'kite-soak-'));
const documentFile = join(dir, 'soak.json');
writeFileSync(documentFile, JSON.stringify({ openapi: '3.1.0', info: { title: 'Soak', version: '1' }, servers: [{ url: targetOrigin }], paths: { '/users': { get: {} } } }));
const kite = await startKiteHost(['--openapi', documentFile, '--max-body-mb', String(MAX_BODY_MB)], { probeMemory: true });

process.once('uncaughtException', async (error) => {
  console.log(`(soak failed: ${error.message}; stopping)`);
  await stopAll();
  process.exit(1);
});
const deadline = setTimeout(async () => {
  console.log(`(soak did not finish within ${DEADLINE_MS / 1000} s; stopping)`);
  await stopAll();
  process.exit(1);
}, DEADLINE_MS);

async function stopAll() {
  agent.destroy();
  await kite.stop();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(() => resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + SLOW_CLIENTS + ENDLESS_RELAYS });
const page = await fetch(kite.url);
await page.text();
const xsrf = page.headers.getSetCookie().map(parseSetCookie).find((cookie) => cookie?.name === 'XSRF-TOKEN');
if (!xsrf) throw new Error('the page set no XSRF-TOKEN cookie');
const relayUrl = `${kite.url}/api/relay`;

/**
 * One relay; resolves with the answer's bytes, read as fast as they come or `slowly`.
 * @param {string} url
 * @param {{ slowly?: boolean; fresh?: boolean }} [how]
 * @returns {Promise<{ status: number; bytes: Buffer }>}
 */
function relay(url, how = {}) {
  const body = JSON.stringify({ method: 'GET', url, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } });
  return new Promise((resolve, reject) => {
    const req = http.request(
      relayUrl,
      // Slow readers take a connection of their own: a kept-alive one may have been closed by the host while idle.
      { method: 'POST', agent: how.slowly || how.fresh ? false : agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Cookie: `XSRF-TOKEN=${xsrf?.value}`, 'X-XSRF-TOKEN': xsrf?.value } },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => {
          chunks.push(chunk);
          if (!how.slowly) return;
          // A slow client: one chunk (up to 64 KB), then 20 ms before the next.
          res.pause();
          setTimeout(() => res.resume(), 20);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {number} pid */
function memoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (/** @type {string} */ key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** @type {string[]} */
const errors = [];
const noteError = (/** @type {string} */ what) => {
  if (errors.length < 5) console.log(`  error: ${what}`);
  errors.push(what);
};

for (let i = 0; i < 50; i += 1) await relay('/users'); // warm up
const before = { ...memoryMb(kite.pid), buffers: (await kite.memory()).arrayBuffers / 1024 / 1024 };
// The Buffers when RSS was highest, sampled during the load.
const atPeak = { rss: 0, buffers: 0 };
const sampler = setInterval(async () => {
  const [usage, { rss }] = [await kite.memory(), memoryMb(kite.pid)];
  if (rss > atPeak.rss) Object.assign(atPeak, { rss, buffers: usage.arrayBuffers / 1024 / 1024 });
}, 250);

/** @type {number[]} */
const times = [];
let next = 0;
const started = performance.now();
const small = Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < RELAYS) {
      next += 1;
      const start = performance.now();
      try {
        const { status, bytes } = await relay('/users');
        times.push(performance.now() - start);
        if (status !== 200) noteError(`small relay answered ${status}: ${bytes.toString('utf8', 0, 300)}`);
        else if (decodeRelayFrame(bytes).meta.status !== 200) noteError(`small relay: the target answered ${decodeRelayFrame(bytes).meta.status}`);
      } catch (error) {
        noteError(`small relay failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }),
);
const slow = Promise.all(
  Array.from({ length: SLOW_CLIENTS }, async () => {
    for (let run = 0; run < SLOW_RUNS; run += 1) {
      try {
        const { status, bytes } = await relay('/big', { slowly: true });
        const { meta } = decodeRelayFrame(bytes);
        if (status !== 200 || meta.bodyBytes !== SLOW_BODY) noteError(`slow client got ${status}, ${meta.bodyBytes} bytes`);
      } catch (error) {
        noteError(`slow client failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }),
);
/** @type {number[]} */
const endlessTimes = [];
const endless = Promise.all(
  Array.from({ length: ENDLESS_RELAYS }, async () => {
    const start = performance.now();
    try {
      const { status, bytes } = await relay('/endless', { fresh: true });
      endlessTimes.push(performance.now() - start);
      const { meta } = decodeRelayFrame(bytes);
      if (status !== 200 || !meta.truncated || meta.bodyBytes !== MAX_BODY_MB * 1024 * 1024) noteError(`endless body answered ${status}, truncated ${meta.truncated}`);
    } catch (error) {
      noteError(`endless body failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }),
);
await Promise.all([small, slow, endless]);
const elapsed = performance.now() - started;
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
const idle = { ...memoryMb(kite.pid), buffers: (await kite.memory()).arrayBuffers / 1024 / 1024 };

const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
const mb = (/** @type {number} */ value) => `${value.toFixed(0)} MB`;
console.log(`relays: ${RELAYS} small at concurrency ${CONCURRENCY}, with ${SLOW_CLIENTS}×${SLOW_RUNS} slow readers of ${SLOW_BODY / 1024 / 1024} MB and ${ENDLESS_RELAYS} endless bodies cut at ${MAX_BODY_MB} MB (127.0.0.1, ${(elapsed / 1000).toFixed(1)} s)`);
console.log(`errors: ${errors.length}`);
console.log(`small relays: p50 ${ms(percentile(times, 50))}  p99 ${ms(percentile(times, 99))}`);
if (endlessTimes.length) console.log(`endless bodies answered in: p50 ${ms(percentile(endlessTimes, 50))}  max ${ms(Math.max(...endlessTimes))}`);
console.log(`host RSS: before ${mb(before.rss)}, peak ${mb(idle.peak)}, ${IDLE_AFTER_MS / 1000} s after the load ${mb(idle.rss)} (--max-held-mb 512)`);
console.log(`  of which Buffers: before ${mb(before.buffers)}, at the sampled peak ${mb(atPeak.buffers)} (RSS ${mb(atPeak.rss)}), ${IDLE_AFTER_MS / 1000} s after ${mb(idle.buffers)}`);
console.log(`last measured: ${LAST}`);

clearTimeout(deadline);
await stopAll();
