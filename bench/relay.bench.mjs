// Relay overhead on loopback: the same small request sent straight to a target and through Kite's
// relay (keep-alive on both legs), then 50 MB relayed. Prints figures with the goals beside them.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { startKite } from '../server/index.mjs';
import { parseSetCookie } from '../protocol/cookies.js';
import { percentile } from './support.mjs';

const SEQUENTIAL = 2000;
const CONCURRENCY = 16;
const THROUGHPUT_MS = 2000;
const FIFTY_MB = 50 * 1024 * 1024;
const payload = JSON.stringify({ data: Array.from({ length: 10 }, (_, id) => ({ id, name: `user ${id}` })) });
const big = Buffer.alloc(FIFTY_MB, 0x61);

const target = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url?.startsWith('/big')) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': big.length });
      res.end(big);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    res.end(payload);
  });
});
await new Promise((resolve) => target.listen(0, '127.0.0.1', () => resolve(undefined)));
const targetOrigin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (target.address()).port}`;
const document = { openapi: '3.1.0', info: { title: 'Bench', version: '1' }, paths: { '/users': { get: {} } } };
const kite = await startKite({ port: 0, openapi: [{ document }], target: targetOrigin });

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const page = await fetch(kite.url);
await page.text();
const xsrf = page.headers.getSetCookie().map(parseSetCookie).find((cookie) => cookie?.name === 'XSRF-TOKEN');
if (!xsrf) throw new Error('no XSRF cookie');
const relayUrl = new URL(`${kite.url}/api/relay`);

/**
 * @param {string} url
 * @param {{ method?: string; headers?: Record<string, string>; body?: string }} [options]
 * @returns {Promise<number>} bytes received
 */
function request(url, options = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`status ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
const direct = (/** @type {string} */ path) => request(`${targetOrigin}${path}`);
const relayed = (/** @type {string} */ path) => {
  const body = JSON.stringify({ method: 'GET', url: path, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } });
  return request(relayUrl.href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), Cookie: `XSRF-TOKEN=${xsrf.value}`, 'X-XSRF-TOKEN': xsrf.value },
    body,
  });
};

/** @param {() => Promise<unknown>} send */
async function latencies(send) {
  for (let i = 0; i < 200; i += 1) await send(); // warm up
  const times = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const start = performance.now();
    await send();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** @param {() => Promise<unknown>} send */
async function throughput(send) {
  let done = 0;
  const until = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await send();
        done += 1;
      }
    }),
  );
  return done / (THROUGHPUT_MS / 1000);
}

const directTimes = await latencies(() => direct('/users'));
const relayTimes = await latencies(() => relayed('/users'));
const directRps = await throughput(() => direct('/users'));
const relayRps = await throughput(() => relayed('/users'));

const fifty = async (/** @type {() => Promise<number>} */ send) => {
  await send();
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const start = performance.now();
    const bytes = await send();
    runs.push(performance.now() - start);
    if (bytes < FIFTY_MB) throw new Error(`only ${bytes} bytes arrived`);
  }
  return runs.sort((a, b) => a - b)[1];
};
const fiftyDirect = await fifty(() => direct('/big'));
const fiftyRelayed = await fifty(() => relayed('/big'));

const ms = (/** @type {number} */ value) => `${value.toFixed(3)} ms`;
const p50Added = percentile(relayTimes, 50) - percentile(directTimes, 50);
const p99Added = percentile(relayTimes, 99) - percentile(directTimes, 99);
console.log(`requests: ${SEQUENTIAL} sequential, then ${CONCURRENCY} concurrent for ${THROUGHPUT_MS / 1000} s (keep-alive, 127.0.0.1)`);
console.log(`direct   p50 ${ms(percentile(directTimes, 50))}  p99 ${ms(percentile(directTimes, 99))}  ${Math.round(directRps)} req/s`);
console.log(`relayed  p50 ${ms(percentile(relayTimes, 50))}  p99 ${ms(percentile(relayTimes, 99))}  ${Math.round(relayRps)} req/s`);
console.log(`added by the relay: p50 ${ms(p50Added)} (goal < 1 ms: ${p50Added < 1 ? 'met' : 'MISSED'}), p99 ${ms(p99Added)}`);
console.log(`50 MB: direct ${ms(fiftyDirect)}, relayed ${ms(fiftyRelayed)} (goal < 1000 ms: ${fiftyRelayed < 1000 ? 'met' : 'MISSED'})`);

agent.destroy();
await kite.close();
target.closeAllConnections();
await new Promise((resolve) => target.close(() => resolve(undefined)));
