// Decodes, indexes and searches response bodies off the main thread. The page transfers the body
// bytes here; this worker keeps the text and its line index and answers with small windows of
// rendered lines, so the page never holds or lays out more than one screen of a 50 MB body.
/// <reference lib="webworker" />
import { BodyDocument, decodeBody } from './body-document';
import { FIRST_INDEX_SLICE_CHARS, INDEX_SLICE_CHARS, type DiffSide, type WorkerReply, type WorkerRequest } from './worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const documents = new Map<number, BodyDocument>();
/** The parsed value of bodies that were filtered, kept for the next expression. */
const parsed = new Map<number, unknown>();
/** A filter's result → the body it was filtered from and the expression (to map a value back). */
const origins = new Map<number, { doc: number; expression: string }>();
/** Bodies whose bytes are still arriving in chunks. */
const arriving = new Map<number, { bytes: Uint8Array; received: number; charset?: string; json: boolean }>();

function reply(message: WorkerReply): void {
  scope.postMessage(message);
}

/**
 * Indexes one slice, reports the line count, and lets queued requests (the first screen) in. The
 * first slice is small, so the first screen is asked for after a few ms, not after the first 30.
 */
function indexInSlices(doc: number, budget = INDEX_SLICE_CHARS): void {
  const document = documents.get(doc);
  if (!document) return;
  const done = document.indexSome(budget);
  reply({ type: 'status', doc, status: document.status() });
  if (!done) setTimeout(() => indexInSlices(doc), 0);
}

/** Requests about a body whose bytes are still arriving (asked while its preview shows). */
const waiting = new Map<number, WorkerRequest[]>();

/** All bytes are here: decode, then index in slices; requests that waited for it are answered. */
function complete(doc: number): void {
  const body = arriving.get(doc);
  if (!body) return;
  arriving.delete(doc);
  documents.set(doc, new BodyDocument(decodeBody(body.bytes, body.charset), body.json));
  indexInSlices(doc, FIRST_INDEX_SLICE_CHARS);
  const queued = waiting.get(doc) ?? [];
  waiting.delete(doc);
  for (const message of queued) handle(message);
}

/** JSONPath over the parsed body; the result is a document of its own, indexed in slices. */
async function filter(doc: number, document: BodyDocument, req: number, expression: string, into: number): Promise<void> {
  try {
    const { filterJson } = await import('./json-filter');
    if (!parsed.has(doc)) parsed.set(doc, JSON.parse(document.text));
    const outcome = filterJson(parsed.get(doc), expression);
    if (!outcome.ok) {
      reply({ type: 'filtered', doc, req, ok: false, error: outcome.error });
      return;
    }
    documents.set(into, new BodyDocument(outcome.text, true, true));
    origins.set(into, { doc, expression });
    reply({ type: 'filtered', doc, req, ok: true, count: outcome.count, text: outcome.text });
    indexInSlices(into, FIRST_INDEX_SLICE_CHARS);
  } catch (error) {
    reply({ type: 'failed', doc, req, message: error instanceof Error ? error.message : String(error) });
  }
}

/** The value on a pretty line; in a filter's result, with its path in the body filtered. */
async function valueOf(doc: number, document: BodyDocument, req: number, line: number): Promise<void> {
  try {
    let value = document.valueAt(line);
    const origin = origins.get(doc);
    if (value && origin) {
      const { valueInBody } = await import('./json-filter');
      const body = parsed.get(origin.doc);
      value = body === undefined ? null : valueInBody(value, body, origin.expression);
    }
    reply({ type: 'value', doc, req, value });
  } catch (error) {
    reply({ type: 'failed', doc, req, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Two responses compared off the page's thread: decoding and parsing 2 × 10 MB is most of it. */
async function compare(message: Extract<WorkerRequest, { type: 'diff' }>): Promise<void> {
  try {
    const { diffResponses } = await import('../../model/diff/response-diff');
    const side = ({ status, headers, bytes, charset }: DiffSide) => ({ status, headers, body: decodeBody(bytes, charset) });
    reply({ type: 'diffed', doc: message.doc, req: message.req, diff: diffResponses(side(message.left), side(message.right), message.settings) });
  } catch (error) {
    reply({ type: 'failed', doc: message.doc, req: message.req, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => handle(event.data);

function handle(message: WorkerRequest): void {
  const document = documents.get(message.doc);
  try {
    switch (message.type) {
      case 'open':
        arriving.set(message.doc, { ...message, bytes: new Uint8Array(message.byteLength), received: 0 });
        if (message.byteLength === 0) complete(message.doc);
        return;
      case 'chunk': {
        const body = arriving.get(message.doc);
        if (!body) return;
        body.bytes.set(new Uint8Array(message.bytes), message.offset);
        body.received += message.bytes.byteLength;
        if (body.received >= body.bytes.byteLength) complete(message.doc);
        return;
      }
      case 'diff':
        void compare(message);
        return;
      case 'close':
        arriving.delete(message.doc);
        waiting.delete(message.doc);
        documents.delete(message.doc);
        parsed.delete(message.doc);
        origins.delete(message.doc);
        return;
    }
    if (!document && arriving.has(message.doc)) {
      waiting.set(message.doc, [...(waiting.get(message.doc) ?? []), message]);
      return;
    }
    if (!document) throw new Error('This response body is no longer open');
    switch (message.type) {
      case 'lines':
        reply({ type: 'lines', doc: message.doc, req: message.req, lines: document.lines(message.view, message.start, message.count) });
        return;
      case 'fold':
        document.fold(message.action);
        reply({ type: 'done', doc: message.doc, req: message.req });
        reply({ type: 'status', doc: message.doc, status: document.status() });
        return;
      case 'search':
        reply({ type: 'search', doc: message.doc, req: message.req, summary: document.search(message.query, message.caseSensitive) });
        return;
      case 'filter':
        void filter(message.doc, document, message.req, message.expression, message.into);
        return;
      case 'value':
        void valueOf(message.doc, document, message.req, message.line);
        return;
      case 'locate': {
        const before = document.status().folds;
        const line = document.locate(message.view, message.match);
        reply({ type: 'located', doc: message.doc, req: message.req, line });
        if (document.status().folds !== before) reply({ type: 'status', doc: message.doc, status: document.status() });
        return;
      }
    }
  } catch (error) {
    reply({ type: 'failed', doc: message.doc, req: 'req' in message ? message.req : undefined, message: error instanceof Error ? error.message : String(error) });
  }
}
