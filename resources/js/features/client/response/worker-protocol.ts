// Messages between the viewer and json-worker.ts. Every request names a document (one body) and,
// when it expects an answer, a request number the reply carries back.
import type { BodyStatus, BodyView, SearchSummary } from './body-document';
import type { RenderedLine } from './render-line';

export type FoldAction = { line: number } | 'collapse-all' | 'expand-all';

export type WorkerRequest =
  | { type: 'open'; doc: number; bytes: ArrayBuffer; charset?: string; json: boolean }
  | { type: 'lines'; doc: number; req: number; view: BodyView; start: number; count: number }
  | { type: 'fold'; doc: number; req: number; action: FoldAction }
  | { type: 'search'; doc: number; req: number; query: string; caseSensitive: boolean }
  | { type: 'locate'; doc: number; req: number; view: BodyView; match: number }
  | { type: 'close'; doc: number };

export type WorkerReply =
  | { type: 'status'; doc: number; status: BodyStatus }
  | { type: 'lines'; doc: number; req: number; lines: RenderedLine[] }
  | { type: 'search'; doc: number; req: number; summary: SearchSummary }
  | { type: 'located'; doc: number; req: number; line: number }
  | { type: 'done'; doc: number; req: number }
  | { type: 'failed'; doc: number; req?: number; message: string };

/** Characters indexed between two looks at the message queue (about 30 ms of work). */
export const INDEX_SLICE_CHARS = 4_000_000;
