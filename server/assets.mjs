// @ts-check
// Serves the built bundle (dist/) under the assets URL: content types, immutable caching for
// content-hashed files, revalidation (ETag) for the stable entries, and no path escapes.
import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { sendError } from './http.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
});

/** Folders whose file names carry a content hash (see build.mjs), so they never change. */
const HASHED_FOLDERS = ['chunks/', 'assets/'];

/**
 * @param {string} file
 * @returns {string}
 */
export function contentTypeOf(file) {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * @param {string} relativePath path inside dist/, with `/` separators
 * @returns {string}
 */
export function cacheControlOf(relativePath) {
  return HASHED_FOLDERS.some((folder) => relativePath.startsWith(folder))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Serves `relativePath` from `distDir`; answers 404 for anything missing or outside it.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} distDir
 * @param {string} relativePath URL-encoded path inside dist/
 */
export function serveAsset(req, res, distDir, relativePath) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on assets`);
    return;
  }
  let decoded;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    sendError(res, 404, 'NOT_FOUND', 'No such asset');
    return;
  }
  const root = resolve(distDir);
  const file = resolve(root, `.${sep}${decoded}`);
  if (decoded.includes('\0') || !file.startsWith(root + sep)) {
    sendError(res, 404, 'NOT_FOUND', 'No such asset');
    return;
  }
  let stats;
  try {
    stats = statSync(file);
  } catch {
    stats = null;
  }
  if (!stats || !stats.isFile()) {
    sendError(res, 404, 'NOT_FOUND', `No such asset: ${decoded}`);
    return;
  }
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': contentTypeOf(file),
    'Cache-Control': cacheControlOf(decoded),
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stats.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
