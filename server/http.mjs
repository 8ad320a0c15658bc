// @ts-check
// Small response helpers shared by the page, the protocol endpoints and the demo API.

import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('../protocol/types').ErrorBody} ErrorBody */

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string | string[]>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  sendString(res, status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

/**
 * Answers with the protocol's error body `{ error: { code, message, field? } }`.
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} code
 * @param {string} message
 * @param {string} [field]
 */
export function sendError(res, status, code, message, field) {
  /** @type {ErrorBody} */
  const body = { error: field === undefined ? { code, message } : { code, message, field } };
  sendJson(res, status, body);
}

/**
 * Answers with a plain-text page (a refusal a person reads in the browser).
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} text
 */
export function sendText(res, status, text) {
  sendString(res, status, text, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} text
 * @param {Record<string, string | string[]>} headers
 */
function sendString(res, status, text, headers) {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...headers });
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

/** Thrown while reading a request body that is larger than allowed. */
export class BodyTooLargeError extends Error {
  /** @param {number} limit */
  constructor(limit) {
    super(`The request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
    this.limit = limit;
  }
}

/**
 * Reads a request body into one Buffer, refusing more than `limit` bytes.
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError(limit));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

/**
 * The request's path and query, parsed once; never throws on odd request targets.
 * @param {IncomingMessage} req
 */
export function requestUrl(req) {
  try {
    return new URL(req.url ?? '/', 'http://kite.invalid');
  } catch {
    return new URL('http://kite.invalid/');
  }
}

/**
 * The compression the client accepts, brotli preferred; null for none. A `q=0` refuses a coding.
 * @param {IncomingMessage} req
 * @returns {'br' | 'gzip' | null}
 */
export function acceptedEncoding(req) {
  const header = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  /** @type {Map<string, number>} */
  const accepted = new Map();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (coding) accepted.set(coding.trim(), q ? Number(q[1]) : 1);
  }
  for (const coding of /** @type {const} */ (['br', 'gzip'])) if ((accepted.get(coding) ?? 0) > 0) return coding;
  return null;
}

/**
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 */
export function compress(body, encoding) {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  // Quality 5: most of brotli's gain at a fraction of the maximum's time on multi-MB catalogues.
  return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
}
