// @ts-check
// Which target answers the Node host relays as they arrive (the streaming relay frame, see
// protocol/frame-stream.js), and the writer of that frame. The rule:
//   - `text/event-stream`, `application/x-ndjson`, `application/jsonl` and `application/json-seq`
//     bodies stream from their first byte;
//   - a body without Content-Length (chunked or read to the close) that has not ended
//     SLOW_BODY_MS after its headers, with fewer than SLOW_BODY_BYTES arrived by then, streams from
//     that moment (what arrived so far is its first piece): a long poll or a slow chunked feed;
//   - every other body keeps the plain frame.
// HEAD answers, 204 and 304 have no body and never stream.
import { RELAY_FRAME_CONTENT_TYPE, encodeRelayFrameHead } from '../../protocol/frame.js';
import { encodeStreamEnd, encodeStreamPieceHead } from '../../protocol/frame-stream.js';

/** @typedef {import('../../protocol/types').RelayStreamHead} RelayStreamHead */
/** @typedef {import('../../protocol/types').RelayStreamTrailer} RelayStreamTrailer */
/** @typedef {import('../../protocol/types').RelayResponseMeta} RelayResponseMeta */

export const STREAM_CONTENT_TYPES = new Set(['text/event-stream', 'application/x-ndjson', 'application/jsonl', 'application/json-seq']);
export const SLOW_BODY_MS = 250;
export const SLOW_BODY_BYTES = 64 * 1024;

/**
 * @param {string} method
 * @param {number} status
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {'stream' | 'when-slow' | 'buffer'}
 */
export function streamRule(method, status, headers) {
  if (method === 'HEAD' || status === 204 || status === 304) return 'buffer';
  const type = String(headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (STREAM_CONTENT_TYPES.has(type)) return 'stream';
  return headers['content-length'] === undefined ? 'when-slow' : 'buffer';
}

/**
 * The head of a streamed frame: the answer's metadata without what only the end knows.
 * @param {RelayResponseMeta} meta
 * @returns {RelayStreamHead}
 */
export function streamHead(meta) {
  const { bodySize, bodyBytes, truncated, bodySizeKnown, timing, ...rest } = meta;
  return { streaming: true, ...rest, timing: { ttfbMs: timing.ttfbMs } };
}

/**
 * The trailer of a streamed frame, from the whole answer's metadata.
 * @param {RelayResponseMeta} meta
 * @param {RelayStreamTrailer['end']} end
 * @param {string} [message]
 * @returns {RelayStreamTrailer}
 */
export function streamTrailer(meta, end, message) {
  return {
    bodySize: meta.bodySize,
    bodyBytes: meta.bodyBytes,
    truncated: meta.truncated,
    ...(meta.bodySizeKnown === false ? { bodySizeKnown: false } : {}),
    timing: { totalMs: meta.timing.totalMs, ...(meta.timing.phases ? { phases: meta.timing.phases } : {}) },
    end,
    ...(message ? { message } : {}),
  };
}

/**
 * Writes a streamed relay frame to the browser's response.
 * @param {import('node:http').ServerResponse} res
 * @param {(head: RelayStreamHead) => RelayStreamHead} [amend] adds what the host knows (routesRevision)
 */
export function streamWriter(res, amend = (head) => head) {
  return {
    /** @param {RelayResponseMeta} meta the metadata known at the first byte */
    start(meta) {
      res.writeHead(200, { 'Content-Type': RELAY_FRAME_CONTENT_TYPE, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no' });
      res.write(encodeRelayFrameHead(/** @type {any} */ (amend(streamHead(meta)))));
    },
    /**
     * Sends one piece; `written` runs once it has left for the browser. False: wait for `drain`.
     * @param {Buffer} piece
     * @param {() => void} written
     */
    write(piece, written) {
      if (res.destroyed) return true;
      res.write(encodeStreamPieceHead(piece.length));
      return res.write(piece, () => written());
    },
    /** @param {() => void} resume */
    onDrain(resume) {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resume();
      };
      res.on('drain', done);
      res.on('close', done);
    },
    /** @param {RelayStreamTrailer} trailer */
    end(trailer) {
      if (!res.destroyed) res.end(encodeStreamEnd(trailer));
    },
  };
}
