// What the Tests tab's assertions read of a relay result, taken when it arrives (before the viewer
// may transfer the body to its worker). A body is kept when the request has assertions, and up to
// KEPT_BODY_BYTES without: so an assertion added afterwards (from a Pretty line, say) is evaluated
// against the answer on screen at once, without holding a copy of every large body.
import type { AssertionResponse } from '../../model/assertions/evaluate';
import type { RelayResult } from '../../lib/http/relay-result';

export const KEPT_BODY_BYTES = 1024 * 1024;

/**
 * The response time is the target's (the host's `timing.totalMs`), not the round trip through
 * Kite, which the spec holds for at least 200 ms.
 */
export function assertionInputOf(result: Pick<RelayResult, 'body' | 'meta' | 'durationMs'>, hasAssertions: boolean): AssertionResponse | undefined {
  if (!hasAssertions && result.body.byteLength > KEPT_BODY_BYTES) return undefined;
  return {
    status: result.meta.status,
    headers: result.meta.headers,
    bodyText: new TextDecoder().decode(result.body),
    durationMs: result.meta.timing?.totalMs ?? result.durationMs,
    ...(result.meta.trace ? { trace: result.meta.trace } : {}),
  };
}
