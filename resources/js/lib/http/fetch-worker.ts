// Runs the host calls whose answers can be large (the relay's) so that the browser reads their
// bytes from the network on this thread, not the page's: receiving 100 MB costs Chromium's thread
// about 300 ms, in tasks of up to 90 ms, whoever reads the stream. The page gets the body in few
// large pieces, each transferred (not copied), and puts them back together as a Response
// (./worker-fetch.ts).
/// <reference lib="webworker" />
import { ROUTES_LINES_HEADER, type FetchWorkerReply, type FetchWorkerRequest } from './fetch-worker-messages';
import { routesToLines } from './routes-lines';
import { concatBytes } from '../bytes';

const scope = self as unknown as DedicatedWorkerGlobalScope;
type Head = Extract<FetchWorkerReply, { type: 'head' }>;
const running = new Map<number, AbortController>();

/** A piece is sent once this many bytes wait, else as soon as the bytes already here are read. */
const PIECE_BYTES = 4 * 1024 * 1024;

function reply(message: FetchWorkerReply, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = (event: MessageEvent<FetchWorkerRequest>) => {
  const message = event.data;
  if (message.type === 'fetch') void run(message);
  else running.get(message.id)?.abort();
};
// The page sends nothing before this: a worker that never got here sent nothing either.
reply({ type: 'ready' });

async function run(request: Extract<FetchWorkerRequest, { type: 'fetch' }>): Promise<void> {
  const { id } = request;
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const fetching = fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: request.credentials,
      signal: controller.signal,
    });
    reply({ type: 'sent', id });
    const response = await fetching;
    const head: Head = { type: 'head', id, status: response.status, statusText: response.statusText, headers: [...response.headers] };
    if (request.routesInLines && response.ok && response.body) await sendRoutesInLines(response, head);
    else if (response.body) await forwardBody(id, response.body.getReader(), head);
    else reply({ ...head, end: true });
  } catch (error) {
    // An abort came from the page, which already settled the call.
    if (!controller.signal.aborted) {
      reply({ type: 'error', id, name: error instanceof Error ? error.name : 'TypeError', message: error instanceof Error ? error.message : String(error) });
    }
  } finally {
    running.delete(id);
  }
}

/**
 * A routes answer parsed here and sent on, whole, as lines of JSON (./routes-lines.ts), which the
 * page parses a line per task. One that is not JSON goes on as it came: the page names the problem.
 */
async function sendRoutesInLines(response: Response, head: Head): Promise<void> {
  const text = await response.text();
  let lines: string | null = null;
  try {
    lines = routesToLines(JSON.parse(text));
  } catch {
    // Not a routes answer this worker can split: the page reads it as the host sent it.
  }
  const bytes = new TextEncoder().encode(lines ?? text).buffer;
  const headers = lines === null ? head.headers : [...head.headers, [ROUTES_LINES_HEADER, '1'] as [string, string]];
  reply({ ...head, headers, bytes, end: true }, [bytes]);
}

/**
 * Sends the body on in pieces: what has arrived is gathered while more is already here (one piece
 * of up to PIECE_BYTES), and sent as soon as the reader would wait, so that a stream's events are
 * not held back. The head goes with the first piece (whoever reads a body waits for its first
 * bytes anyway), and the end with the last one that was still waiting.
 */
async function forwardBody(id: number, reader: ReadableStreamDefaultReader<Uint8Array>, head: Head): Promise<void> {
  let waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  let headSent = false;
  const send = (end: boolean) => {
    if (waitingBytes === 0 && headSent) {
      if (end) reply({ type: 'end', id });
      return;
    }
    const piece = waitingBytes > 0 ? joined(waiting) : undefined;
    waiting = [];
    waitingBytes = 0;
    const message: FetchWorkerReply = headSent ? { type: 'chunk', id, bytes: piece! } : { ...head, ...(piece ? { bytes: piece } : {}) };
    if (end) message.end = true;
    reply(message, piece ? [piece] : []);
    headSent = true;
  };
  let sendScheduled = false;
  const sendSoon = () => {
    if (sendScheduled) return;
    sendScheduled = true;
    setTimeout(() => {
      sendScheduled = false;
      send(false);
    }, 0);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    waiting.push(value);
    waitingBytes += value.length;
    if (waitingBytes >= PIECE_BYTES) send(false);
    else sendSoon();
  }
  send(true);
}

/** The pieces as one ArrayBuffer of its own, to transfer (one piece that fills its buffer is sent as it is). */
function joined(pieces: Uint8Array[]): ArrayBuffer {
  const [first] = pieces;
  if (pieces.length > 1) return concatBytes(pieces).buffer as ArrayBuffer;
  if (first.byteOffset === 0 && first.byteLength === first.buffer.byteLength && first.buffer instanceof ArrayBuffer) return first.buffer;
  return first.slice().buffer;
}
