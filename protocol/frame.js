// @ts-check
// The relay response frame: one line of JSON metadata (`RelayResponseMeta`), `\n`, then the raw
// body bytes. Bodies of tens of megabytes and binary bodies travel as they are, never re-encoded
// into a JSON string; JSON.stringify never emits a raw newline, so the first `\n` ends the metadata.

/** @typedef {import('./types').RelayResponseMeta} RelayResponseMeta */

/** Equal to RELAY_FRAME_CONTENT_TYPE in types.ts (a test checks it), usable from plain JavaScript. */
export const RELAY_FRAME_CONTENT_TYPE = 'application/vnd.kite.relay-frame';

const NEWLINE = 0x0a;

/**
 * The bytes that open a frame: the metadata line and its newline. The body bytes follow.
 * @param {RelayResponseMeta} meta
 * @returns {Uint8Array}
 */
export function encodeRelayFrameHead(meta) {
  return new TextEncoder().encode(`${JSON.stringify(meta)}\n`);
}

/** Thrown when bytes are not a well-formed relay frame. */
export class RelayFrameError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'RelayFrameError';
  }
}

/**
 * Splits a whole frame into its metadata and a view of its body (no copy).
 * @param {ArrayBuffer | Uint8Array} frame
 * @returns {{ meta: RelayResponseMeta; body: Uint8Array }}
 */
export function decodeRelayFrame(frame) {
  const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame);
  const end = bytes.indexOf(NEWLINE);
  if (end === -1) throw new RelayFrameError('The relay response has no metadata line');
  /** @type {RelayResponseMeta} */
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)));
  } catch (error) {
    throw new RelayFrameError(`The relay metadata line is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!meta || typeof meta !== 'object' || typeof meta.status !== 'number') {
    throw new RelayFrameError('The relay metadata line has no status');
  }
  const body = bytes.subarray(end + 1);
  if (typeof meta.bodyBytes === 'number' && meta.bodyBytes !== body.length) {
    throw new RelayFrameError(`The relay body is cut short: ${body.length} of ${meta.bodyBytes} bytes arrived`);
  }
  return { meta, body };
}

/**
 * Whether a response's content type is a relay frame (and not a JSON error body).
 * @param {string | null | undefined} contentType
 */
export function isRelayFrame(contentType) {
  return typeof contentType === 'string' && contentType.split(';')[0].trim().toLowerCase() === RELAY_FRAME_CONTENT_TYPE;
}
