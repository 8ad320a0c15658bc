// @ts-check
// Sends one relayed request and answers with a relay frame: the metadata line, then the target's
// body bytes. Redirects are reported, not followed; at the size limit Kite stops reading, closes
// the target's connection and answers at once with what it kept, flagged; a target that does not
// answer in time is a 504; a body that would take the host past its budget of held bytes is a 503.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { parseSetCookie } from '../../protocol/cookies.js';
import { RELAY_FRAME_CONTENT_TYPE, encodeRelayFrameHead } from '../../protocol/frame.js';
import { serverTimings } from './server-timing.mjs';
import { SLOW_BODY_BYTES, SLOW_BODY_MS, streamRule } from './stream.mjs';

/** @typedef {import('../../protocol/types').RelayResponseMeta} RelayResponseMeta */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** Methods RFC 9110 calls idempotent: sent again once when a kept-alive connection was already closed. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** A relayed request that produced no target response. */
export class RelayTargetError extends Error {
  /**
   * @param {number} status
   * @param {'TARGET_UNREACHABLE' | 'TARGET_TIMEOUT' | 'RELAY_BUSY'} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.name = 'RelayTargetError';
    this.status = status;
    this.code = code;
  }
}

/**
 * @typedef {object} SendOptions
 * @property {string} method
 * @property {URL} target
 * @property {Array<[string, string]>} headers
 * @property {Buffer | null} body
 * @property {number} timeoutMs
 * @property {number} maxBodyBytes
 * @property {{ http: http.Agent; https: https.Agent }} agents
 * @property {AbortSignal} [signal] aborts when the browser goes away
 * @property {HeldBytes} [held] the host's budget of body bytes held at once (none: no budget)
 * @property {StreamSink} [stream] where a body that arrives over time goes as it arrives (see
 *   ./stream.mjs for which do); without it every body is collected
 */

/**
 * Where a streamed body goes (./stream.mjs streamWriter).
 * @typedef {object} StreamSink
 * @property {(meta: RelayResponseMeta) => void} start gets the metadata known at the first byte
 * @property {(piece: Buffer, written: () => void) => boolean} write false: wait for onDrain
 * @property {(resume: () => void) => void} onDrain
 */

/**
 * A relay's share of the host's budget of held body bytes (see server/relay/budget.mjs).
 * @typedef {object} HeldBytes
 * @property {(bytes: number) => boolean} take reserves bytes as they arrive; false when over budget
 * @property {(bytes: number) => void} [give] gives back bytes that have left (streamed pieces)
 * @property {number} limitBytes the budget, for the refusal's message
 */

/**
 * @typedef {object} TargetResponse
 * @property {RelayResponseMeta} meta
 * @property {Buffer[]} chunks the kept body bytes (at most maxBodyBytes); none when streamed
 * @property {{ end: import('../../protocol/types').RelayStreamEnd; message?: string }} [streamed]
 *   the body went to `stream` as it arrived, and how it ended
 */

/**
 * Performs the request and collects the answer. The body is held as the Buffers that arrived
 * (never joined, never a string), because the metadata line that comes first must state the size
 * and the total time. Past `maxBodyBytes` nothing more is read: the target's connection is closed
 * and the answer is what was kept, `truncated`, with the size the target declared, or else a lower
 * bound flagged `bodySizeKnown: false`.
 * @param {SendOptions} options
 * @returns {Promise<TargetResponse>}
 */
export function sendToTarget(options) {
  const { target, method, maxBodyBytes } = options;
  const started = performance.now();
  const client = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? options.agents.https : options.agents.http;

  return new Promise((resolve, reject) => {
    let settled = false;
    let timedOut = false;
    const finish = (/** @type {() => void} */ action) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      action();
    };

    // Raw pairs keep the user's header order and case; Node adds no Host to a raw list.
    const rawHeaders = options.headers.some(([name]) => name.toLowerCase() === 'host') ? options.headers : [['Host', target.host], ...options.headers];
    /** When the phases of the connection ended (performance.now()), for RelayTiming.phases. */
    let marks = { sent: started, lookup: 0, connect: 0, secure: 0 };
    /** @param {boolean} retried */
    const send = (retried) => {
      // The retry takes a connection of its own: the agent would hand it another idle one, which
      // the target may have closed as well (a burst's connections all idle past its keep-alive).
      const sent = client.request(target, { method, agent: retried ? false : agent, headers: /** @type {any} */ (rawHeaders.flat()), setHost: false });
      marks = { sent: performance.now(), lookup: 0, connect: 0, secure: 0 };
      // A new connection reports its DNS lookup (none for an IP address), TCP connect and TLS
      // handshake; a kept-alive one has none of them.
      sent.once('socket', (socket) => {
        if (!socket.connecting) return;
        socket.once('lookup', () => (marks.lookup = performance.now()));
        socket.once('connect', () => (marks.connect = performance.now()));
        socket.once('secureConnect', () => (marks.secure = performance.now()));
      });
      let responded = false;
      sent.on('error', (error) => {
        // A kept-alive connection the target closed while it lay idle: the request never reached
        // it, so an idempotent one is sent again, once, on a new connection (never a POST or PATCH).
        const reset = /** @type {{ code?: string }} */ (error).code === 'ECONNRESET' && sent.reusedSocket && !responded;
        if (reset && !retried && !timedOut && !settled && !options.signal?.aborted && IDEMPOTENT.has(method)) {
          request = send(true);
          return;
        }
        finish(() => reject(timedOut ? timeoutError(target, options.timeoutMs) : unreachableError(target, error)));
      });
      sent.on('response', (upstream) => {
        responded = true;
        collect(upstream);
      });
      if (options.body) sent.end(options.body);
      else sent.end();
      return sent;
    };
    let request = send(false);
    /** Ends a body that is streaming (set once it streams). */
    let endStream = /** @type {((end: 'timeout' | 'error', message: string) => void) | null} */ (null);
    const timer = setTimeout(() => {
      timedOut = true;
      // A stream still sending at the timeout ends with what it sent, and says so.
      endStream?.('timeout', `The target was still sending after ${options.timeoutMs} ms (the relay timeout); Kite closed its connection`);
      request.destroy(new Error('timeout'));
    }, options.timeoutMs);
    const onAbort = () => request.destroy(new Error('aborted by the browser'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    /** @param {import('node:http').IncomingMessage} upstream */
    const collect = (upstream) => {
      const ttfbMs = performance.now() - started;
      /** @type {Buffer[]} */
      const chunks = [];
      let kept = 0;
      let total = 0;
      const encoding = String(upstream.headers['content-encoding'] ?? '');
      const decoded = decodeStream(upstream, encoding);
      /** @type {TargetResponse['streamed']} */
      let streamed;
      /** @param {{ bodySize: number; truncated: boolean; bodySizeKnown?: false }} size */
      const answer = (size) =>
        finish(() => {
          const endedAt = performance.now();
          clearTimeout(slowTimer);
          resolve({ meta: responseMeta(upstream, target, { ...size, bodyBytes: kept, ttfbMs, totalMs: endedAt - started, phases: connectionPhases(marks, started + ttfbMs, endedAt) }), chunks, streamed });
        });

      // A body that arrives over time goes on as it arrives (./stream.mjs says which).
      const sink = options.stream;
      const rule = sink ? streamRule(method, upstream.statusCode ?? 0, upstream.headers) : 'buffer';
      /** @param {Buffer} piece */
      const forward = (piece) => {
        const ok = /** @type {StreamSink} */ (sink).write(piece, () => options.held?.give?.(piece.length));
        if (!ok) {
          decoded.pause();
          /** @type {StreamSink} */ (sink).onDrain(() => decoded.resume());
        }
      };
      const startStreaming = () => {
        if (settled || streamed) return;
        streamed = { end: 'complete' };
        /** @type {StreamSink} */ (sink).start(responseMeta(upstream, target, { bodySize: 0, bodyBytes: 0, truncated: false, ttfbMs, totalMs: ttfbMs, phases: connectionPhases(marks, started + ttfbMs, started + ttfbMs) }));
        for (const chunk of chunks.splice(0)) forward(chunk);
        endStream = (end, message) => {
          if (streamed) streamed = { end, message };
          answer({ bodySize: total, truncated: false });
        };
      };
      if (rule === 'stream') startStreaming();
      const slowTimer = rule === 'when-slow' ? setTimeout(() => kept < SLOW_BODY_BYTES && startStreaming(), SLOW_BODY_MS) : undefined;

      decoded.on('data', (/** @type {Buffer} */ chunk) => {
        if (settled) return;
        total += chunk.length;
        const room = maxBodyBytes - kept;
        const slice = chunk.length > room ? chunk.subarray(0, room) : chunk;
        if (options.held && !options.held.take(slice.length)) {
          if (streamed) {
            streamed = { end: 'error', message: busyError(options.held.limitBytes).message };
            answer({ bodySize: total, truncated: true, bodySizeKnown: false });
          } else finish(() => reject(busyError(options.held?.limitBytes ?? 0)));
          request.destroy();
          return;
        }
        if (slice.length) {
          if (streamed) forward(slice);
          else chunks.push(slice);
        }
        kept += slice.length;
        if (chunk.length <= room) return;
        // Over the limit: read no further, however long the body goes on.
        if (streamed) streamed = { end: 'limit' };
        const declared = encoding.trim() === '' ? Number(upstream.headers['content-length']) : Number.NaN;
        answer(Number.isSafeInteger(declared) && declared >= total ? { bodySize: declared, truncated: true } : { bodySize: total, truncated: true, bodySizeKnown: false });
        request.destroy();
      });
      decoded.on('error', (error) => {
        // A streamed body has already begun: it ends, saying why, rather than becoming an error.
        if (streamed && !options.signal?.aborted) endStream?.(timedOut ? 'timeout' : 'error', timedOut ? timeoutError(target, options.timeoutMs).message : unreachableError(target, error).message);
        finish(() => reject(timedOut ? timeoutError(target, options.timeoutMs) : unreachableError(target, error)));
        request.destroy();
      });
      decoded.on('end', () => answer({ bodySize: total, truncated: false }));
    };
  });
}

/**
 * The phases of one target call (RelayTiming.phases), from the moments its connection reached
 * each step: DNS (only for a name), connect and TLS (only on a new connection), waiting from the
 * request being on its way to the first byte, and the download.
 * @param {{ sent: number; lookup: number; connect: number; secure: number }} marks
 * @param {number} firstByteAt
 * @param {number} endedAt
 */
export function connectionPhases(marks, firstByteAt, endedAt) {
  /** @type {NonNullable<RelayResponseMeta['timing']['phases']>} */
  const phases = {};
  let at = marks.sent;
  if (marks.lookup) {
    phases.dnsMs = round(marks.lookup - at);
    at = marks.lookup;
  }
  if (marks.connect) {
    phases.connectMs = round(marks.connect - at);
    at = marks.connect;
  }
  if (marks.secure) {
    phases.tlsMs = round(marks.secure - at);
    at = marks.secure;
  }
  phases.waitMs = round(Math.max(0, firstByteAt - at));
  phases.downloadMs = round(Math.max(0, endedAt - firstByteAt));
  return phases;
}

/**
 * The metadata line of a target's answer.
 * @param {import('node:http').IncomingMessage} upstream
 * @param {URL} target
 * @param {{ bodySize: number; bodyBytes: number; truncated: boolean; bodySizeKnown?: false; ttfbMs: number; totalMs: number; phases: NonNullable<RelayResponseMeta['timing']['phases']> }} body
 * @returns {RelayResponseMeta}
 */
function responseMeta(upstream, target, body) {
  /** @type {Array<[string, string]>} */
  const headers = [];
  for (let i = 0; i < upstream.rawHeaders.length; i += 2) headers.push([upstream.rawHeaders[i], upstream.rawHeaders[i + 1]]);
  const cookies = headers
    .filter(([name]) => name.toLowerCase() === 'set-cookie')
    .map(([, value]) => parseSetCookie(value))
    .filter((cookie) => cookie !== null);
  const status = upstream.statusCode ?? 0;
  const location = upstream.headers.location;
  /** @type {RelayResponseMeta} */
  const meta = {
    status,
    statusText: upstream.statusMessage ?? '',
    headers,
    cookies: /** @type {import('../../protocol/types').RelayCookie[]} */ (cookies),
    bodySize: body.bodySize,
    bodyBytes: body.bodyBytes,
    truncated: body.truncated,
    ...(body.bodySizeKnown === false ? { bodySizeKnown: false } : {}),
    url: target.href,
    timing: { ttfbMs: round(body.ttfbMs), totalMs: round(body.totalMs), phases: body.phases },
  };
  if (status >= 300 && status < 400 && location) meta.redirectLocation = resolveLocation(location, target);
  const timings = serverTimings(headers);
  if (timings.length > 0) meta.trace = { timings };
  return meta;
}

/**
 * Writes a collected response as a relay frame, honouring the socket's back-pressure.
 * @param {ServerResponse} res
 * @param {TargetResponse} response
 */
export async function writeRelayFrame(res, response) {
  const head = encodeRelayFrameHead(response.meta);
  res.writeHead(200, {
    'Content-Type': RELAY_FRAME_CONTENT_TYPE,
    'Content-Length': head.length + response.meta.bodyBytes,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (!res.write(head)) await drained(res);
  // Taken out of the array the target's 'data' listener fills: that listener lives as long as the
  // kept-alive connection it came on, and through the array it kept every answered body alive.
  for (const chunk of response.chunks.splice(0)) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await drained(res);
  }
  res.end();
}

/** @param {ServerResponse} res */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve(undefined);
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Decodes a compressed body when the target compressed it (only when the user asked for it with
 * Accept-Encoding, since Node sends none by default), so the app always shows readable bytes.
 * @param {import('node:http').IncomingMessage} upstream
 * @param {string} encoding
 * @returns {NodeJS.ReadableStream}
 */
function decodeStream(upstream, encoding) {
  const kind = encoding.trim().toLowerCase();
  const decoder = kind === 'gzip' || kind === 'x-gzip' ? createGunzip() : kind === 'deflate' ? createInflate() : kind === 'br' ? createBrotliDecompress() : null;
  if (!decoder) return upstream;
  upstream.on('error', (error) => decoder.destroy(error));
  return upstream.pipe(decoder);
}

/**
 * @param {string} location
 * @param {URL} base
 */
function resolveLocation(location, base) {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

/**
 * @param {URL} target
 * @param {number} timeoutMs
 */
function timeoutError(target, timeoutMs) {
  return new RelayTargetError(504, 'TARGET_TIMEOUT', `${target.origin} did not answer within ${timeoutMs} ms`);
}

/** @param {number} limitBytes */
function busyError(limitBytes) {
  const mb = Math.round(limitBytes / 1024 / 1024);
  return new RelayTargetError(503, 'RELAY_BUSY', `Kite would hold more than ${mb} MB of response bodies at once (other answers are still being read or sent); try again, or raise --max-held-mb (now ${mb})`);
}

const REASONS = /** @type {Record<string, string>} */ ({
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
  Z_DATA_ERROR: 'its compressed body is corrupt',
});

/**
 * @param {URL} target
 * @param {unknown} error
 */
function unreachableError(target, error) {
  const code = /** @type {{ code?: string }} */ (error)?.code;
  const reason = (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
  return new RelayTargetError(502, 'TARGET_UNREACHABLE', `Could not reach ${target.origin}: ${reason}${code ? ` (${code})` : ''}`);
}

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 100) / 100;
}
