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
}
