// What a response can be compared with: the others shown in this visit (whole bodies), then the
// history's entries (bodies as stored, up to 1 MB). A candidate's response is read only when picked.
import type { RelayResult } from '../../lib/http/relay-result';
import { displayUrl, entryResponse, type HistoryEntry } from '../history/history';
import type { HistoryBackend } from '../history/history';
import type { RecentResponse } from './recent-responses';

export interface CompareCandidate {
  key: string;
  group: 'This visit' | 'History' | 'Another environment';
  method: string;
  url: string;
  status?: number;
  time: number;
  /** Said beside it: history keeps only the first 1 MB of a body. */
  note?: string;
  /** Who or where it was sent as, when the request alone does not tell (an identity, an environment). */
  who?: string;
  load(): Promise<RelayResult | null>;
}

export function compareCandidates(current: RelayResult, recent: readonly RecentResponse[], history: readonly HistoryEntry[], backend: Pick<HistoryBackend, 'getBody'>): CompareCandidate[] {
  const shown: CompareCandidate[] = recent
    .filter((item) => item.result !== current)
    .map((item, index) => ({
      key: `recent-${index}`,
      group: 'This visit',
      method: item.sent?.method ?? '',
      url: displayUrl(item.sent?.url ?? ''),
      status: item.result.meta.status,
      time: item.result.receivedAt,
      load: async () => item.result,
    }));
  const stored: CompareCandidate[] = history
    .filter((entry) => entry.meta !== undefined && entry.time !== current.receivedAt)
    .map((entry) => ({
      key: `history-${entry.id}`,
      group: 'History',
      method: entry.method,
      url: displayUrl(entry.url),
      status: entry.status,
      time: entry.time,
      ...(entry.bodyCut ? { note: 'only the first 1 MB of its body was kept' } : {}),
      load: async () => entryResponse(entry, await backend.getBody(entry.id)).result,
    }));
  return [...shown, ...stored];
}
