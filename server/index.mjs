// @ts-check
// The Node host: the page, the bundle and the host protocol as one `(req, res, next)` handler that
// mounts on `node:http`, Connect or Express, plus `startKite` that runs it as its own server.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeMountPath } from '../protocol/endpoints.js';
import { serveAsset } from './assets.mjs';
import { requestUrl, sendError } from './http.mjs';
import { readPageTemplate, renderPage } from './page.mjs';
import { createXsrf } from './xsrf.mjs';
import { readCookie } from '../protocol/cookies.js';
import { XSRF_COOKIE } from '../protocol/endpoints.js';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('../protocol/types').KiteConfig} KiteConfig */
/** @typedef {import('../protocol/types').KiteLinks} KiteLinks */
/** @typedef {import('../protocol/types').GlobalHeader} GlobalHeader */

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The Node host's own version (package.json). */
export const HOST_VERSION = /** @type {string} */ (PACKAGE.version);
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * @typedef {object} KiteOptions
 * @property {string} [path] mount path of the page and the protocol (default `/http-client`)
 * @property {string} [assetsUrl] where the bundle is served from (default `/vendor/kite`); a path
 *   is served by this handler, a full URL is left to whoever serves it
 * @property {string} [distDir] the built bundle (default: this package's dist/)
 * @property {Partial<KiteLinks>} [links]
 * @property {GlobalHeader[]} [globalHeaders]
 * @property {string} [publishCommand] shown by the app when the served bundle is stale
 * @property {boolean} [redirectRoot] answer `/` with a redirect to the mount path (standalone server)
 */

/**
 * Creates the host as a `(req, res, next)` handler. Requests it does not own go to `next`, or get
 * a 404 when there is none.
 * @param {KiteOptions} [options]
 */
export function createKiteHandler(options = {}) {
  const mountPath = normalizeMountPath(options.path ?? '/http-client');
  const assetsUrl = (options.assetsUrl ?? '/vendor/kite').replace(/\/+$/, '');
  const servesAssets = assetsUrl.startsWith('/');
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const apiPrefix = `${mountPath}/api`;
  const template = readPageTemplate();
  const xsrf = createXsrf();

  /** @returns {KiteConfig} */
  function pageConfig() {
    return {
      basePath: mountPath,
      assetsUrl,
      apiUrl: apiPrefix,
      version: HOST_VERSION,
      host: 'node',
      publishCommand: options.publishCommand ?? 'npm run build',
      links: options.links ?? {},
      applications: [],
      globalHeaders: options.globalHeaders ?? [],
    };
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  function servePage(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendError(res, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on the page`);
      return;
    }
    const html = renderPage(template, pageConfig());
    /** @type {Record<string, string | number>} */
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    };
    // Keep a genuine token the browser already holds, so several open tabs stay valid.
    if (!xsrf.isGenuine(readCookie(req.headers.cookie, XSRF_COOKIE))) {
      headers['Set-Cookie'] = xsrf.cookieHeader(xsrf.issue(), mountPath);
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {(error?: unknown) => void} [next]
   */
  function handler(req, res, next) {
    const { pathname } = requestUrl(req);
    if (servesAssets && pathname.startsWith(`${assetsUrl}/`)) {
      serveAsset(req, res, distDir, pathname.slice(assetsUrl.length + 1));
      return;
    }
    if (pathname === apiPrefix || pathname.startsWith(`${apiPrefix}/`)) {
      sendError(res, 404, 'NOT_FOUND', `No protocol endpoint at ${pathname}`);
      return;
    }
    if (mountPath === '' || pathname === mountPath || pathname.startsWith(`${mountPath}/`)) {
      servePage(req, res);
      return;
    }
    if (options.redirectRoot && pathname === '/') {
      res.writeHead(302, { Location: mountPath || "/", 'Content-Length': 0 });
      res.end();
      return;
    }
    if (next) next();
    else sendError(res, 404, 'NOT_FOUND', `Nothing at ${pathname}; Kite is at ${mountPath || '/'}`);
  }

  return handler;
}

/**
 * Runs the host as its own server on `host:port` (port 0 picks a free port).
 * @param {KiteOptions & { port?: number; host?: string }} [options]
 * @returns {Promise<{ server: import('node:http').Server; url: string; close: () => Promise<void> }>}
 */
export async function startKite(options = {}) {
  const handler = createKiteHandler({ redirectRoot: true, ...options });
  const server = createServer((req, res) => handler(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}${normalizeMountPath(options.path ?? '/http-client')}`;
  return {
    server,
    url,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
