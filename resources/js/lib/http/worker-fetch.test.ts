// @vitest-environment node
// The fetch worker (./fetch-worker.ts) and its page side (./worker-fetch.ts) in one process: a fake
// Worker joins them with structuredClone and the transfer list, as postMessage does. The requests
// go to a real HTTP server on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchWorkerReply, FetchWorkerRequest } from './fetch-worker-messages';

type Listener = ((event: { data: unknown }) => void) | null;
const workerScope: { onmessage: Listener; postMessage(message: unknown, transfer?: Transferable[]): void } = {
  onmessage: null,
  postMessage(message, transfer = []) {
    const copy = structuredClone(message, { transfer });
    replies.push(copy as FetchWorkerReply);
    setTimeout(() => page?.onmessage?.({ data: copy }), 0);
  },
};
/** Every message the worker sent to the page. */
const replies: FetchWorkerReply[] = [];
let page: FakeWorker | null = null;
class FakeWorker {
  onmessage: Listener = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  constructor() {
    page = this;
    // The worker's script runs once the worker exists, as in a browser.
    void import('./fetch-worker');
  }
  postMessage(message: FetchWorkerRequest, transfer: Transferable[] = []) {
    posted.push(message.type);
    const copy = structuredClone(message, { transfer });
    setTimeout(() => workerScope.onmessage?.({ data: copy }), 0);
  }
  terminate() {}
}
/** The type of every message the page posted to the worker, in order. */
const posted: string[] = [];
Object.assign(globalThis, { self: workerScope, Worker: FakeWorker });
const { afterPostedCallsLeave, createWorkerFetch, startFetchWorker } = await import('./worker-fetch');
const { keepRequestText } = await import('./hooks/request-text');
const { default: ky } = await import('ky');
const workerFetch = createWorkerFetch(() => Promise.reject(new Error('the fallback fetch must not run')));

const byteAt = (i: number) => (i * 7) % 251;
let server: Server;
let base: string;
/** Resolves when the server saw the connection of the last /slow call close. */
let slowClosed: Promise<void> = Promise.resolve();
let lastEcho: { method?: string; header?: string; body: string } | null = null;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/big') {
      const total = Number(url.searchParams.get('bytes'));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'x-kite-test': 'big' });
      const block = Buffer.alloc(256 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < total) {
          const n = Math.min(block.length, total - sent);
          for (let i = 0; i < n; i++) block[i] = byteAt(sent + i);
          sent += n;
          if (!res.write(Buffer.from(block.subarray(0, n)))) return void res.once('drain', more);
        }
        res.end();
      };
      more();
      return;
    }
    if (url.pathname === '/slow') {
      slowClosed = new Promise((resolve) => res.on('close', () => resolve()));
      if (url.searchParams.has('head')) res.writeHead(200, { 'content-type': 'text/plain' }).write('first piece');
      return; // never ends by itself
    }
    if (url.pathname === '/empty') return void res.writeHead(204).end();
    if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        lastEcho = { method: req.method, header: req.headers['x-kite-test'] as string | undefined, body };
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ got: body }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The sizes of the body's pieces the worker sent (the head carries the first one). */
const pieceSizes = () => replies.flatMap((reply) => ('bytes' in reply && reply.bytes ? [reply.bytes.byteLength] : []));

describe('a call before the fetch worker runs', () => {
  it('goes at once by the fallback fetch, and starts the worker for the calls after it', async () => {
    expect(page).toBeNull();
    const byFallback: string[] = [];
    const withFallback = createWorkerFetch((input, init) => {
      byFallback.push(String(input));
      return fetch(input, init);
    });
    const response = await withFallback(`${base}/echo`, { method: 'POST', body: 'first' });
    expect(await response.json()).toEqual({ got: 'first' });
    expect(byFallback).toEqual([`${base}/echo`]);
    expect(page, 'the worker was started').not.toBeNull();
    expect(await startFetchWorker()).toBe(true);
    const next = await withFallback(`${base}/echo`, { method: 'POST', body: 'second' });
    expect(await next.json()).toEqual({ got: 'second' });
    expect(byFallback).toHaveLength(1);
  });
});

describe('a fetch received in the fetch worker', () => {
  beforeAll(async () => {
    expect(await startFetchWorker()).toBe(true);
  });

  it('posts a call with a text body to the worker in the task that made it, without reading the body back', async () => {
    posted.length = 0;
    const call = workerFetch(`${base}/echo`, { method: 'POST', body: 'now' });
    expect(posted).toEqual(['fetch']);
    expect(await (await call).json()).toEqual({ got: 'now' });

    // The host client's way: ky builds a Request from its json option; keepRequestText keeps the text.
    const postedWhenCalled: string[][] = [];
    const client = ky.create({
      retry: 0,
      timeout: false,
      hooks: { beforeRequest: [keepRequestText] },
      fetch: (input, init) => {
        posted.length = 0;
        const answer = workerFetch(input, init);
        postedWhenCalled.push([...posted]);
        return answer;
      },
    });
    expect(await client.post(`${base}/echo`, { json: { a: 1 } }).json()).toEqual({ got: '{"a":1}' });
    expect(postedWhenCalled).toEqual([['fetch']]);
  });

  it('gives the same bytes as a fetch on the page, for bodies of 0 B to 5 MB', async () => {
    for (const total of [0, 1, 1024, 300 * 1024, 5 * 1024 * 1024]) {
      const url = `${base}/big?bytes=${total}`;
      const inWorker = new Uint8Array(await (await workerFetch(url)).arrayBuffer());
      const onPage = new Uint8Array(await (await fetch(url)).arrayBuffer());
      expect(inWorker.length).toBe(total);
      expect(inWorker.every((byte, i) => byte === onPage[i])).toBe(true);
    }
  });

  it('sends a small answer in one message: its head, its whole body and its end (after saying its fetch was made)', async () => {
    replies.length = 0;
    const response = await workerFetch(`${base}/echo`, { method: 'POST', body: 'small' });
    expect(await response.json()).toEqual({ got: 'small' });
    expect(replies.map((reply) => [reply.type, 'end' in reply ? reply.end : undefined])).toEqual([
      ['sent', undefined],
      ['head', true],
    ]);
  });

  it('runs what waits for the posted calls once the worker has made their fetch, before any answer; at once when none is on its way', async () => {
    let ranAtOnce = false;
    afterPostedCallsLeave(() => (ranAtOnce = true));
    expect(ranAtOnce).toBe(true);

    replies.length = 0;
    const controller = new AbortController();
    const first = workerFetch(`${base}/slow`, { signal: controller.signal });
    const second = workerFetch(`${base}/echo`, { method: 'POST', body: 'second' });
    let repliesWhenRun: string[] | null = null;
    const ran = new Promise<void>((resolve) =>
      afterPostedCallsLeave(() => {
        repliesWhenRun = replies.map((reply) => reply.type);
        resolve();
      }),
    );
    expect(repliesWhenRun, 'the worker has not had the calls yet').toBeNull();
    await ran;
    // Both fetches were made; /slow never answers, so no head can have come before.
    expect(repliesWhenRun).toEqual(['sent', 'sent']);
    expect(await (await second).json()).toEqual({ got: 'second' });
    controller.abort(new Error('done'));
    await expect(first).rejects.toThrow('done');
    await slowClosed;
  });


  it('gives the status, the headers and all of a 10 MB body in order, in a few transferred pieces', async () => {
    replies.length = 0;
    const total = 10 * 1024 * 1024 + 3;
    const response = await workerFetch(`${base}/big?bytes=${total}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-kite-test')).toBe('big');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(total);
    let wrong = -1;
    for (let i = 0; i < total && wrong < 0; i++) if (body[i] !== byteAt(i)) wrong = i;
    expect(wrong).toBe(-1);
    expect(pieceSizes().reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('gathers what has already arrived into pieces of about 4 MB instead of one message per read', async () => {
    // A network that delivered the whole body before the worker read any of it, in 64 KB reads.
    const networkFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const arrived = new Uint8Array(await (await networkFetch(input, init)).arrayBuffer());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < arrived.length; at += 64 * 1024) controller.enqueue(arrived.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
      return new Response(body, { status: 200 });
    };
    try {
      replies.length = 0;
      const total = 10 * 1024 * 1024;
      const response = await workerFetch(`${base}/big?bytes=${total}`);
      expect((await response.arrayBuffer()).byteLength).toBe(total);
      expect(pieceSizes()).toEqual([4 * 1024 * 1024, 4 * 1024 * 1024, 2 * 1024 * 1024]);
    } finally {
      globalThis.fetch = networkFetch;
    }
  });

  it('sends the method, the headers and the body of the request', async () => {
    const response = await workerFetch(`${base}/echo`, { method: 'POST', headers: { 'x-kite-test': 'yes', 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ got: '{"a":1}' });
    expect(lastEcho).toEqual({ method: 'POST', header: 'yes', body: '{"a":1}' });
  });

  it('gives a response without a body for 204', async () => {
    const response = await workerFetch(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects with the signal’s reason when cancelled before the head, and the connection is closed', async () => {
    const controller = new AbortController();
    const call = workerFetch(`${base}/slow`, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error('cancelled by the user');
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    await slowClosed;
  });

  it('errors the body with the signal’s reason when cancelled while the body arrives', async () => {
    const controller = new AbortController();
    const response = await workerFetch(`${base}/slow?head`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first piece');
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await slowClosed;
  });

  it('stops the worker’s fetch when the page cancels the body', async () => {
    const response = await workerFetch(`${base}/slow?head`);
    await response.body!.cancel();
    await slowClosed;
  });

  it('rejects like fetch when the host cannot be reached', async () => {
    await expect(workerFetch('http://127.0.0.1:9/')).rejects.toBeInstanceOf(TypeError);
  });
});
