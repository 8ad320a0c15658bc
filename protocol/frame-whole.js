// @ts-check
// Decodes a whole relay frame of either form, all its bytes there: for tests, the conformance
// suite and tools (the app reads frames as they arrive with readRelayFrame).
import { decodeRelayFrame, isStreamHead } from './frame.js';
import { decodeStreamedBody } from './frame-stream.js';

/** @typedef {import('./types').RelayResponseMeta} RelayResponseMeta */

/**
 * @param {ArrayBuffer | Uint8Array} frame
 * @returns {{ meta: RelayResponseMeta; body: Uint8Array }}
 */
export function decodeWholeRelayFrame(frame) {
  const { meta, body } = decodeRelayFrame(frame, { bodyFollows: true });
  return isStreamHead(meta) ? decodeStreamedBody(meta, body) : decodeRelayFrame(frame);
}
