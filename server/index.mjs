// @ts-check
// The Node host: the page, the bundle and the host protocol as one `(req, res, next)` handler that
// mounts on `node:http`, Connect or Express, plus `startKite` that runs it as its own server.
import { createServer } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS, DEFAULT_RELAY_TIMEOUT_MS, isMainScreenPath, normalizeMountPath, PAGE_ROUTES_MAX_BYTES } from '../protocol/endpoints.js';
import { serveAsset } from './assets.mjs';
import { acceptedEncoding, compress, requestUrl, sendError, sendJson, sendText } from './http.mjs';
import { initialChunks, pageRoutesElement, readManifest, readPageTemplate, renderPage } from './page.mjs';
import { createXsrf } from './xsrf.mjs';
import { demoApplication, loadApplications, reloadApplication, routesRevision } from './applications.mjs';
import { ROUTES_FORMAT, routeAsSent, routeIndexAsSent } from '../protocol/route-refs.js';
import { watchFiles } from './openapi/watch.mjs';
import { createDemoApi, DEMO_IMPERSONATE_HEADER, DEMO_PATH } from './demo/api.mjs';
import { originOf } from './relay/target.mjs';
import { relayEndpoint } from './endpoints/relay.mjs';
import { oauthTokenEndpoint } from './endpoints/oauth-token.mjs';
import { runEndpoint } from './endpoints/run.mjs';
import { createWorkspace, workspaceEndpoint } from './workspace.mjs';
import { createHeldBudget } from './relay/budget.mjs';
import { collectSoon, releaseWhenIdle } from './relay/idle-release.mjs';
import { createHostCheck, isWildcardAddress } from './host-check.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('../protocol/types').KiteConfig} KiteConfig */
/** @typedef {import('../protocol/types').KiteLinks} KiteLinks */
/** @typedef {import('../protocol/types').GlobalHeader} GlobalHeader */
/** @typedef {import('../protocol/types').RoutesResponse} RoutesResponse */
/** @typedef {import('../protocol/types').StatusResponse} StatusResponse */
/** @typedef {import('./applications.mjs').OpenApiSource} OpenApiSource */
/** @typedef {import('./applications.mjs').LoadedApplication} LoadedApplication */

import { HOST_VERSION } from './version.mjs';

/** The Node host's own version (package.json). */
export { HOST_VERSION };
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
export const DEFAULT_MAX_BODY_MB = 100;
export const DEFAULT_MAX_HELD_MB = 512;

/**
 * @typedef {object} KiteOptions
 * @property {string} [path] mount path of the page and the protocol (default `/http-client`)
 * @property {string} [assetsUrl] where the bundle is served from (default `/vendor/kite`); a path
 *   is served by this handler, a full URL is left to whoever serves it
 * @property {string} [distDir] the built bundle (default: this package's dist/)
 * @property {Array<string | OpenApiSource>} [openapi] OpenAPI documents, one application each
 * @property {string | string[]} [target] base URLs the relay sends to, matched to `openapi` by position
 * @property {string[]} [allow] further base URLs the relay may reach (with everything below them)
 * @property {string[]} [allowedHosts] host names (or addresses) the browser may use to reach Kite,
 *   besides `localhost`, `127.0.0.1`, `[::1]` and the address a request arrived on; any other Host
 *   header is refused with 403, and so is a protocol or demo call whose Origin is on another host
 * @property {number} [maxBodyMb] target bodies above this are cut and flagged (default 100)
 * @property {number} [maxHeldMb] response-body bytes all relays may hold at once; beyond it a relay
 *   is refused with 503 RELAY_BUSY (default 512)
 * @property {string | null} [impersonateHeader] header that carries the user id for `impersonate`;
 *   unset means impersonation is refused (the demo uses `X-Kite-Impersonate` unless given `null`)
 * @property {boolean} [demo] mount the demo API under `/demo` (default: when no `openapi` is given)
 * @property {number} [defaultTimeoutMs] relay timeout when a request names none (default 30000)
 * @property {string} [environment] shown by `GET status` (default: NODE_ENV or `development`)
 * @property {Partial<KiteLinks>} [links]
 * @property {GlobalHeader[]} [globalHeaders]
 * @property {string} [publishCommand] shown by the app when the served bundle is stale
 * @property {boolean} [redirectRoot] answer `/` with a redirect to the mount path (standalone server)
 * @property {boolean} [watch] read `openapi` files again when they change (default true)
 * @property {(line: string) => void} [log] where reload problems are reported (default console.warn)
 * @property {string} [workspace] folder of saved requests and environments (default `.kite` in the
 *   directory the process runs in)
 */

/**
 * Creates the host as a `(req, res, next)` handler. Requests it does not own go to `next`, or get
 * a 404 when there is none. Throws an OpenApiLoadError when a document cannot be read.
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
  const hostCheck = createHostCheck({ allowedHosts: options.allowedHosts });
  const sources = options.openapi ?? [];
  const demo = options.demo ?? sources.length === 0;
  const impersonateHeader = options.impersonateHeader === undefined ? (demo ? DEMO_IMPERSONATE_HEADER : null) : options.impersonateHeader || null;
  const maxBodyBytes = Math.floor((options.maxBodyMb ?? DEFAULT_MAX_BODY_MB) * 1024 * 1024);
  /** @type {ReturnType<typeof releaseWhenIdle> | undefined} */
  let idleRelease;
  const heldBudget = createHeldBudget(Math.floor((options.maxHeldMb ?? DEFAULT_MAX_HELD_MB) * 1024 * 1024), { took: (bytes) => idleRelease?.took(bytes), emptied: () => idleRelease?.emptied() });
  idleRelease = releaseWhenIdle(heldBudget);
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS;
  const environment = options.environment ?? process.env.NODE_ENV ?? 'development';
  const targets = options.target === undefined ? [] : Array.isArray(options.target) ? options.target : [options.target];
  /** @type {LoadedApplication[]} */
  let applications = [...(demo ? [demoApplication()] : []), ...loadApplications(sources, targets)];
  const allowedUrls = (options.allow ?? []).map((url) => url.replace(/\/+$/, ''));
  let revision = routesRevision(applications);
  // Reading a document leaves its parse and conversion behind: collected now, not kept as RSS.
  if (sources.length) collectSoon();
  const log = options.log ?? ((/** @type {string} */ line) => console.warn(line));
  const demoApi = demo ? createDemoApi({ impersonateHeader }) : null;
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  /** @type {Map<string, Buffer>} */
  const routesCache = new Map();
  /** @type {WeakMap<Buffer, Buffer>} the route index of each routes body (GET routes/index; the page of a large one) */
  const routeIndexes = new WeakMap();
  /** A routes body from this size on is followed by a full collection (see routesJson). */
  const LARGE_ROUTES_BYTES = 1024 * 1024;
  /** The XSRF check of every write endpoint; a refusal brings a fresh token, so the app can retry after a host restart. */
  const xsrfGuard = {
    verify: (/** @type {IncomingMessage} */ req) => xsrf.verify(req),
    refuse: (/** @type {ServerResponse} */ res) => {
      res.setHeader('Set-Cookie', xsrf.cookieHeader(xsrf.issue(), mountPath));
      sendError(res, 419, 'XSRF_MISMATCH', 'The X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie; reload the page');
    },
  };
  const serveWorkspace = workspaceEndpoint(createWorkspace(options.workspace ?? '.kite'), xsrfGuard);
  const serveRelay = relayEndpoint({
    xsrf: { ...xsrfGuard, isGenuine: (token) => xsrf.isGenuine(token) },
    applications: (req) => resolvedApplications(req),
    relayBases: (apps) => relayBases(apps),
    routesRevision: () => revision,
    impersonateHeader,
    maxBodyBytes,
    defaultTimeoutMs,
    heldBudget,
    agents,
    userAgent: `Kite/${HOST_VERSION}`,
  });
  const serveOAuthToken = oauthTokenEndpoint({
    xsrf: xsrfGuard,
    applications: (req) => resolvedApplications(req),
    relayBases: (apps) => relayBases(apps),
    userAgent: `Kite/${HOST_VERSION}`,
  });
  const serveRun = runEndpoint({
    xsrf: xsrfGuard,
    applications: (req) => resolvedApplications(req),
    relayBases: (apps) => relayBases(apps),
    impersonateHeader,
    maxBodyBytes,
    timeoutMs: defaultTimeoutMs,
    userAgent: `Kite/${HOST_VERSION}`,
  });

  /**
   * An OpenAPI file changed on disk: convert it again. A document that no longer reads keeps the
   * routes it had, so a half-saved edit never empties the explorer; the log names the problem.
   * @param {string} file
   */
  function reload(file) {
    const index = sources.findIndex((source) => (typeof source === 'string' ? source : source.file) === file);
    const position = applications.findIndex((app) => app.file === file);
    if (index === -1 || position === -1) return;
    let next;
    try {
      next = reloadApplication(applications[position], sources[index], index, targets[index]);
    } catch (error) {
      log(`kite: kept the previous routes of ${file}: ${error instanceof Error ? error.message.replace(`${file}: `, '') : String(error)}`);
      return;
    }
    applications = applications.map((app, i) => (i === position ? next : app));
    const nextRevision = routesRevision(applications);
    if (nextRevision === revision) return;
    revision = nextRevision;
    routesCache.clear();
    collectSoon();
    warmRoutes();
  }
  const watchedFiles = sources.map((source) => (typeof source === 'string' ? source : source.file)).filter((file) => typeof file === 'string');
  const stopWatching = options.watch === false || watchedFiles.length === 0 ? () => {} : watchFiles(/** @type {string[]} */ (watchedFiles), reload, { log });

  /**
   * The applications with their base URLs as this request sees them. The demo lives on this very
   * server, so its base URL is the address the request arrived at (never the Host header, which
   * the browser controls).
   * @param {IncomingMessage} req
   * @returns {Array<LoadedApplication & { baseUrl: string }>}
   */
  function resolvedApplications(req) {
    return applications.map((app) => ({ ...app, baseUrl: app.baseUrl ?? `${localOrigin(req)}${DEMO_PATH}` }));
  }

  /**
   * The base URLs the relay may reach (and anything below them): the applications' and those
   * given with `--allow`.
   * @param {Array<{ baseUrl: string }>} apps from {@link resolvedApplications}
   * @returns {string[]}
   */
  function relayBases(apps) {
    return [...new Set([...apps.map((app) => app.baseUrl.replace(/\/+$/, '')), ...allowedUrls])];
  }

  /** @param {IncomingMessage} req */
  function pageConfig(req) {
    /** @type {KiteConfig} */
    const config = {
      basePath: mountPath,
      assetsUrl,
      apiUrl: apiPrefix,
      version: HOST_VERSION,
      host: 'node',
      // The Node host reads no application's database: the app must not ask for data pickers.
      dataPickers: false,
      publishCommand: options.publishCommand ?? 'npm run build',
      links: options.links ?? {},
      applications: resolvedApplications(req).map((app) => ({ id: app.id, name: app.name, baseUrl: app.baseUrl, ...documentedAuth(app) })),
      globalHeaders: options.globalHeaders ?? [],
    };
    return config;
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
    // The main screen's page carries the routes, so its first render needs no routes call.
    const mainScreen = isMainScreenPath(requestUrl(req).pathname, mountPath);
    const routesElement = mainScreen ? pageRoutesElement(pageRoutesJson(req)) : '';
    const html = renderPage(template, pageConfig(req), servesAssets ? initialChunks(distDir, mainScreen) : [], routesElement);
    // The page may carry up to PAGE_ROUTES_MAX_BYTES of routes: worth compressing.
    const encoding = Buffer.byteLength(html) > 4096 ? acceptedEncoding(req) : null;
    const payload = encoding ? compress(Buffer.from(html), encoding) : html;
    /** @type {Record<string, string | number>} */
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(payload),
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    };
    // Keep a genuine token the browser already holds, so several open tabs stay valid.
    if (!xsrf.holdsGenuine(req)) {
      headers['Set-Cookie'] = xsrf.cookieHeader(xsrf.issue(), mountPath);
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /**
   * The authorization the application's document declares, where the host has no session to act
   * as: with an impersonation header it relays as a user, and "Currently Logged-in User" stays.
   * @param {LoadedApplication} app
   */
  function documentedAuth(app) {
    return impersonateHeader === null && app.defaultAuthorization ? { defaultAuthorization: app.defaultAuthorization } : {};
  }

  /**
   * The RoutesResponse for this request's applications as JSON, built once per revision.
   * @param {IncomingMessage} req
   * @returns {Buffer}
   */
  function routesJson(req) {
    return routesJsonOf(resolvedApplications(req));
  }

  /**
   * @param {Array<LoadedApplication & { baseUrl: string }>} apps
   * @returns {Buffer}
   */
  function routesJsonOf(apps) {
    const key = apps.map((app) => app.baseUrl).join('\n');
    let body = routesCache.get(key);
    if (!body) {
      /** @type {import('../protocol/types').RoutesResponseAsSent} */
      const response = {
        application: apps[0]?.id ?? '',
        applications: apps.map((app) => ({ id: app.id, name: app.name, baseUrl: app.baseUrl, ...documentedAuth(app), routes: app.routes.map(routeAsSent), ...(Object.keys(app.$defs ?? {}).length ? { $defs: app.$defs } : {}), ...(app.parameters ? { parameters: app.parameters } : {}), ...(app.responses ? { responses: app.responses } : {}), ...(app.securitySchemes ? { securitySchemes: app.securitySchemes } : {}) })),
        revision,
        // Format 2 (shared parameters and responses, derivable fields left out): a reader that
        // knows only format 1 must refuse it.
        format: ROUTES_FORMAT,
      };
      body = Buffer.from(JSON.stringify(response));
      routesCache.set(key, body);
      routeIndexes.set(body, Buffer.from(JSON.stringify(routeIndexAsSent(response))));
      // Building a large body leaves its copies and its string behind (Graph's: ~50 MB of heap).
      if (body.length >= LARGE_ROUTES_BYTES) collectSoon();
    }
    return body;
  }

  /**
   * Builds the routes and their index as soon as the host is up or a document changed, so the
   * first page and the first routes call find them ready (GitHub's document: ~100 ms, on the first
   * navigation's path otherwise). Only when no application's base URL depends on the request (the
   * demo's does). Not their brotli: made in the thread pool it left ~10 MB more RSS with Graph's
   * document (glibc keeps a worker thread's arena), and the first call compresses them anyway.
   */
  let warming = /** @type {NodeJS.Immediate | undefined} */ (undefined);
  function warmRoutes() {
    clearImmediate(warming);
    if (applications.some((app) => !app.baseUrl)) return;
    warming = setImmediate(() => routesJsonOf(/** @type {Array<LoadedApplication & { baseUrl: string }>} */ (applications)));
  }
  warmRoutes();

  /**
   * What the main screen's page carries: the routes response, or when that is over
   * PAGE_ROUTES_MAX_BYTES its route index, so the list draws before the routes call answers
   * (pageRoutesElement leaves out an index that is too large as well).
   * @param {IncomingMessage} req
   */
  function pageRoutesJson(req) {
    const json = routesJson(req);
    return json.length > PAGE_ROUTES_MAX_BYTES ? /** @type {Buffer} */ (routeIndexes.get(json)) : json;
  }

  /**
   * GET routes, or GET routes/index (`index`): the cached JSON with its ETag, compressed when the
   * client takes it.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {boolean} index
   */
  function serveRoutes(req, res, index) {
    const routes = routesJson(req);
    const json = index ? /** @type {Buffer} */ (routeIndexes.get(routes)) : routes;
    const etag = `"${revision}-${index ? 'index-' : ''}${json.length.toString(36)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
      res.end();
      return;
    }
    // Sent compressed when the client takes it (a large catalogue shrinks ten times or more),
    // compressed once per revision and encoding.
    const encoding = acceptedEncoding(req);
    const body = encoding ? compressedRoutes(json, encoding) : json;
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': body.length,
      ETag: etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** @type {WeakMap<Buffer, Map<string, Buffer>>} */
  const compressedCache = new WeakMap();
  /**
   * @param {Buffer} json
   * @param {'br' | 'gzip'} encoding
   */
  function compressedRoutes(json, encoding) {
    let byEncoding = compressedCache.get(json);
    if (!byEncoding) compressedCache.set(json, (byEncoding = new Map()));
    let body = byEncoding.get(encoding);
    if (!body) byEncoding.set(encoding, (body = compress(json, encoding)));
    return body;
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  function serveStatus(req, res) {
    const apps = resolvedApplications(req);
    const bases = relayBases(apps);
    /** @type {StatusResponse} */
    const status = {
      host: { kind: 'node', version: HOST_VERSION },
      routesRevision: revision,
      bundleVersion: bundleVersion(distDir),
      environment,
      applications: apps.map((app) => ({
        id: app.id,
        name: app.name,
        baseUrl: app.baseUrl,
        routeCount: app.routes.length,
        extractionErrors: app.routes.flatMap((route) => route.extractionErrors.map((error) => ({ route: route.id, ...error }))),
      })),
      relay: {
        allowedOrigins: [...new Set(bases.map(originOf))],
        allowedUrls: bases,
        maxBodyMb: maxBodyBytes / 1024 / 1024,
        maxHeldMb: heldBudget.limitBytes / 1024 / 1024,
        defaultTimeoutMs,
        impersonation: impersonateHeader !== null,
      },
    };
    sendJson(res, 200, status);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {string} pathname
   */
  function serveApi(req, res, pathname) {
    const endpoint = pathname.slice(apiPrefix.length + 1).replace(/\/+$/, '');
    if (endpoint === 'workspace' || endpoint.startsWith('workspace/files/')) return serveWorkspace(req, res, endpoint);
    // The Node host reads no application's database: no data pickers (protocol: API_ENDPOINTS.data).
    if (endpoint === 'data') return sendError(res, 404, 'DATA_UNAVAILABLE', 'This host has no data pickers.');
    const expects = endpoint === 'relay' || endpoint === API_ENDPOINTS.oauthToken || endpoint === API_ENDPOINTS.run ? 'POST' : endpoint === 'routes' || endpoint === API_ENDPOINTS.routeIndex || endpoint === 'status' ? 'GET' : null;
    if (!expects) return sendError(res, 404, 'NOT_FOUND', `No protocol endpoint at ${pathname} (there are routes, ${API_ENDPOINTS.routeIndex}, relay, ${API_ENDPOINTS.run}, status, workspace and ${API_ENDPOINTS.oauthToken})`);
    const method = req.method === 'HEAD' && expects === 'GET' ? 'GET' : req.method;
    if (method !== expects) {
      res.setHeader('Allow', expects === 'GET' ? 'GET, HEAD' : 'POST');
      return sendError(res, 405, 'METHOD_NOT_ALLOWED', `${endpoint} answers ${expects}, not ${req.method}`);
    }
    if (endpoint === 'routes' || endpoint === API_ENDPOINTS.routeIndex) return serveRoutes(req, res, endpoint === API_ENDPOINTS.routeIndex);
    if (endpoint === 'status') return serveStatus(req, res);
    if (endpoint === API_ENDPOINTS.oauthToken) return serveOAuthToken(req, res);
    if (endpoint === API_ENDPOINTS.run) return serveRun(req, res);
    return serveRelay(req, res);
  }

  /**
   * What part of Kite a path belongs to, or null when it is not Kite's.
   * @param {string} pathname
   * @returns {'assets' | 'api' | 'demo' | 'page' | 'root' | null}
   */
  function partOf(pathname) {
    if (servesAssets && pathname.startsWith(`${assetsUrl}/`)) return 'assets';
    if (pathname === apiPrefix || pathname.startsWith(`${apiPrefix}/`)) return 'api';
    if (demoApi && (pathname === DEMO_PATH || pathname.startsWith(`${DEMO_PATH}/`))) return 'demo';
    if (mountPath === '' || pathname === mountPath || pathname.startsWith(`${mountPath}/`)) return 'page';
    if (options.redirectRoot && pathname === '/') return 'root';
    return null;
  }

  /**
   * Refuses a request addressed to a host Kite does not answer to, or a call from a page on one
   * (DNS rebinding); true when it did.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {ReturnType<typeof partOf>} part
   */
  function refuseForeignHost(req, res, part) {
    const json = part === 'api' || part === 'demo';
    const hostProblem = hostCheck.hostRefusal(req);
    if (hostProblem && json) sendError(res, 403, 'HOST_NOT_ALLOWED', hostProblem);
    else if (hostProblem) sendText(res, 403, hostProblem);
    const originProblem = hostProblem || !json ? null : hostCheck.originRefusal(req);
    if (originProblem) sendError(res, 403, 'ORIGIN_NOT_ALLOWED', originProblem);
    return Boolean(hostProblem || originProblem);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {(error?: unknown) => void} [next]
   */
  function handler(req, res, next) {
    const { pathname } = requestUrl(req);
    const part = partOf(pathname);
    if (part === null && next) return next();
    const fail = (/** @type {unknown} */ error) => {
      if (!res.headersSent) sendError(res, 500, 'INTERNAL', `Kite failed: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    };
    try {
      if (refuseForeignHost(req, res, part)) return;
      if (part === 'assets') return serveAsset(req, res, distDir, pathname.slice(assetsUrl.length + 1));
      if (part === 'api') return void Promise.resolve(serveApi(req, res, pathname)).catch(fail);
      if (part === 'demo') return void /** @type {NonNullable<typeof demoApi>} */ (demoApi).handle(req, res, pathname.slice(DEMO_PATH.length)).catch(fail);
      if (part === 'page') return servePage(req, res);
      if (part === 'root') {
        res.writeHead(302, { Location: mountPath || '/', 'Content-Length': 0 });
        res.end();
        return;
      }
    } catch (error) {
      fail(error);
      return;
    }
    sendError(res, 404, 'NOT_FOUND', `Nothing at ${pathname}; Kite is at ${mountPath || '/'}`);
  }

  /** Frees the relay's kept-alive connections. */
  handler.close = () => {
    clearImmediate(warming);
    stopWatching();
    serveRun.close();
    agents.http.destroy();
    agents.https.destroy();
  };
  Object.defineProperty(handler, 'applications', { get: () => applications, enumerable: true });
  /** Response-body bytes the relays hold at this moment. */
  Object.defineProperty(handler, 'heldBytes', { get: () => heldBudget.heldBytes, enumerable: true });
  handler.mountPath = mountPath;
  return handler;
}

/**
 * Runs the host as its own server on `host:port` (port 0 picks a free port).
 * @param {KiteOptions & { port?: number; host?: string }} [options]
 * @returns {Promise<{ server: import('node:http').Server; url: string; origin: string; close: () => Promise<void> }>}
 */
export async function startKite(options = {}) {
  const host = options.host ?? '127.0.0.1';
  // The name it listens on is one the browser may use (an address is allowed anyway).
  const allowedHosts = [...(options.allowedHosts ?? []), ...(isWildcardAddress(host) ? [] : [host])];
  const handler = createKiteHandler({ redirectRoot: true, ...options, allowedHosts });
  const server = createServer((req, res) => handler(req, res));
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8080, host, () => {
        server.off('error', reject);
        resolve(undefined);
      });
    });
  } catch (error) {
    handler.close();
    throw error;
  }
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const origin = listenOrigin(address);
  return {
    server,
    origin,
    url: `${origin}${handler.mountPath}`,
    close: () =>
      new Promise((resolve) => {
        handler.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The origin a server listens on, as a browser should open it: on every interface that is a
 * loopback address (a Host of 0.0.0.0 is not one Kite answers to).
 * @param {{ address: string; port: number }} address
 */
export function listenOrigin({ address, port }) {
  const shown = isWildcardAddress(address) ? (address.includes(':') ? '::1' : '127.0.0.1') : address;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * @param {IncomingMessage} req
 * @returns {string} `http://address:port` of the socket the request arrived on
 */
function localOrigin(req) {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  const secure = /** @type {{ encrypted?: boolean }} */ (req.socket).encrypted;
  return `${secure ? 'https' : 'http'}://${host}:${req.socket.localPort}`;
}

/** @param {string} distDir */
function bundleVersion(distDir) {
  const manifest = readManifest(distDir);
  if (!manifest) return 'missing (run npm run build)';
  return manifest.version ?? 'unknown';
}
