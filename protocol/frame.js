// @ts-check
// The relay response frame: one line of JSON metadata (`RelayResponseMeta`), `\n`, then the raw
// body bytes. Bodies of tens of megabytes and binary bodies travel as they are, never re-encoded
// into a JSON string; JSON.stringify never emits a raw newline, so the first `\n` ends the metadata.
// A body that arrives over time (events, NDJSON) may come in the streaming form instead, told apart
// by `streaming: true` in the metadata line: see ./frame-stream.js.

/** @typedef {import('./types').RelayResponseMeta} RelayResponseMeta */
/** @typedef {import('./types').RelayStreamHead} RelayStreamHead */

/** Equal to RELAY_FRAME_CONTENT_TYPE in types.ts (a test checks it), usable from plain JavaScript. */
export const RELAY_FRAME_CONTENT_TYPE = 'application/vnd.kite.relay-frame';

const NEWLINE = 0x0a;

/** While reading a frame from a stream, control goes back to the event loop after this many bytes. */
const YIELD_EVERY_BYTES = 2 * 1024 * 1024;

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
 * Splits a whole frame into its metadata and a view of its body (no copy). A streamed frame is
 * refused here: decodeWholeRelayFrame (./frame-stream.js) decodes both forms. (The app loads the
 * streaming codec only when a streamed frame arrives, so this module does not import it.)
 * @param {ArrayBuffer | Uint8Array} frame
 * @param {{ bodyFollows?: boolean }} [options] `bodyFollows`: `frame` is only the metadata line,
 *   the body is read separately (its length is then not checked here)
 * @returns {{ meta: RelayResponseMeta; body: Uint8Array }}
 */
export function decodeRelayFrame(frame, options = {}) {
  const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame);
  const end = bytes.indexOf(NEWLINE);
  if (end === -1) throw new RelayFrameError('The relay response has no metadata line');
  const meta = parseMetaLine(bytes.subarray(0, end));
  const body = bytes.subarray(end + 1);
  if (options.bodyFollows) return { meta, body };
  if (isStreamHead(meta)) throw new RelayFrameError('The relay answer is a streamed frame: decode it with decodeWholeRelayFrame (protocol/frame-stream.js)');
  if (typeof meta.bodyBytes === 'number' && meta.bodyBytes !== body.length) {
    throw new RelayFrameError(`The relay body is cut short: ${body.length} of ${meta.bodyBytes} bytes arrived`);
  }
  return { meta, body };
}

/**
 * Whether a metadata line opens the streaming form (see ./frame-stream.js).
 * @param {unknown} meta
 * @returns {meta is RelayStreamHead}
 */
export function isStreamHead(meta) {
  return /** @type {{ streaming?: unknown }} */ (meta).streaming === true;
}

/**
 * @param {Uint8Array} line
 * @returns {RelayResponseMeta}
 */
function parseMetaLine(line) {
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(line));
  } catch (error) {
    throw new RelayFrameError(`The relay metadata line is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!meta || typeof meta !== 'object' || typeof meta.status !== 'number') {
    throw new RelayFrameError('The relay metadata line has no status');
  }
  return meta;
}

/**
 * Reads a frame from a byte stream into its metadata and a body buffer of its own. The body is
 * copied into one buffer of `meta.bodyBytes` as its chunks arrive, so no step copies the whole
 * body at once (a 100 MB answer assembled and then sliced on the page's thread held it for
 * 100 ms and more); without `bodyBytes` the buffer grows by doubling. A streamed frame is read
 * by ./frame-stream.js (loaded then): `onStream` learns its head at once and may return a function
 * that receives each run of body bytes as it arrives.
 * @param {ReadableStream<Uint8Array>} stream
 * @param {{ onStream?: (head: RelayStreamHead) => ((bytes: Uint8Array) => void) | void }} [options]
 * @returns {Promise<{ meta: RelayResponseMeta; body: ArrayBuffer }>}
 */
export async function readRelayFrame(stream, options = {}) {
  const reader = stream.getReader();
  try {
    /** @type {Uint8Array[]} */
    const head = [];
    let headLength = 0;
    /** @type {Uint8Array | null} */
    let rest = null;
    while (rest === null) {
      const { done, value } = await reader.read();
      if (done) throw new RelayFrameError('The relay response has no metadata line');
      const end = value.indexOf(NEWLINE);
      if (end === -1) {
        head.push(value);
        headLength += value.length;
        continue;
      }
      head.push(value.subarray(0, end + 1));
      headLength += end + 1;
      rest = value.subarray(end + 1);
    }
    const headBytes = new Uint8Array(headLength);
    let offset = 0;
    for (const part of head) {
      headBytes.set(part, offset);
      offset += part.length;
    }
    const meta = parseMetaLine(headBytes.subarray(0, headLength - 1));
    if (isStreamHead(meta)) {
      const onData = options.onStream?.(meta) ?? undefined;
      const { readStreamedBody } = await import('./frame-stream.js');
      return await readStreamedBody(reader, rest, meta, onData);
    }
    const expected = typeof meta.bodyBytes === 'number' ? meta.bodyBytes : null;
    let body = new Uint8Array(expected ?? Math.max(rest.length, 64 * 1024));
    let length = 0;
    /** @param {Uint8Array} chunk */
    const append = (chunk) => {
      if (length + chunk.length > body.length) {
        if (expected !== null) throw new RelayFrameError(`The relay body is longer than the ${expected} bytes the metadata says`);
        const grown = new Uint8Array(Math.max(body.length * 2, length + chunk.length));
        grown.set(body.subarray(0, length));
        body = grown;
      }
      body.set(chunk, length);
      length += chunk.length;
    };
    append(rest);
    // Chunks that already arrived are read in one go of promise callbacks: yield now and then so
    // that reading a large body never holds the page's thread for long.
    let sinceYield = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      append(value);
      sinceYield += value.length;
      if (sinceYield >= YIELD_EVERY_BYTES) {
        sinceYield = 0;
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
    if (expected !== null && length !== expected) throw new RelayFrameError(`The relay body is cut short: ${length} of ${expected} bytes arrived`);
    return { meta, body: length === body.length ? body.buffer : body.buffer.slice(0, length) };
  } finally {
    reader.releaseLock();
  }
}

/**
 * Whether a response's content type is a relay frame (and not a JSON error body).
 * @param {string | null | undefined} contentType
 */
export function isRelayFrame(contentType) {
  return typeof contentType === 'string' && contentType.split(';')[0].trim().toLowerCase() === RELAY_FRAME_CONTENT_TYPE;
}
