// Messages between the viewer and json-worker.ts. Every request names a document (one body) and,
// when it expects an answer, a request number the reply carries back.
import type { BodyStatus, BodyView, SearchSummary } from './body-document';
import type { LineValue } from '../../model/response/line-value';
import type { RenderedLine } from './render-line';
import type { DiffSettings, ResponseDiff } from '../../model/diff/response-diff';

/** One response to compare: its body's bytes (a copy, transferred) with what decodes them. */
export interface DiffSide {
  status: number;
  headers: [string, string][];
  bytes: ArrayBuffer;
  charset?: string;
}

export type FoldAction = { line: number } | 'collapse-all' | 'expand-all';

export type WorkerRequest =
  /** Announces a body of `byteLength` bytes; its bytes follow in `chunk` messages. */
  | { type: 'open'; doc: number; byteLength: number; charset?: string; json: boolean }
  | { type: 'chunk'; doc: number; offset: number; bytes: ArrayBuffer }
  | { type: 'lines'; doc: number; req: number; view: BodyView; start: number; count: number }
  | { type: 'fold'; doc: number; req: number; action: FoldAction }
  | { type: 'search'; doc: number; req: number; query: string; caseSensitive: boolean }
  | { type: 'locate'; doc: number; req: number; view: BodyView; match: number }
  /** Runs a JSONPath filter over the body; its result opens as the new document `into`. */
  | { type: 'filter'; doc: number; req: number; expression: string; into: number }
  /** The value on pretty line `line` and its path in the body (a filter's result maps back). */
  | { type: 'value'; doc: number; req: number; line: number }
  | { type: 'close'; doc: number }
  /** Compares two responses (model/diff); `doc` only routes the answer, no body is opened. */
  | { type: 'diff'; doc: number; req: number; left: DiffSide; right: DiffSide; settings: DiffSettings };

export type WorkerReply =
  | { type: 'status'; doc: number; status: BodyStatus }
  | { type: 'lines'; doc: number; req: number; lines: RenderedLine[] }
  | { type: 'search'; doc: number; req: number; summary: SearchSummary }
  | { type: 'located'; doc: number; req: number; line: number }
  | { type: 'done'; doc: number; req: number }
  | { type: 'value'; doc: number; req: number; value: LineValue | null }
  /** The filter's outcome: with `ok`, document `into` holds its `count` matches. */
  | { type: 'filtered'; doc: number; req: number; ok: true; count: number; text: string }
  | { type: 'filtered'; doc: number; req: number; ok: false; error: string }
  | { type: 'diffed'; doc: number; req: number; diff: ResponseDiff }
  | { type: 'failed'; doc: number; req?: number; message: string };

/**
 * Bytes copied and handed over per main-thread task: copying a 100 MB body in one go would block
 * the page for ~50 ms; 8 MB slices take a few ms each.
 */
export const TRANSFER_CHUNK_BYTES = 8 * 1024 * 1024;

/** Characters indexed between two looks at the message queue (about 30 ms of work). */
export const INDEX_SLICE_CHARS = 4_000_000;

/** Characters indexed before the first report: enough for the first screens, a few ms of work. */
export const FIRST_INDEX_SLICE_CHARS = 256 * 1024;
