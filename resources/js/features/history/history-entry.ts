// One logged request: when it was sent, the whole request state, and what came back.
import type { HttpMethod, RelayResponseMeta, TraceDump } from '../../../../protocol/types';
import type { RelayFailure, RelayResult } from '../../lib/http/relay-result';

/** Response bodies are kept in history up to this many bytes. */
export const MAX_HISTORY_BODY_BYTES = 1024 * 1024;

export interface HistoryEntry {
  /** Sortable by time: `time` in base 36 plus a counter. */
  id: string;
  time: number;
  method: HttpMethod;
  /** The final URL as the preview showed it, for display and search. */
  url: string;
  /**
   * The whole request as the builder saved it. History keeps it opaque: the builder reads it back
   * through its own field-by-field check, so an entry an older Kite wrote still restores.
   */
  request: unknown;
  /** The tab that sent it (Tab.id): the Trace pages through one tab's dd() answers. */
  tabId?: string;
  status?: number;
  statusText?: string;
  failure?: RelayFailure;
  /** The target's full body size in bytes. */
  size: number;
  durationMs: number;
  meta?: RelayResponseMeta;
  /** Whether the body (or its first MAX_HISTORY_BODY_BYTES) is stored next to the entry. */
  hasBody: boolean;
  /** True when only the first MAX_HISTORY_BODY_BYTES of the body were kept. */
  bodyCut: boolean;
}

/** The path and query: the origin is the same for nearly every entry and only takes room. */
export function displayUrl(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '') || '/';
}

let counter = 0;
export function newHistoryId(time: number): string {
  counter = (counter + 1) % 1296;
  return `${time.toString(36).padStart(9, '0')}${counter.toString(36).padStart(2, '0')}`;
}

/**
 * The part of a body history keeps, always as a copy: the response viewer may transfer the
 * original to its worker, which leaves the original buffer empty.
 */
export function historyBody(body: ArrayBuffer): { body: ArrayBuffer; cut: boolean } {
  return { body: body.slice(0, MAX_HISTORY_BODY_BYTES), cut: body.byteLength > MAX_HISTORY_BODY_BYTES };
}

/** The entry's response as the response viewer shows it: metadata, the body kept (maybe cut), or the failure. */
export function entryResponse(
  entry: HistoryEntry,
  body: ArrayBuffer | undefined,
): { result: RelayResult | null; failure: RelayFailure | null; pending: false; sent: { method: string; url: string } } {
  return {
    sent: { method: entry.method, url: entry.url },
    result: entry.meta
      ? {
          meta: { ...entry.meta, bodyBytes: body?.byteLength ?? 0, truncated: entry.meta.truncated || entry.bodyCut || (!body && entry.meta.bodyBytes > 0) },
          body: body ?? new ArrayBuffer(0),
          durationMs: entry.durationMs,
          receivedAt: entry.time,
        }
      : null,
    failure: entry.failure ?? null,
    pending: false,
  };
}

/** A tab's answers that ended in dd(), oldest first, as the Trace pages through them; `current` is the one shown. */
export interface DdPages {
  pages: TraceDump[][];
  current: number;
}

/**
 * The dumps of each answer tab `tabId` got that ended in dd() (entries come newest first), when the
 * entry `shownId` is one of them and there is another to page to; else undefined.
 */
export function ddPagesOfTab(entries: readonly HistoryEntry[], tabId: string, shownId: string | null): DdPages | undefined {
  const answers = entries.filter((entry) => entry.tabId === tabId && endedInDd(entry)).reverse();
  const current = answers.findIndex((entry) => entry.id === shownId);
  if (current < 0 || answers.length < 2) return undefined;
  return { pages: answers.map((entry) => entry.meta?.trace?.dumps ?? []), current };
}

function endedInDd(entry: HistoryEntry): boolean {
  const dumps = entry.meta?.trace?.dumps;
  return Array.isArray(dumps) && dumps.some((dump) => dump.isDd === true);
}
