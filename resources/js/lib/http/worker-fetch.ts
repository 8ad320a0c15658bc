// A fetch whose network reading happens in the fetch worker (./fetch-worker.ts), for the host
// calls that may answer with tens of megabytes: Chromium receives a response's bytes on the
// thread that made the fetch, about 3 ms per megabyte, in tasks of up to 90 ms. The Response it
// resolves to behaves as fetch's own (status, headers, a body stream, cancel, the signal). Where
// workers do not exist, the worker cannot start or has not said yet that it runs, the fallback
// fetch runs instead: a call never waits for the worker to start (on a first Send after a page load
// that wait was most of Kite's time before the call left, issue 31), and a call the worker took is
// never sent a second time.
import { moduleWorker } from '../module-worker';
import type { FetchWorkerReply, FetchWorkerRequest } from './fetch-worker-messages';
import { requestText } from './hooks/request-text';

/** A per-call option (as host-fetch's LARGE_ANSWER): a routes answer the worker sends on as lines of JSON (./routes-lines.ts). */
export const ROUTES_IN_LINES = 'kiteRoutesInLines';

/** The performance mark set when the fetch worker said it runs: from then on, calls go to it. */
export const FETCH_WORKER_READY_MARK = 'kite:fetch-worker-ready';

interface Call {
  resolve(response: Response): void;
  reject(reason: unknown): void;
  body?: ReadableStreamDefaultController<Uint8Array>;
  stop(): void;
}

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

const calls = new Map<number, Call>();
let nextId = 1;

/** The calls posted to the worker whose fetch it has not said it made yet, and who waits for them. */
const leaving = new Set<number>();
let afterLeaving: (() => void)[] = [];

let started: Promise<boolean> | null = null;
let settleStart: (running: boolean) => void = () => {};
/** Whether the worker said it runs (and has not broken since). */
let running = false;

const fetchWorker = moduleWorker<FetchWorkerReply>('fetch-worker.js', {
  onMessage: receive,
  onBroken() {
    running = false;
    settleStart(false);
    // Calls under way are lost with the worker; they are not sent again (a relay goes to its target once).
    for (const [id, call] of calls) fail(id, call, new TypeError('The browser stopped the worker that was receiving this answer.'));
    leaving.clear();
    runAfterLeaving();
  },
});

/** Starts the fetch worker (the page does so when idle); resolves to whether it runs. */
export function startFetchWorker(): Promise<boolean> {
  if (!started) {
    started = new Promise<boolean>((resolve) => (settleStart = resolve));
    if (!fetchWorker.get()) settleStart(false);
  }
  return started;
}

/**
 * Runs `then` once every call posted to the worker so far has left it (its fetch was made), at once
 * when none is on its way. What would compete with a call's request goes after it this way: the
 * page's own requests (a first Send's chunks) made in the task after the post could still leave
 * before the worker's, on a machine where the worker's thread waits for a core.
 */
export function afterPostedCallsLeave(then: () => void): void {
  if (leaving.size === 0) return then();
  afterLeaving.push(then);
}

function runAfterLeaving(): void {
  const waiting = afterLeaving;
  afterLeaving = [];
  for (const then of waiting) then();
}

function post(message: FetchWorkerRequest, transfer: Transferable[] = []): void {
  fetchWorker.get()?.postMessage(message, transfer);
}

export function createWorkerFetch(fallback: typeof fetch): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!running || !fetchWorker.get()) {
      // The call goes now, by the fallback; the worker starts for the calls after it.
      const response = fallback(input, init);
      void startFetchWorker();
      return response;
    }
    const request = new Request(input, init);
    const signal = init?.signal ?? request.signal;
    signal.throwIfAborted();
    // A text body is posted as it is, so that the call leaves in this task; any other is read first.
    const text = typeof init?.body === 'string' ? init.body : input instanceof Request ? requestText(input) : undefined;
    const body = text !== undefined ? new TextEncoder().encode(text).buffer : request.body ? await request.arrayBuffer() : null;
    signal.throwIfAborted();
    const id = nextId++;
    if (text !== undefined && request.body) {
      // Read once the call has left: ky and host-fetch keep copies of this body (tees of one stream),
      // and ky settles the call only once its copy has ended, which it does when this one was read.
      queueMicrotask(() => void request.arrayBuffer().catch(() => {}));
    }
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        post({ type: 'abort', id });
        const call = calls.get(id);
        if (call) fail(id, call, signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      calls.set(id, { resolve, reject, stop: () => signal.removeEventListener('abort', onAbort) });
      leaving.add(id);
      post(
        {
          type: 'fetch',
          id,
          url: request.url,
          method: request.method,
          headers: [...request.headers],
          body,
          credentials: request.credentials,
          ...((init as Record<string, unknown> | undefined)?.[ROUTES_IN_LINES] === true ? { routesInLines: true } : {}),
        },
        body ? [body] : [],
      );
    });
  };
}

function receive(reply: FetchWorkerReply): void {
  if (reply.type === 'ready') {
    running = true;
    performance.mark(FETCH_WORKER_READY_MARK);
    return settleStart(true);
  }
  if (reply.type === 'sent') {
    // Said for every call, cancelled here or not: the worker made its fetch before it read any abort.
    if (leaving.delete(reply.id) && leaving.size === 0) runAfterLeaving();
    return;
  }
  const call = calls.get(reply.id);
  if (!call) return; // aborted or cancelled here already
  switch (reply.type) {
    case 'head': {
      const { id } = reply;
      const body = NULL_BODY_STATUSES.has(reply.status)
        ? null
        : new ReadableStream<Uint8Array>({
            start(controller) {
              call.body = controller;
            },
            cancel() {
              post({ type: 'abort', id });
              end(id, call);
            },
          });
      try {
        call.resolve(new Response(body, { status: reply.status, statusText: reply.statusText, headers: reply.headers }));
      } catch (error) {
        post({ type: 'abort', id });
        fail(id, call, error);
        return;
      }
      received(reply, call);
      return;
    }
    case 'chunk':
    case 'end':
      received(reply, call);
      return;
    case 'error':
      fail(reply.id, call, reply.name === 'AbortError' ? new DOMException(reply.message, 'AbortError') : new TypeError(reply.message));
  }
}

/** Puts a piece of the body into its stream, and closes the stream after the last one. */
function received(reply: Extract<FetchWorkerReply, { type: 'head' | 'chunk' | 'end' }>, call: Call): void {
  if ('bytes' in reply && reply.bytes) call.body?.enqueue(new Uint8Array(reply.bytes));
  if (reply.type === 'end' || reply.end) {
    call.body?.close();
    end(reply.id, call);
  }
}

/** Settles a call that failed: before its head the fetch rejects, after it the body stream errors. */
function fail(id: number, call: Call, reason: unknown): void {
  if (call.body) call.body.error(reason);
  else call.reject(reason);
  end(id, call);
}

function end(id: number, call: Call): void {
  call.stop();
  calls.delete(id);
}
