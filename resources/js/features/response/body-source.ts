// Where the viewer gets a body's lines from. Large bodies live in the JSON worker (the bytes are
// copied once and the copy transferred, so the caller's buffer stays usable for copy, download and
// history); small ones are indexed right here, which is quicker than a round trip. Both answer the
// same asynchronous interface, so the viewer has one rendering path.
import { moduleWorker } from '../../lib/module-worker';
import { BodyDocument, decodeBody, type BodyStatus, type BodyView, type SearchSummary } from './body-document';
import type { LineValue } from '../../model/response/line-value';
import type { RenderedLine } from './render-line';
import { TRANSFER_CHUNK_BYTES, type DiffSide, type FoldAction, type WorkerReply, type WorkerRequest } from './worker-protocol';
import type { DiffSettings, ResponseDiff } from '../../model/diff/response-diff';

/**
 * Bodies below this size are indexed on the main thread: 1 MB takes 6-8 ms, 2 MB 17-20 ms (V8 on
 * the bench machine). An answer read during the spec's 200 ms hold is then indexed whole before the
 * floor, with no worker to start or ask (a first Send's worker compiles after the floor), so its
 * last line and search are ready with its first screen (issue 31).
 */
export const LOCAL_BODY_LIMIT = 1536 * 1024;

/** Two bodies compared below this size (together) are compared on the main thread: a diff costs more per byte than an index. */
export const LOCAL_DIFF_LIMIT = 256 * 1024;

/**
 * Of a JSON body sent to the worker, the first bytes and characters indexed on the main thread
 * (about a millisecond), so its first screen shows while the worker copies, decodes and indexes
 * the rest (some 100 ms for 10 MB). Its lines are the worker's first lines: one algorithm.
 */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_CHARS = 32 * 1024;

export interface BodySource {
  /** Null until the body has been decoded and its first lines indexed. */
  readonly status: BodyStatus | null;
  /** Set when the body could not be opened at all. */
  readonly failure: string | null;
  subscribe(listener: () => void): () => void;
  lines(view: BodyView, start: number, count: number): Promise<RenderedLine[]>;
  fold(action: FoldAction): Promise<void>;
  search(query: string, caseSensitive: boolean): Promise<SearchSummary>;
  /** The visible line of a match, after unfolding whatever hides it. */
  locate(view: BodyView, match: number): Promise<number>;
  /** A JSONPath filter over a JSON body: its matches as a body of their own, or what is wrong. */
  filter(expression: string): Promise<FilterResult>;
  /**
   * The value on pretty line `line` (RenderedLine.line) with its path in the whole body, worked
   * out only when asked; null for a line without one or a filter's match that cannot be mapped.
   */
  valueAt(line: number): Promise<LineValue | null>;
  dispose(): void;
}

/** `text`: the matches as compact JSON (what Copy copies while the filter is on). */
export type FilterResult = { ok: true; source: BodySource; count: number; text: string } | { ok: false; error: string };

export interface OpenOptions {
  charset?: string;
  json: boolean;
  /** Force where the body is indexed (tests, benchmarks); by size otherwise. */
  where?: 'local' | 'worker';
}

export function openBodySource(bytes: ArrayBuffer, options: OpenOptions): BodySource {
  const where = options.where ?? (bytes.byteLength < LOCAL_BODY_LIMIT || typeof Worker === 'undefined' ? 'local' : 'worker');
  return where === 'worker' ? new WorkerBodySource(bytes, options) : new LocalBodySource(bytes, options);
}

abstract class ListenableSource {
  private readonly listeners = new Set<() => void>();
  status: BodyStatus | null = null;
  failure: string | null = null;

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Indexes on the main thread: for small bodies, and when no worker can be started. */
class LocalBodySource extends ListenableSource implements BodySource {
  private readonly document: BodyDocument | null = null;
  private parsed: { value: unknown } | null = null;

  /**
   * `body`: the bytes, or text already decoded (a filter's result). `indexChars`: index only that
   * many characters (a preview); the whole body otherwise.
   */
  constructor(
    body: ArrayBuffer | Uint8Array | string,
    options: OpenOptions,
    indexChars = Number.POSITIVE_INFINITY,
    /** For a filter's result: the body filtered (parsed) and the expression. */
    private readonly origin: { body: unknown; expression: string } | null = null,
  ) {
    super();
    try {
      this.document = new BodyDocument(typeof body === 'string' ? body : decodeBody(body, options.charset), options.json, origin !== null);
      if (Number.isFinite(indexChars)) this.document.indexSome(indexChars);
      else while (!this.document.indexSome(Number.POSITIVE_INFINITY));
      this.status = this.document.status();
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
    }
  }

  private get doc(): BodyDocument {
    if (!this.document) throw new Error(this.failure ?? 'The body could not be read');
    return this.document;
  }

  async lines(view: BodyView, start: number, count: number): Promise<RenderedLine[]> {
    return this.doc.lines(view, start, count);
  }

  async fold(action: FoldAction): Promise<void> {
    this.doc.fold(action);
    this.status = this.doc.status();
    this.changed();
  }

  async search(query: string, caseSensitive: boolean): Promise<SearchSummary> {
    return this.doc.search(query, caseSensitive);
  }

  async locate(view: BodyView, match: number): Promise<number> {
    const before = this.doc.folds.size;
    const line = this.doc.locate(view, match);
    if (this.doc.folds.size !== before) {
      this.status = this.doc.status();
      this.changed();
    }
    return line;
  }

  async filter(expression: string): Promise<FilterResult> {
    const { filterJson } = await import('./json-filter');
    this.parsed ??= { value: JSON.parse(this.doc.text) };
    const outcome = filterJson(this.parsed.value, expression);
    if (!outcome.ok) return outcome;
    const origin = { body: this.parsed.value, expression };
    return { ok: true, count: outcome.count, text: outcome.text, source: new LocalBodySource(outcome.text, { json: true }, Number.POSITIVE_INFINITY, origin) };
  }

  async valueAt(line: number): Promise<LineValue | null> {
    const value = this.doc.valueAt(line);
    if (!value || !this.origin) return value;
    const { valueInBody } = await import('./json-filter');
    return valueInBody(value, this.origin.body, this.origin.expression);
  }

  dispose(): void {}
}

// One worker serves every viewer on the page; documents are numbered.
let nextDocument = 1;
let nextRequest = 1;
/** Whoever waits for the worker's answers about a document number. */
interface WorkerClient {
  receive(reply: WorkerReply): void;
  /** The worker broke: carry on without it. */
  fallBack(): void;
}
const workerClients = new Map<number, WorkerClient>();

const bodyWorker = moduleWorker<WorkerReply>('json-worker.js', {
  onMessage: (reply) => workerClients.get(reply.doc)?.receive(reply),
  // The worker script could not load or crashed: every open body falls back to the main thread.
  onBroken: () => {
    for (const client of [...workerClients.values()]) client.fallBack();
  },
});

/**
 * Starts the worker ahead of the first large response, so its script is loaded and compiled while
 * the user is still composing the request rather than when the response arrives. Where workers do
 * not exist, moduleWorker starts none.
 */
export function prewarmBodyWorker(): void {
  bodyWorker.get();
}

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void; replay: (source: BodySource) => Promise<unknown> };

class WorkerBodySource extends ListenableSource implements BodySource {
  private readonly pending = new Map<number, Pending>();
  private local: LocalBodySource | null = null;
  /** Serves the first lines until the worker's first report (see PREVIEW_BYTES). */
  private preview: LocalBodySource | null = null;
  private disposed = false;

  /**
   * With `bytes`, opens a new document in the worker and sends them; without, stands for document
   * `doc` that the worker made itself (a filter's result).
   */
  constructor(
    private readonly bytes: ArrayBuffer | null,
    private readonly options: OpenOptions,
    private readonly doc = nextDocument++,
  ) {
    super();
    if (!bytes) {
      workerClients.set(doc, this);
      return;
    }
    const target = bodyWorker.get();
    if (!target) {
      this.fallBack();
      return;
    }
    workerClients.set(this.doc, this);
    this.post({ type: 'open', doc: this.doc, byteLength: bytes.byteLength, charset: options.charset, json: options.json });
    void this.sendBytes();
    this.startPreview();
  }

  private startPreview(): void {
    if (!this.bytes || !this.options.json || this.bytes.byteLength <= PREVIEW_BYTES) return;
    const prefix = new Uint8Array(this.bytes, 0, PREVIEW_BYTES);
    const preview = new LocalBodySource(prefix, this.options, PREVIEW_CHARS);
    const status = preview.status;
    // Only a prefix that reads as the start of JSON is shown; anything else waits for the worker.
    if (!status || !status.json || status.jsonError || status.prettyLines === 0) return;
    this.preview = preview;
    this.status = { ...status, indexing: true, progress: (status.progress * PREVIEW_BYTES) / this.bytes.byteLength };
  }

  /**
   * Copies the body in slices, one task each, and hands each copy over (transfer, not clone): the
   * caller keeps its buffer for copy, download and history, and no task copies more than a slice.
   */
  private async sendBytes(): Promise<void> {
    if (!this.bytes) return;
    const total = this.bytes.byteLength;
    for (let offset = 0; offset < total; offset += TRANSFER_CHUNK_BYTES) {
      if (this.disposed || this.local) return;
      const chunk = this.bytes.slice(offset, Math.min(total, offset + TRANSFER_CHUNK_BYTES));
      this.post({ type: 'chunk', doc: this.doc, offset, bytes: chunk }, [chunk]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  private post(message: WorkerRequest, transfer: Transferable[] = []): void {
    bodyWorker.get()?.postMessage(message, transfer);
  }

  receive(message: WorkerReply): void {
    if (message.type === 'status') {
      this.preview = null;
      this.status = message.status;
      this.changed();
      return;
    }
    if (message.type === 'failed' && message.req === undefined) {
      this.failure = message.message;
      this.changed();
      return;
    }
    const pending = this.pending.get(message.req as number);
    if (!pending) return;
    this.pending.delete(message.req as number);
    if (message.type === 'failed') pending.reject(new Error(message.message));
    else if (message.type === 'lines') pending.resolve(message.lines as never);
    else if (message.type === 'search') pending.resolve(message.summary as never);
    else if (message.type === 'located') pending.resolve(message.line as never);
    else if (message.type === 'filtered') pending.resolve(message as never);
    else if (message.type === 'value') pending.resolve(message.value as never);
    else pending.resolve(undefined as never);
  }

  /** Continues on the main thread with the caller's bytes; requests in flight are asked again. */
  fallBack(): void {
    if (this.local) return;
    this.preview = null;
    workerClients.delete(this.doc);
    if (!this.bytes) {
      // A filter's result lived only in the worker: it has to be asked for again.
      this.failure = 'The body viewer stopped; clear the filter and apply it again';
      for (const pending of this.pending.values()) pending.reject(new Error(this.failure));
      this.pending.clear();
      this.changed();
      return;
    }
    this.local = new LocalBodySource(this.bytes, this.options);
    this.local.subscribe(() => this.mirror());
    this.mirror();
    for (const [req, pending] of this.pending) {
      this.pending.delete(req);
      pending.replay(this.local).then(pending.resolve as (value: unknown) => void, pending.reject);
    }
  }

  private mirror(): void {
    if (!this.local) return;
    this.status = this.local.status;
    this.failure = this.local.failure;
    this.changed();
  }

  private request<T>(build: (req: number) => WorkerRequest, replay: (source: BodySource) => Promise<T>): Promise<T> {
    if (this.local) return replay(this.local);
    const req = nextRequest++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(req, { resolve: resolve as (value: never) => void, reject, replay });
      this.post(build(req));
    });
  }

  lines(view: BodyView, start: number, count: number): Promise<RenderedLine[]> {
    if (this.preview) return this.preview.lines(view, start, count);
    return this.request((req) => ({ type: 'lines', doc: this.doc, req, view, start, count }), (s) => s.lines(view, start, count));
  }

  fold(action: FoldAction): Promise<void> {
    return this.request((req) => ({ type: 'fold', doc: this.doc, req, action }), (s) => s.fold(action));
  }

  search(query: string, caseSensitive: boolean): Promise<SearchSummary> {
    return this.request((req) => ({ type: 'search', doc: this.doc, req, query, caseSensitive }), (s) => s.search(query, caseSensitive));
  }

  locate(view: BodyView, match: number): Promise<number> {
    return this.request((req) => ({ type: 'locate', doc: this.doc, req, view, match }), (s) => s.locate(view, match));
  }

  valueAt(line: number): Promise<LineValue | null> {
    // Asked of the worker even while the preview shows: the preview holds only the body's start.
    return this.request((req) => ({ type: 'value', doc: this.doc, req, line }), (s) => s.valueAt(line));
  }

  async filter(expression: string): Promise<FilterResult> {
    if (this.local) return this.local.filter(expression);
    const into = nextDocument++;
    const result = new WorkerBodySource(null, { json: true }, into);
    try {
      const outcome = await this.request<Extract<WorkerReply, { type: 'filtered' }> | FilterResult>(
        (req) => ({ type: 'filter', doc: this.doc, req, expression, into }),
        (source) => source.filter(expression),
      );
      // Answered on the main thread after a fallback: that source made its own result.
      if (!('type' in outcome)) {
        result.dispose();
        return outcome;
      }
      if (!outcome.ok) {
        result.dispose();
        return { ok: false, error: outcome.error };
      }
      return { ok: true, count: outcome.count, text: outcome.text, source: result };
    } catch (error) {
      result.dispose();
      throw error;
    }
  }

  dispose(): void {
    this.disposed = true;
    workerClients.delete(this.doc);
    for (const pending of this.pending.values()) pending.reject(new Error('The response was replaced'));
    this.pending.clear();
    if (!this.local) this.post({ type: 'close', doc: this.doc });
  }
}

/** A response to compare: status, headers, and its body's bytes (never detached: a copy goes to the worker). */
export interface ComparedBody {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  charset?: string;
}

/**
 * Compares two responses (model/diff/response-diff.ts) in the body worker, so that decoding and
 * parsing two 10 MB bodies never holds the page; on the main thread when both are small (a round
 * trip costs more) or no worker runs.
 */
export function diffBodies(left: ComparedBody, right: ComparedBody, settings: DiffSettings): Promise<ResponseDiff> {
  const onPage = async () => {
    const { diffResponses } = await import('../../model/diff/response-diff');
    const side = ({ status, headers, body, charset }: ComparedBody) => ({ status, headers, body: decodeBody(body, charset) });
    return diffResponses(side(left), side(right), settings);
  };
  const target = left.body.byteLength + right.body.byteLength < LOCAL_DIFF_LIMIT ? null : bodyWorker.get();
  if (!target) return onPage();
  const doc = nextDocument++;
  const req = nextRequest++;
  return new Promise<ResponseDiff>((resolve, reject) => {
    workerClients.set(doc, {
      receive(reply) {
        workerClients.delete(doc);
        if (reply.type === 'diffed') resolve(reply.diff);
        else if (reply.type === 'failed') reject(new Error(reply.message));
      },
      fallBack() {
        workerClients.delete(doc);
        onPage().then(resolve, reject);
      },
    });
    const copy = ({ status, headers, body, charset }: ComparedBody): DiffSide => ({ status, headers, charset, bytes: body.slice(0) });
    const message: WorkerRequest = { type: 'diff', doc, req, left: copy(left), right: copy(right), settings };
    target.postMessage(message, [message.left.bytes, message.right.bytes]);
  });
}
