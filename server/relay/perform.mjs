// @ts-check
// Sends one relayed request and answers with a relay frame: the metadata line, then the target's
// body bytes. Redirects are reported, not followed; bodies above the size limit are cut and
// flagged, with the full size still counted; a target that does not answer in time is a 504.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { parseSetCookie } from '../../protocol/cookies.js';
import { RELAY_FRAME_CONTENT_TYPE, encodeRelayFrameHead } from '../../protocol/frame.js';
import { serverTimings } from './server-timing.mjs';

/** @typedef {import('../../protocol/types').RelayResponseMeta} RelayResponseMeta */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** A relayed request that produced no target response. */
export class RelayTargetError extends Error {
  /**
   * @param {number} status
   * @param {'TARGET_UNREACHABLE' | 'TARGET_TIMEOUT'} code
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
 */

/**
 * @typedef {object} TargetResponse
 * @property {RelayResponseMeta} meta
 * @property {Buffer[]} chunks the kept body bytes (at most maxBodyBytes)
 */

/**
 * Performs the request and collects the answer. The body is held as the Buffers that arrived
 * (never joined, never a string), because the metadata line that comes first must state the full
 * size and the total time.
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
    const request = client.request(target, { method, agent, headers: /** @type {any} */ (rawHeaders.flat()), setHost: false });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timeout'));
    }, options.timeoutMs);
    const onAbort = () => request.destroy(new Error('aborted by the browser'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    request.on('error', (error) => {
      finish(() => reject(timedOut ? timeoutError(target, options.timeoutMs) : unreachableError(target, error)));
    });

    request.on('response', (upstream) => {
      const ttfbMs = performance.now() - started;
      /** @type {Buffer[]} */
      const chunks = [];
      let kept = 0;
      let total = 0;
      const decoded = decodeStream(upstream, String(upstream.headers['content-encoding'] ?? ''));
      decoded.on('data', (/** @type {Buffer} */ chunk) => {
        total += chunk.length;
        if (kept >= maxBodyBytes) return;
        const room = maxBodyBytes - kept;
        const slice = chunk.length > room ? chunk.subarray(0, room) : chunk;
        chunks.push(slice);
        kept += slice.length;
      });
      decoded.on('error', (error) => {
        finish(() => reject(timedOut ? timeoutError(target, options.timeoutMs) : unreachableError(target, error)));
        request.destroy();
      });
      decoded.on('end', () => {
        finish(() => {
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
            bodySize: total,
            bodyBytes: kept,
            truncated: total > kept,
            url: target.href,
            timing: { ttfbMs: round(ttfbMs), totalMs: round(performance.now() - started) },
          };
          if (status >= 300 && status < 400 && location) meta.redirectLocation = resolveLocation(location, target);
          const timings = serverTimings(headers);
          if (timings.length > 0) meta.trace = { timings };
          resolve({ meta, chunks });
        });
      });
    });

    if (options.body) request.end(options.body);
    else request.end();
  });
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
  for (const chunk of response.chunks) {
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
