// Responses shown in this visit, newest first, so any two can be compared — two tabs' responses, or
// one and its earlier self — with their whole bodies (history keeps only the first 1 MB). Only the
// last few are held: each can be tens of megabytes.
import type { RelayResult } from '../../lib/http/relay-result';

export interface RecentResponse {
  result: RelayResult;
  sent?: { method: string; url: string };
}

export const RECENT_RESPONSES_KEPT = 6;

let recent: RecentResponse[] = [];

/** Called for every response the viewer shows; one already kept moves to the front. */
export function rememberResponse(result: RelayResult, sent?: { method: string; url: string }): void {
  recent = [{ result, sent }, ...recent.filter((item) => item.result !== result)].slice(0, RECENT_RESPONSES_KEPT);
}

export function recentResponses(): readonly RecentResponse[] {
  return recent;
}
