// Streamed relays against real loopback targets: events pass through as they arrive, the body
// limit and the timeout end a stream with a trailer that says so, and a cancel closes the target.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKite } from '../index.mjs';
import { openKite } from '../testing/kite-client.mjs';
import { readRelayFrame } from '../../protocol/frame.js';
import { XSRF_COOKIE, XSRF_HEADER } from '../../protocol/endpoints.js';
import { streamRule } from './stream.mjs';

let target;
let kite;
let small;
/** Resolves when the latest endless SSE connection closes. */
let endlessClosed = Promise.resolve(false);
const document = { openapi: '3.1.0', info: { title: 'Streams', version: '1' }, paths: {} };

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

/** Writes `make(n)` every `ms` until `count` (Infinity: until the connection closes). */
function every(res, ms, count, make) {
  let n = 0;
  const timer = setInterval(tick, ms);
  function tick() {
    n += 1;
    res.write(make(n));
    if (n >= count) {
      clearInterval(timer);
      res.end();
    }
  }
  tick();
  return new Promise((resolve) => res.on('close', () => resolve((clearInterval(timer), true))));
}

beforeAll(async () => {
  target = createServer((req, res) => {
    const url = new URL(req.url, 'http://target');
    switch (url.pathname) {
      case '/sse':
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        every(res, 60, 4, (n) => `event: tick\nid: ${n}\ndata: ${n}\n\n`);
        return;
      case '/endless-sse':
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        endlessClosed = every(res, Number(url.searchParams.get('ms') ?? 50), Infinity, (n) => (url.searchParams.has('big') ? `data: ${'x'.repeat(256 * 1024)}\n\n` : `data: ${n}\n\n`));
        return;
      case '/slow-chunked':
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first ');
        setTimeout(() => res.end('last'), 400);
        return;
      case '/fast-chunked':
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('all ');
        res.end('at once');
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
  const origin = await listen(target);
  kite = await startKite({ port: 0, openapi: [{ document }], target: `${origin}/` });
  small = await startKite({ port: 0, openapi: [{ document }], target: `${origin}/`, maxBodyMb: 1 });
});

afterAll(async () => {
  await Promise.all([kite?.close(), small?.close()]);
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
});

/** Relays a GET through `host`, reading the frame as it arrives; `runs` gets each body run with its time. */
async function relayStreaming(host, url, { timeoutMs, signal, onData } = {}) {
  const { config, token } = await openKite(host.url);
  const relayUrl = new URL(`${config.apiUrl}/relay`, host.url).href;
  const started = Date.now();
  const response = await fetch(relayUrl, {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json', Cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token },
    body: JSON.stringify({ method: 'GET', url, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' }, ...(timeoutMs ? { timeoutMs } : {}) }),
  });
  const runs = [];
  let head = null;
  const frame = await readRelayFrame(response.body, {
    onStream: (h) => {
      head = h;
      return (bytes) => {
        runs.push({ at: Date.now() - started, text: new TextDecoder().decode(bytes) });
        onData?.(bytes);
      };
    },
  });
  return { ...frame, head, runs, text: new TextDecoder().decode(frame.body), endedAt: Date.now() - started };
}

describe('streamed relay (Node host)', () => {
  it('passes SSE events through as they arrive and ends with the same bytes and a trailer', async () => {
    const { head, runs, text, meta, endedAt } = await relayStreaming(kite, 'sse');
    expect(head).toMatchObject({ streaming: true, status: 200 });
    expect(head.bodyBytes).toBeUndefined();
    expect(text).toBe([1, 2, 3, 4].map((n) => `event: tick\nid: ${n}\ndata: ${n}\n\n`).join(''));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0].at).toBeLessThan(endedAt - 100); // the first event came well before the end
    expect(meta).toMatchObject({ streaming: true, end: 'complete', truncated: false, bodyBytes: text.length, bodySize: text.length });
    expect(meta.timing.totalMs).toBeGreaterThan(150);
  });

  it('streams a chunked body that has not ended 250 ms after its headers; a quick one keeps the plain frame', async () => {
    const slow = await relayStreaming(kite, 'slow-chunked');
    expect(slow.head).not.toBeNull();
    expect(slow.text).toBe('first last');
    const fast = await relayStreaming(kite, 'fast-chunked');
    expect(fast.head).toBeNull();
    expect(fast.text).toBe('all at once');
    expect(fast.meta.streaming).toBeUndefined();
  });

  it('ends a stream still sending at the relay timeout with a timeout trailer, and closes the target', async () => {
    const { meta, text } = await relayStreaming(kite, 'endless-sse', { timeoutMs: 600 });
    expect(meta.end).toBe('timeout');
    expect(meta.message).toMatch(/still sending after 600 ms/);
    expect(text).toMatch(/^data: 1\n\n/);
    expect(await Promise.race([endlessClosed, new Promise((resolve) => setTimeout(() => resolve('still open'), 1000))])).toBe(true);
  });

  it('stops at --max-body-mb, marks the answer truncated and closes the target', async () => {
    const { meta, body } = await relayStreaming(small, 'endless-sse?ms=10&big=1');
    expect(meta).toMatchObject({ end: 'limit', truncated: true, bodyBytes: 1024 * 1024, bodySizeKnown: false });
    expect(body.byteLength).toBe(1024 * 1024);
    expect(await Promise.race([endlessClosed, new Promise((resolve) => setTimeout(() => resolve('still open'), 1000))])).toBe(true);
  });

  it('closes the target connection at once when the browser aborts the relay call', async () => {
    const abort = new AbortController();
    let closedAt = 0;
    const result = relayStreaming(kite, 'endless-sse', { signal: abort.signal, onData: () => abort.abort() });
    await expect(result).rejects.toThrow();
    const abortedAt = Date.now();
    const closed = endlessClosed.then(() => (closedAt = Date.now()));
    expect(await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(() => resolve('still open'), 1000))])).toBe(true);
    expect(closedAt - abortedAt).toBeLessThan(500);
  });

  it('says which bodies stream', () => {
    expect(streamRule('GET', 200, { 'content-type': 'text/event-stream; charset=utf-8' })).toBe('stream');
    expect(streamRule('GET', 200, { 'content-type': 'application/x-ndjson', 'content-length': '10' })).toBe('stream');
    expect(streamRule('GET', 200, { 'content-type': 'application/json' })).toBe('when-slow');
    expect(streamRule('GET', 200, { 'content-type': 'application/json', 'content-length': '2' })).toBe('buffer');
    expect(streamRule('HEAD', 200, { 'content-type': 'text/event-stream' })).toBe('buffer');
    expect(streamRule('GET', 304, {})).toBe('buffer');
  });
});
