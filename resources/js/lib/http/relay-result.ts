// What the browser holds after a relay call: the host's metadata line and the raw body bytes.
import type { RelayResponseMeta } from '../../../../protocol/types';

export interface RelayResult {
  meta: RelayResponseMeta;
  /** The target's body exactly as the host forwarded it (possibly truncated, see meta.truncated). */
  body: ArrayBuffer;
  /** Round trip measured in the browser, host included (ms). */
  durationMs: number;
  /** `Date.now()` when the response arrived. */
  receivedAt: number;
  /** A streamed answer (meta.streaming): each piece's end offset in `body` and its arrival (ms since the request started). */
  arrivals?: Array<[end: number, at: number]>;
}

/** A relay call that produced no target response: the host refused it, or it never arrived. */
export interface RelayFailure {
  /** HTTP status of the host's answer (422, 403, 419, 502, 504, …); absent for network errors. */
  status?: number;
  /** The host's error code (`TARGET_UNREACHABLE`, …) or `NETWORK_ERROR` / `TIMEOUT` / `ABORTED`. */
  code: string;
  message: string;
  field?: string;
}
