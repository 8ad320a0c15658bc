// @ts-check
// Checks a running Kite host against the protocol: the page and its config, the XSRF cookie,
// `GET routes`, `GET status`, and `POST relay` (happy path and its refusals). Any host (Node,
// Laravel, …) must pass. The checks only read, except one relayed GET to the first application.
import http from 'node:http';
import https from 'node:https';
import { compileSchemas } from './schemas.mjs';
import { isRelayFrame } from '../frame.js';
import { decodeWholeRelayFrame } from '../frame-whole.js';
import { StreamedBodyParser } from '../frame-stream.js';
import { formatCookieHeader, parseSetCookie } from '../cookies.js';
import { API_ENDPOINTS, DATA_MAX_CANDIDATES, DATA_MAX_ROWS, PAGE_ROUTES_ELEMENT_ID, PAGE_ROUTES_MAX_BYTES, RELAY_TIMEOUT_MAX_MS, RUN_CONTENT_TYPE, RELAY_TIMEOUT_MIN_MS, REQUESTED_WITH_HEADER, WORKSPACE_MAX_DEPTH, WORKSPACE_MAX_FILE_BYTES, WORKSPACE_MODIFIED_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../endpoints.js';
import { startDigestTarget } from './digest-target.mjs';
import { completeRouteIndex, completeRoutes, isSharedRef, routeIndexAsSent, ROUTES_FORMAT, SHARED_PARAMETER_PREFIX, SHARED_RESPONSE_PREFIX } from '../route-refs.js';

/**
 * @typedef {{ name: string; ok: boolean; detail?: string }} CheckResult
 */

/**
 * @param {string} pageUrl the page's URL, e.g. http://127.0.0.1:8080/http-client
 * @param {{ onResult?: (result: CheckResult) => void; fetch?: typeof fetch; digestTargetPort?: number }} [options] `digestTargetPort`:
 *   where the Digest-protected target listens (a host allowed to relay there checks the exchange; any free port otherwise)
 * @returns {Promise<{ passed: number; failed: number; results: CheckResult[] }>}
 */
export async function runConformance(pageUrl, options = {}) {
  const doFetch = options.fetch ?? fetch;
  const { problems } = compileSchemas();
  /** @type {CheckResult[]} */
  const results = [];
  /** @type {{ config?: any; token?: string; cookie?: string; routes?: any; origin: string; xsrfCookie?: import('../types').RelayCookie }} */
  const state = { origin: new URL(pageUrl).origin };

  /**
   * @param {string} name
   * @param {() => Promise<void | string>} run resolves with an optional detail, throws to fail
   */
  async function check(name, run) {
    /** @type {CheckResult} */
    let result;
    try {
      const detail = await run();
      result = { name, ok: true, ...(detail ? { detail } : {}) };
    } catch (error) {
      result = { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    results.push(result);
    options.onResult?.(result);
  }
  const expect = (/** @type {unknown} */ condition, /** @type {string} */ message) => {
    if (!condition) throw new Error(message);
  };
  const api = (/** @type {string} */ endpoint) => new URL(`${state.config.apiUrl}/${endpoint}`, state.origin).href;
  const needConfig = () => expect(state.config, 'needs the page config, which could not be read');
  const needRoutes = () => expect(state.routes, 'needs the routes response, which could not be read');

  /**
   * @param {unknown} body
   * @param {{ token?: string | null; raw?: string }} [how]
   */
  const relay = (body, how = {}) => {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json', [REQUESTED_WITH_HEADER]: 'XMLHttpRequest' };
    if (state.cookie) headers.Cookie = state.cookie;
    const token = how.token === undefined ? state.token : how.token;
    if (token) headers[XSRF_HEADER] = token;
    return doFetch(api('relay'), { method: 'POST', headers, body: how.raw ?? JSON.stringify(body), redirect: 'manual' });
  };
  /**
   * @param {Response} response
   * @param {number} status
   * @param {string} code
   */
  const expectError = async (response, status, code) => {
    const text = await response.text();
    expect(response.status === status, `expected ${status}, got ${response.status}: ${text.slice(0, 200)}`);
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`the ${status} answer is not JSON: ${text.slice(0, 200)}`);
    }
    const bad = problems('error', body);
    expect(!bad, `the error body does not match error.schema.json: ${bad}`);
    expect(body.error.code === code, `expected code ${code}, got ${body.error.code}`);
    return body;
  };
  /**
   * Relays each case (a GET of `/` with `none` auth, changed by the case) and expects a 422
   * INVALID_RELAY_REQUEST naming the case's field.
   * @param {Array<[label: string, request: Record<string, unknown>, field: string]>} cases
   */
  const expectFieldsRefused = async (cases) => {
    for (const [label, request, field] of cases) {
      const response = await relay({ method: 'GET', url: '/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' }, ...request });
      const body = await expectError(response, 422, 'INVALID_RELAY_REQUEST').catch((error) => {
        throw new Error(`${label}: ${error.message}`);
      });
      expect(body.error.field === field, `${label}: field is ${JSON.stringify(body.error.field)}, expected "${field}"`);
    }
    return `${cases.length} cases`;
  };
  const anyGetRoute = () => {
    const app = state.routes?.applications?.[0];
    const routes = app?.routes ?? [];
    const simple = (/** @type {any} */ route) => route.methods.includes('GET') && !/\{[^}]+\}/.test(route.uri) && !route.parameters.some((/** @type {any} */ p) => p.required && p.in !== 'path');
    return { app, route: routes.find(simple) };
  };

  await check('the page answers with HTML and a window.Kite config', async () => {
    const response = await doFetch(pageUrl, { redirect: 'manual' });
    expect(response.status === 200, `GET ${pageUrl} answered ${response.status}`);
    expect(/text\/html/.test(response.headers.get('content-type') ?? ''), `content type is ${response.headers.get('content-type')}`);
    const html = await response.text();
    const match = /window\.Kite\s*=\s*(\{.*?\});?\s*<\/script>/s.exec(html);
    expect(match, 'no `window.Kite = {…}` script in the page');
    state.config = JSON.parse(/** @type {RegExpExecArray} */ (match)[1]);
    const bad = problems('page-config', state.config);
    expect(!bad, `window.Kite does not match page-config.schema.json: ${bad}`);
    const setCookies = typeof response.headers.getSetCookie === 'function' ? response.headers.getSetCookie() : [response.headers.get('set-cookie') ?? ''];
    // Send back every cookie of the page, as a browser would: a host may bind its XSRF token to a
    // session cookie (Laravel does).
    const jar = /** @type {import('../types').RelayCookie[]} */ (setCookies.map((line) => parseSetCookie(line)).filter((cookie) => cookie && cookie.name));
    const xsrf = jar.find((cookie) => cookie.name === XSRF_COOKIE);
    if (jar.length > 0) state.cookie = formatCookieHeader(jar);
    if (xsrf) {
      state.token = decodeURIComponent(xsrf.value);
      state.xsrfCookie = xsrf;
    }
  });

  await check('the config names the mount path as basePath', async () => {
    needConfig();
    const path = new URL(pageUrl).pathname.replace(/\/+$/, '');
    expect(state.config.basePath === path, `basePath is '${state.config.basePath}', the page is at '${path}'`);
  });

  await check('every path under the mount path answers with the page', async () => {
    needConfig();
    const deep = new URL(`${state.config.basePath}/settings`, state.origin).href;
    const response = await doFetch(deep, { redirect: 'manual' });
    const html = await response.text();
    expect(response.status === 200 && html.includes('window.Kite'), `GET ${deep} answered ${response.status} without the page`);
  });

  await check('the page sets a readable XSRF-TOKEN cookie that reaches the API', async () => {
    const cookie = state.xsrfCookie;
    if (!cookie) throw new Error('no XSRF-TOKEN cookie on the page response');
    expect(cookie.value.length >= 16, 'the XSRF token is shorter than 16 characters');
    expect(!Object.keys(cookie.attributes).some((name) => name.toLowerCase() === 'httponly'), 'the XSRF-TOKEN cookie is HttpOnly, so the app cannot read it');
    const path = String(Object.entries(cookie.attributes).find(([name]) => name.toLowerCase() === 'path')?.[1] ?? '/');
    expect(state.config.apiUrl.startsWith(path === '/' ? '/' : path), `cookie path ${path} does not cover ${state.config.apiUrl}`);
  });

  await check('the bundle entry is served from assetsUrl', async () => {
    needConfig();
    const url = new URL(`${state.config.assetsUrl}/kite.js`, state.origin).href;
    const response = await doFetch(url);
    await response.arrayBuffer();
    expect(response.status === 200, `GET ${url} answered ${response.status}`);
    expect(/javascript/.test(response.headers.get('content-type') ?? ''), `kite.js has content type ${response.headers.get('content-type')}`);
  });

  await check('GET routes matches routes-response.schema.json', async () => {
    needConfig();
    const response = await doFetch(api('routes'), { headers: { Accept: 'application/json' } });
    expect(response.status === 200, `GET routes answered ${response.status}`);
    state.routes = await response.json();
    const bad = problems('routes-response', state.routes);
    expect(!bad, bad ?? '');
    // What format 2 leaves out is filled in as every reader does; the checks below read whole routes.
    completeRoutes(state.routes);
    expect(state.routes.applications.some((/** @type {any} */ app) => app.id === state.routes.application), 'application names none of the applications');
    const ids = state.routes.applications.flatMap((/** @type {any} */ app) => app.routes.map((/** @type {any} */ r) => `${app.id} ${r.id}`));
    expect(new Set(ids).size === ids.length, 'route ids repeat within an application');
    return `${ids.length} routes`;
  });

  await check('every $ref in the routes names an entry of its application\'s $defs (which may be absent)', async () => {
    needRoutes();
    let refs = 0;
    for (const app of state.routes.applications) {
      const defs = app.$defs ?? {};
      // Shared parameters and responses (format 2) are walked where they are defined; each route's
      // reference to one is checked by the next check.
      const routes = app.routes.map((/** @type {any} */ route) => ({ ...route, parameters: route.parameters.filter((/** @type {any} */ p) => !isSharedRef(p)), responses: (route.responses ?? []).filter((/** @type {any} */ r) => !isSharedRef(r)) }));
      /** @type {unknown[]} */
      const stack = [routes, defs, app.parameters ?? {}, app.responses ?? {}];
      while (stack.length) {
        const node = stack.pop();
        if (!node || typeof node !== 'object') continue;
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') {
            refs += 1;
            const name = decodeURIComponent(value.replace(/^#\/\$defs\//, '')).replace(/~1/g, '/').replace(/~0/g, '~');
            expect(value.startsWith('#/$defs/') && name in defs, `${app.id}: $ref '${value}' names no entry of $defs`);
          } else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'example' && key !== 'examples') stack.push(value);
        }
      }
    }
    return `${refs} references`;
  });

  await check('every shared parameter or response a route refers to is in its application, and format 2 says so', async () => {
    needRoutes();
    let refs = 0;
    for (const app of state.routes.applications) {
      for (const route of app.routes) {
        for (const [field, prefix] of /** @type {const} */ ([['parameters', SHARED_PARAMETER_PREFIX], ['responses', SHARED_RESPONSE_PREFIX]])) {
          for (const entry of route[field] ?? []) {
            if (!isSharedRef(entry)) continue;
            refs += 1;
            const id = entry.$ref.startsWith(prefix) ? decodeURIComponent(entry.$ref.slice(prefix.length)) : undefined;
            expect(id !== undefined && Object.hasOwn(app[field] ?? {}, id), `${app.id}: ${route.id} refers to '${entry.$ref}', which its application's ${field} does not hold`);
          }
        }
      }
      if (app.parameters || app.responses) expect(state.routes.format === ROUTES_FORMAT, `${app.id} shares parameters or responses, so the response must say format ${ROUTES_FORMAT}`);
    }
    return `${refs} references to shared entries`;
  });

  await check('GET routes sent compressed (when the host compresses) decodes to the same routes', async () => {
    needRoutes();
    // fetch asks for gzip/br and decodes what comes; the header says whether the host compressed.
    const response = await doFetch(api('routes'), { headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, br' } });
    const encoding = response.headers.get('content-encoding');
    const routes = completeRoutes(await response.json());
    expect(JSON.stringify(routes) === JSON.stringify(state.routes), 'the compressed routes differ from the plain ones');
    return encoding ? `sent with ${encoding}` : 'sent uncompressed';
  });

  await check('GET routes/index is the route index of what GET routes answers', async () => {
    needRoutes();
    const response = await doFetch(api(API_ENDPOINTS.routeIndex), { headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, br' } });
    expect(response.status === 200, `GET routes/index answered ${response.status}`);
    const index = await response.json();
    const bad = problems('route-index', index);
    expect(!bad, `GET routes/index does not match route-index.schema.json: ${bad}`);
    // Both through routeIndexAsSent, which writes every route's fields in one order.
    expect(JSON.stringify(routeIndexAsSent(/** @type {any} */ (completeRouteIndex(index)))) === JSON.stringify(routeIndexAsSent(/** @type {any} */ (state.routes))), 'GET routes/index differs from the index of what GET routes answers');
    return `${index.applications.reduce((/** @type {number} */ n, /** @type {any} */ app) => n + app.routes.length, 0)} routes indexed`;
  });

  await check('routes the main page carries (script#kite-routes, optional) are the routes response', async () => {
    needConfig();
    const html = await (await doFetch(pageUrl, { headers: state.cookie ? { Cookie: state.cookie } : {} })).text();
    const match = new RegExp(`<script type="application/json" id="${PAGE_ROUTES_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    if (!match) return 'none carried (the app fetches them)';
    expect(match[1].length <= PAGE_ROUTES_MAX_BYTES, `the page carries ${match[1].length} bytes of routes, over PAGE_ROUTES_MAX_BYTES`);
    const carried = JSON.parse(match[1]);
    const count = () => carried.applications.reduce((/** @type {number} */ n, /** @type {any} */ app) => n + app.routes.length, 0);
    // A catalogue too large for the page may be carried as its route index (RouteIndex).
    if (carried.index === true) {
      const bad = problems('route-index', carried);
      expect(!bad, `the carried route index does not match route-index.schema.json: ${bad}`);
      // Both through routeIndexAsSent, which writes every route's fields in one order.
      const served = routeIndexAsSent(/** @type {any} */ (state.routes));
      expect(JSON.stringify(routeIndexAsSent(/** @type {any} */ (completeRouteIndex(carried)))) === JSON.stringify(served), 'the carried route index differs from the index of what GET routes answers');
      return `the route index of ${count()} routes carried`;
    }
    const bad = problems('routes-response', carried);
    expect(!bad, `the carried routes do not match routes-response.schema.json: ${bad}`);
    expect(JSON.stringify(completeRoutes(carried)) === JSON.stringify(state.routes), 'the carried routes differ from what GET routes answers');
    return `${count()} routes carried`;
  });

  await check('GET status matches status.schema.json, counts the routes and lists each route\'s extraction errors with their fix', async () => {
    needConfig();
    const response = await doFetch(api('status'), { headers: { Accept: 'application/json' } });
    expect(response.status === 200, `GET status answered ${response.status}`);
    const status = await response.json();
    const bad = problems('status', status);
    expect(!bad, bad ?? '');
    for (const app of state.routes?.applications ?? []) {
      const counted = status.applications.find((/** @type {any} */ a) => a.id === app.id);
      expect(counted, `status does not list application ${app.id}`);
      expect(counted.routeCount === app.routes.length, `status counts ${counted.routeCount} routes for ${app.id}, routes lists ${app.routes.length}`);
      // The Status screen is where the problems are read: each one the routes carry, with its fix.
      const listed = new Set(counted.extractionErrors.map((/** @type {any} */ e) => JSON.stringify([e.route, e.message, e.fix ?? null])));
      for (const route of app.routes) {
        for (const error of route.extractionErrors) {
          expect(listed.has(JSON.stringify([route.id, error.message, error.fix ?? null])), `status does not list ${route.id}'s extraction error "${error.message}" with its fix`);
        }
      }
    }
    return `${status.host.kind} ${status.host.version}`;
  });

  await check('relay without the X-XSRF-TOKEN header is refused with 419 XSRF_MISMATCH', async () => {
    needConfig();
    await expectError(await relay({ method: 'GET', url: '/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } }, { token: null }), 419, 'XSRF_MISMATCH');
  });

  await check('relay with a wrong X-XSRF-TOKEN header is refused with 419', async () => {
    needConfig();
    await expectError(await relay({ method: 'GET', url: '/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } }, { token: 'not-the-token' }), 419, 'XSRF_MISMATCH');
  });

  await check('relay of a body that is not JSON is 422 INVALID_RELAY_REQUEST', async () => {
    needConfig();
    await expectError(await relay(null, { raw: '{not json' }), 422, 'INVALID_RELAY_REQUEST');
  });

  await check('relay with a bad method is 422 naming the field "method"', async () => {
    needConfig();
    const body = await expectError(await relay({ method: 'FETCH', url: '/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } }), 422, 'INVALID_RELAY_REQUEST');
    expect(body.error.field === 'method', `field is ${JSON.stringify(body.error.field)}`);
  });

  await check('relay with a bad body type is 422 naming "body.type"', async () => {
    needConfig();
    const body = await expectError(await relay({ method: 'POST', url: '/', headers: [], query: [], body: { type: 'xml' }, authorization: { type: 'none' } }), 422, 'INVALID_RELAY_REQUEST');
    expect(body.error.field === 'body.type', `field is ${JSON.stringify(body.error.field)}`);
  });

  await check(`relay with a timeoutMs that is not a whole number from ${RELAY_TIMEOUT_MIN_MS} to ${RELAY_TIMEOUT_MAX_MS} is 422 naming "timeoutMs"`, async () => {
    needConfig();
    return expectFieldsRefused(
      /** @type {Array<unknown>} */ ([0.5, 0, -1, 1e19, RELAY_TIMEOUT_MAX_MS + 1, '100', null]).map((value) => [`timeoutMs ${JSON.stringify(value)}`, { timeoutMs: value }, 'timeoutMs']),
    );
  });

  await check('relay refuses control characters and non-Latin-1 text bound for a header line with 422 naming the field', async () => {
    needConfig();
    const file = (/** @type {string} */ contentType) => ({ type: 'multipart', fields: [{ name: 't', kind: 'text', value: 'v' }, { name: 'f', kind: 'file', filename: 'a.txt', contentType, base64: '' }] });
    return expectFieldsRefused([
      ['CR LF in a header value', { headers: [{ name: 'X-A', value: 'ok' }, { name: 'X-B', value: 'ok' }, { name: 'X-C', value: 'a\r\nX-Injected: 1' }] }, 'headers[2].value'],
      ['NUL in a header value', { headers: [{ name: 'X-A', value: 'a\u0000b' }] }, 'headers[0].value'],
      ['a non-Latin-1 header value', { headers: [{ name: 'X-A', value: 'caf\u20ac' }] }, 'headers[0].value'],
      ['LF in a bearer token', { authorization: { type: 'bearer', token: 't\nX-Injected: 1' } }, 'authorization.token'],
      ['a non-Latin-1 bearer token', { authorization: { type: 'bearer', token: 't\u20ac' } }, 'authorization.token'],
      ['NUL in a basic username', { authorization: { type: 'basic', username: 'a\u0000', password: 'p' } }, 'authorization.username'],
      ['CR LF in a basic password', { authorization: { type: 'basic', username: 'u', password: 'p\r\n' } }, 'authorization.password'],
      ['CR LF in a digest username', { authorization: { type: 'digest', username: 'u\r\nX-Injected: 1', password: 'p' } }, 'authorization.username'],
      ['CR LF in an impersonated user id', { authorization: { type: 'impersonate', userId: '1\r\nX-Injected: 1' } }, 'authorization.userId'],
      ['CR LF in a raw body content type', { method: 'POST', body: { type: 'raw', text: 'x', contentType: 'text/plain\r\nX-Injected: 1' } }, 'body.contentType'],
      ['CR LF in a multipart part content type', { method: 'POST', body: file('text/plain\r\nX-Injected: 1') }, 'body.fields[1].contentType'],
      ['a backslash in the url', { url: '/a\\..\\b' }, 'url'],
      ['CR LF in the url', { url: '/a\r\nX-Injected: 1' }, 'url'],
    ]);
  });

  await check('relay to an origin outside the allow-list is 403 TARGET_NOT_ALLOWED', async () => {
    needConfig();
    await expectError(
      await relay({ method: 'GET', url: 'http://kite-conformance.invalid/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } }),
      403,
      'TARGET_NOT_ALLOWED',
    );
  });

  await check("relay refuses paths that leave the application's base URL (dot segments, encoded dots, a longer segment) with 403", async () => {
    needConfig();
    const app = state.routes?.applications?.[0];
    expect(app, 'needs the routes, which could not be read');
    const base = String(app.baseUrl ?? '').replace(/\/+$/, '');
    let path;
    try {
      path = new URL(base).pathname;
    } catch {
      throw new Error(`the first application's baseUrl '${app.baseUrl}' is not a full URL`);
    }
    if (path === '/' || path === '') return "skipped: the first application's base URL has no path";
    const urls = ['../kite-conformance-secret', `${base}/../kite-conformance-secret`, `${base}/%2e%2e/kite-conformance-secret`, `${base}/%2E%2e/kite-conformance-secret`, `${base}ity/kite-conformance-secret`];
    for (const url of urls) {
      const body = await expectError(await relay({ application: app.id, method: 'GET', url, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } }), 403, 'TARGET_NOT_ALLOWED').catch((error) => {
        throw new Error(`${url}: ${error.message}`);
      });
      expect(body.error.field === undefined || body.error.field === 'url', `${url}: field is ${JSON.stringify(body.error.field)}`);
    }
    return `${urls.length} cases under ${base}`;
  });

  await check('relay of a GET route answers a relay frame whose metadata matches the schema', async () => {
    needConfig();
    const { app, route } = anyGetRoute();
    expect(route, 'the first application has no GET route without required parameters to try');
    const response = await relay({ application: app.id, method: 'GET', url: route.uri, headers: [{ name: 'Accept', value: 'application/json' }], query: [], body: { type: 'none' }, authorization: { type: 'none' } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status === 200, `relay answered ${response.status}: ${new TextDecoder().decode(bytes.subarray(0, 200))}`);
    expect(isRelayFrame(response.headers.get('content-type')), `content type is ${response.headers.get('content-type')}`);
    const { meta, body } = decodeWholeRelayFrame(bytes);
    const bad = problems('relay-response-meta', meta);
    expect(!bad, `metadata does not match relay-response-meta.schema.json: ${bad}`);
    expect(meta.bodyBytes === body.length, `bodyBytes ${meta.bodyBytes} but ${body.length} bytes followed`);
    expect(meta.truncated === meta.bodySize > meta.bodyBytes, 'truncated does not agree with bodySize and bodyBytes');
    return `${route.id} → ${meta.status}`;
  });

  await check('relay of a streaming route (events, NDJSON, a streamed body) answers a streamed frame that decodes whole', async () => {
    needConfig();
    const app = state.routes?.applications?.[0];
    const route = (app?.routes ?? []).find(
      (/** @type {any} */ candidate) => candidate.methods.includes('GET') && /(^|\/)(events|stream[^/]*)$/.test(candidate.uri) && !candidate.parameters.some((/** @type {any} */ p) => p.required),
    );
    if (!route) return 'skipped: the first application has no GET route named events or stream… to probe';
    const url = `${route.uri}?count=3&interval_ms=20`;
    const response = await relay({ application: app.id, method: 'GET', url, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status === 200, `relay answered ${response.status}: ${new TextDecoder().decode(bytes.subarray(0, 200))}`);
    expect(isRelayFrame(response.headers.get('content-type')), `content type is ${response.headers.get('content-type')}`);
    const head = JSON.parse(new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0x0a))));
    const badHead = problems('relay-response-meta', head);
    expect(!badHead, `the metadata line does not match relay-response-meta.schema.json: ${badHead}`);
    const { meta, body } = decodeWholeRelayFrame(bytes);
    if (head.streaming !== true) return `${route.id} answered a plain frame (${body.length} bytes): the host did not stream it`;
    // The trailer as the host sent it (the merged metadata would hide a field it must not carry).
    const parser = new StreamedBodyParser(() => {});
    parser.push(bytes.subarray(bytes.indexOf(0x0a) + 1));
    const badTrailer = problems('relay-stream-trailer', parser.finish());
    expect(!badTrailer, `the trailer does not match $defs/streamTrailer: ${badTrailer}`);
    expect(meta.bodyBytes === body.length && body.length > 0, `the trailer says ${meta.bodyBytes} bytes, the pieces held ${body.length}`);
    expect(meta.end === 'complete', `the stream ended with ${meta.end}: ${meta.message ?? ''}`);
    return `${route.id} → streamed ${body.length} bytes`;
  });

  await check('relay with transaction: true answers a frame; its trace, when present, matches the schema', async () => {
    needConfig();
    const { app, route } = anyGetRoute();
    expect(route, 'no GET route to try');
    const response = await relay({ application: app.id, method: 'GET', url: route.uri, headers: [{ name: 'Accept', value: 'application/json' }], query: [], body: { type: 'none' }, authorization: { type: 'none' }, transaction: true, holdOutgoingHttp: true });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status === 200, `relay answered ${response.status}: ${new TextDecoder().decode(bytes.subarray(0, 200))}`);
    const { meta } = decodeWholeRelayFrame(bytes);
    const bad = problems('relay-response-meta', meta);
    expect(!bad, `metadata does not match relay-response-meta.schema.json: ${bad}`);
    if (meta.trace === undefined) return 'no trace (transaction mode ignored)';
    // A host that honours transaction mode says so and says what it did not undo; one that ignores
    // it never claims a rollback.
    if (meta.trace.rolledBack !== undefined) expect(meta.trace.notUndone !== undefined, 'a host that claims a rollback says what it did not undo (trace.notUndone)');
    const recorded = Object.keys(meta.trace).filter((key) => key !== 'rolledBack');
    return `trace with ${recorded.join(', ') || 'nothing'}${meta.trace.rolledBack ? ', rolled back' : ''}`;
  });

  await check('relay with a transaction flag that is not a boolean is 422 naming "transaction"', async () => {
    needConfig();
    const body = await expectError(await relay({ method: 'GET', url: '/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' }, transaction: 'yes' }), 422, 'INVALID_RELAY_REQUEST');
    expect(body.error.field === 'transaction', `field is ${JSON.stringify(body.error.field)}`);
  });

  await check('relay with a holdOutgoingHttp flag that is not a boolean is 422 naming "holdOutgoingHttp"', async () => {
    needConfig();
    const body = await expectError(await relay({ method: 'GET', url: '/', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' }, holdOutgoingHttp: 'yes' }), 422, 'INVALID_RELAY_REQUEST');
    expect(body.error.field === 'holdOutgoingHttp', `field is ${JSON.stringify(body.error.field)}`);
  });

  await check('impersonation is relayed, or refused with the exact message when not configured', async () => {
    needConfig();
    const { app, route } = anyGetRoute();
    expect(route, 'no GET route to try');
    const response = await relay({ application: app.id, method: 'GET', url: route.uri, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'impersonate', userId: '1' } });
    if (response.status === 200) {
      expect(isRelayFrame(response.headers.get('content-type')), 'a 200 answer is not a relay frame');
      await response.arrayBuffer();
      return 'configured';
    }
    const body = await expectError(response, 422, 'IMPERSONATION_UNAVAILABLE');
    expect(body.error.message === 'Impersonation is not configured for this host', `message is '${body.error.message}'`);
    return 'not configured';
  });

  await check('relay with an api-key authorization answers a frame; a bad "in" is 422 naming "authorization.in"', async () => {
    needConfig();
    const { app, route } = anyGetRoute();
    expect(route, 'no GET route to try');
    const apiKey = (/** @type {string} */ where) => ({ application: app.id, method: 'GET', url: route.uri, headers: [], query: [], body: { type: 'none' }, authorization: { type: 'api-key', in: where, name: 'X-Conformance-Key', value: 'k' } });
    const response = await relay(apiKey('header'));
    expect(response.status === 200 && isRelayFrame(response.headers.get('content-type')), `api-key relay answered ${response.status}`);
    await response.arrayBuffer();
    const body = await expectError(await relay(apiKey('body')), 422, 'INVALID_RELAY_REQUEST');
    expect(body.error.field === 'authorization.in', `field is ${JSON.stringify(body.error.field)}`);
  });

  await check('relay with digest auth answers a Digest-protected target\'s challenge once: 200 with the right password, the second 401 as it is with a wrong one', async () => {
    needConfig();
    const target = await startDigestTarget({ users: { kite: 'conformance:pass' }, port: options.digestTargetPort });
    try {
      const digest = (/** @type {string} */ password) => ({ method: 'POST', url: `${target.origin}/sha-256/check?x=1`, headers: [], query: [], body: { type: 'json', text: '{"a":1}' }, authorization: { type: 'digest', username: 'kite', password } });
      const response = await relay(digest('conformance:pass'));
      if (response.status === 403) {
        await expectError(response, 403, 'TARGET_NOT_ALLOWED');
        return `not checked: the host does not relay to ${target.origin} (allow it to check the exchange)`;
      }
      expect(response.status === 200 && isRelayFrame(response.headers.get('content-type')), `digest relay answered ${response.status}`);
      const { meta, body } = decodeWholeRelayFrame(new Uint8Array(await response.arrayBuffer()));
      expect(meta.status === 200, `the target answered ${meta.status}: Kite's answer to its challenge was refused`);
      const echoed = JSON.parse(new TextDecoder().decode(body));
      expect(echoed.body === '{"a":1}' && echoed.algorithm === 'SHA-256', `the target saw ${JSON.stringify(echoed)}`);
      const before = target.requests.length;
      const wrong = await relay(digest('wrong'));
      const second = decodeWholeRelayFrame(new Uint8Array(await wrong.arrayBuffer()));
      expect(second.meta.status === 401, `a wrong password answered ${second.meta.status}, not the target's 401`);
      expect(target.requests.length - before === 2, `a wrong password sent ${target.requests.length - before} requests, not 2`);
      return `${meta.timing.challengeMs === undefined ? 'no' : 'with'} challengeMs`;
    } finally {
      await target.close();
    }
  });

  /** @param {unknown} body @param {{ token?: string | null }} [how] */
  const tokenCall = (body, how = {}) => {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json', [REQUESTED_WITH_HEADER]: 'XMLHttpRequest' };
    if (state.cookie) headers.Cookie = state.cookie;
    const token = how.token === undefined ? state.token : how.token;
    if (token) headers[XSRF_HEADER] = token;
    return doFetch(api(API_ENDPOINTS.oauthToken), { method: 'POST', headers, body: JSON.stringify(body) });
  };
  const tokenForm = [{ name: 'grant_type', value: 'client_credentials' }];

  await check('an OAuth token request is refused without the X-XSRF-TOKEN header (419), outside the allow-list (403) and malformed (422 naming the field)', async () => {
    needConfig();
    await expectError(await tokenCall({ tokenUrl: 'http://kite-conformance.invalid/token', form: tokenForm }, { token: null }), 419, 'XSRF_MISMATCH');
    await expectError(await tokenCall({ tokenUrl: 'http://kite-conformance.invalid/token', form: tokenForm }), 403, 'TARGET_NOT_ALLOWED');
    const missing = await expectError(await tokenCall({ form: tokenForm }), 422, 'INVALID_TOKEN_REQUEST');
    expect(missing.error.field === 'tokenUrl', `field is ${JSON.stringify(missing.error.field)}`);
    const relative = await expectError(await tokenCall({ tokenUrl: '/oauth/token', form: tokenForm }), 422, 'INVALID_TOKEN_REQUEST');
    expect(relative.error.field === 'tokenUrl', `a relative tokenUrl: field is ${JSON.stringify(relative.error.field)}`);
    const form = await expectError(await tokenCall({ tokenUrl: `${state.origin}/token`, form: 'grant_type=x' }), 422, 'INVALID_TOKEN_REQUEST');
    expect(form.error.field === 'form', `field is ${JSON.stringify(form.error.field)}`);
  });

  await check('an OAuth token request to an allowed URL answers the endpoint\'s status and body (oauth-token-response.schema.json)', async () => {
    needConfig();
    needRoutes();
    const base = String(state.routes.applications[0].baseUrl).replace(/\/+$/, '');
    const response = await tokenCall({ tokenUrl: `${base}/kite-conformance-token`, form: tokenForm });
    const text = await response.text();
    expect(response.status === 200, `expected 200, got ${response.status}: ${text.slice(0, 200)}`);
    const bad = problems('oauth-token-response', JSON.parse(text));
    expect(!bad, `the answer does not match oauth-token-response.schema.json: ${bad}`);
    return `the endpoint answered ${JSON.parse(text).status}`;
  });

  /** @param {unknown} body @param {{ token?: string | null }} [how] */
  const runCall = (body, how = {}) => {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json', Accept: RUN_CONTENT_TYPE, [REQUESTED_WITH_HEADER]: 'XMLHttpRequest' };
    if (state.cookie) headers.Cookie = state.cookie;
    const token = how.token === undefined ? state.token : how.token;
    if (token) headers[XSRF_HEADER] = token;
    return doFetch(api(API_ENDPOINTS.run), { method: 'POST', headers, body: JSON.stringify(body) });
  };
  /** A saved request file of the run checks: a GET of `url` on the first application. */
  const runFile = (/** @type {string} */ application, /** @type {string} */ url, /** @type {Record<string, unknown>} */ more = {}) => ({ name: 'Conformance run', folder: '', application, method: 'GET', url, pathParams: {}, query: [], headers: [{ name: 'Accept', value: 'application/json', enabled: true }], body: { type: 'none' }, auth: { type: 'none' }, captures: [], assertions: [], ...more });

  await check('a run is refused without the X-XSRF-TOKEN header (419) and with a bad body (422 INVALID_RUN_REQUEST naming the field)', async () => {
    needConfig();
    const good = { requests: [{ path: 'requests/a.json', file: runFile('', '/') }], variables: {}, secretNames: [] };
    await expectError(await runCall(good, { token: null }), 419, 'XSRF_MISMATCH');
    const cases = /** @type {Array<[string, unknown, string]>} */ ([
      ['no requests', { ...good, requests: [] }, 'requests'],
      ['a file without a method', { ...good, requests: [{ path: 'requests/a.json', file: { name: 'a', url: '/' } }] }, 'requests[0].file'],
      ['a variable that is not a string', { ...good, variables: { id: 1 } }, 'variables'],
      ['a delay above the bound', { ...good, delayMs: 60001 }, 'delayMs'],
      ['a row that is not an object of strings', { ...good, rows: [['a']] }, 'rows[0]'],
    ]);
    for (const [label, body, field] of cases) {
      const refused = await expectError(await runCall(body), 422, 'INVALID_RUN_REQUEST').catch((error) => {
        throw new Error(`${label}: ${error.message}`);
      });
      expect(refused.error.field === field, `${label}: field is ${JSON.stringify(refused.error.field)}, expected "${field}"`);
    }
    return `${cases.length} bad bodies`;
  });

  await check('a run of two requests streams one result per request then done (run-event.schema.json), a captured value flowing into the second', async () => {
    needConfig();
    needRoutes();
    const { app, route } = anyGetRoute();
    expect(route, 'the first application has no GET route without required parameters to try');
    const capture = { variable: 'conformanceType', source: 'header', path: 'Content-Type', secret: false };
    const first = runFile(app.id, route.uri, { captures: [capture], assertions: [{ source: 'status', path: '', operator: 'class', expected: '2xx' }] });
    const second = runFile(app.id, route.uri, { query: [{ name: 'kite_capture', value: '{{conformanceType}}', enabled: true }], assertions: [{ source: 'status', path: '', operator: 'equals', expected: '599' }] });
    const response = await runCall({ requests: [{ path: 'requests/first.json', file: first }, { path: 'requests/second.json', file: second }], variables: {}, secretNames: [] });
    const text = await response.text();
    expect(response.status === 200, `run answered ${response.status}: ${text.slice(0, 200)}`);
    expect((response.headers.get('content-type') ?? '').startsWith(RUN_CONTENT_TYPE), `content type is ${response.headers.get('content-type')}`);
    const events = text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
    for (const event of events) {
      const bad = problems('run-event', event);
      expect(!bad, `${JSON.stringify(event).slice(0, 120)} does not match run-event.schema.json: ${bad}`);
    }
    expect(events.length === 3, `expected 2 results and done, got ${events.length} lines`);
    const [one, two, done] = events;
    expect(one.type === 'result' && one.index === 0 && one.path === 'requests/first.json' && two.index === 1, 'the results are not in the order sent');
    expect(one.assertions[0]?.passed === true, `the first request's status class 2xx did not pass: ${one.assertions[0]?.message ?? one.error}`);
    const captured = one.captured.conformanceType;
    expect(typeof captured === 'string' && captured !== '', `the first request captured nothing from Content-Type: ${JSON.stringify(one.captured)}`);
    expect(new URL(two.url).searchParams.get('kite_capture') === captured, `the second request was sent to ${two.url}, not with the captured ${captured}`);
    expect(two.assertions[0]?.passed === false && two.assertions[0].actual === String(two.status), `a failing assertion should fail with the actual status: ${JSON.stringify(two.assertions[0])}`);
    expect(done.type === 'done' && done.passed === 1 && done.failed === 1 && done.cancelled === false, `done is ${JSON.stringify(done)}`);
    return `${route.id} twice, captured ${captured}`;
  });

  // Workspace: the checks write one request file and delete it again (or see the folder is read-only).
  const probePath = 'requests/kite-conformance-probe.json';
  // `notes`: what an import kept verbatim (another tool's scripts); a host keeps it as written.
  const probe = { name: 'Conformance probe', folder: '', application: '', method: 'GET', url: '/users/{{userId}}', pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'bearer' }, captures: [], notes: 'Postman test script (kept verbatim):\npm.test("ok", () => pm.response.to.have.status(200));', assertions: [{ source: 'status', path: '', operator: 'class', expected: '2xx' }, { source: 'body', path: '$.id', operator: 'equals', expected: '{{userId}}' }] };
  /** @param {string} method @param {string} path @param {{ body?: string; token?: string | null; modifiedMs?: number }} [how] */
  const workspaceCall = (method, path, how = {}) => {
    /** @type {Record<string, string>} */
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json', [REQUESTED_WITH_HEADER]: 'XMLHttpRequest' };
    if (state.cookie) headers.Cookie = state.cookie;
    const token = how.token === undefined ? state.token : how.token;
    if (token) headers[XSRF_HEADER] = token;
    if (how.modifiedMs !== undefined) headers[WORKSPACE_MODIFIED_HEADER] = String(how.modifiedMs);
    return doFetch(api(path), { method, headers, body: how.body });
  };
  /** @type {any} */
  let listing;

  await check('GET data?source=users answers DataResponse rows, or 404 DATA_UNAVAILABLE on a host without data pickers', async () => {
    needConfig();
    const response = await workspaceCall('GET', 'data?source=users&q=');
    if (response.status === 404) {
      await expectError(response, 404, 'DATA_UNAVAILABLE');
      return 'no data pickers';
    }
    expect(response.status === 200, `GET data answered ${response.status}`);
    const answer = await response.json();
    const bad = problems('data-response', answer);
    expect(!bad, bad ?? '');
    await expectError(await workspaceCall('GET', 'data?source=nope'), 422, 'INVALID_DATA_SOURCE');
    return `${answer.rows.length} users`;
  });

  await check('a model-bound path parameter\'s binding.source answers its rows, and a unique: question the keys not taken', async () => {
    needConfig();
    needRoutes();
    const bound = state.routes.applications
      .flatMap((/** @type {any} */ app) => app.routes.flatMap((/** @type {any} */ route) => route.parameters))
      .find((/** @type {any} */ parameter) => parameter.binding);
    const data = (/** @type {string} */ query) => workspaceCall('GET', `data?${query}`);
    if (!bound) {
      const off = await data('source=unique:t,c&candidates=%5B1%5D');
      expect(off.status === 404 || off.status === 422, `a unique: question answered ${off.status} on a host without bindings`);
      await off.arrayBuffer();
      return 'no model-bound parameters';
    }
    const { table, key, source } = bound.binding;
    const response = await data(`source=${encodeURIComponent(source)}&q=`);
    if (response.status === 404) {
      await expectError(response, 404, 'DATA_UNAVAILABLE');
      return 'no data pickers';
    }
    expect(response.status === 200, `GET data?source=${source} answered ${response.status}`);
    const answer = await response.json();
    const bad = problems('data-response', answer);
    expect(!bad, bad ?? '');
    expect(answer.rows.length <= DATA_MAX_ROWS, `${answer.rows.length} rows`);
    // The keys the rows carry are taken; a fresh value is not.
    const taken = answer.rows.slice(0, DATA_MAX_CANDIDATES - 1).map((/** @type {any} */ row) => row.value);
    // Of the key's own type, so an integer column is not asked about text (PostgreSQL refuses that).
    const fresh = taken.length > 0 && typeof taken[0] === 'number' ? 1_999_999_937 : `kite-conformance-${Date.now()}`;
    const unique = await data(`source=${encodeURIComponent(`unique:${table},${key}`)}&candidates=${encodeURIComponent(JSON.stringify([...taken, fresh]))}`);
    expect(unique.status === 200, `the unique: question answered ${unique.status}`);
    const free = (await unique.json()).rows.map((/** @type {any} */ row) => row.value);
    expect(JSON.stringify(free) === JSON.stringify([fresh]), `the unique: question said ${JSON.stringify(free)} are free`);
    const tooMany = Array.from({ length: DATA_MAX_CANDIDATES + 1 }, (_, index) => `c${index}`);
    const refused = await expectError(await data(`source=${encodeURIComponent(`unique:${table},${key}`)}&candidates=${encodeURIComponent(JSON.stringify(tooMany))}`), 422, 'INVALID_DATA_SOURCE');
    expect(refused.error.field === 'candidates', `field is ${JSON.stringify(refused.error.field)}`);
    return `${answer.rows.length} rows of ${bound.binding.model}`;
  });

  await check('GET workspace matches workspace-listing.schema.json', async () => {
    needConfig();
    const response = await workspaceCall('GET', 'workspace');
    expect(response.status === 200, `GET workspace answered ${response.status}`);
    listing = await response.json();
    const bad = problems('workspace-listing', listing);
    expect(!bad, bad ?? '');
    return `${listing.files.length} files, ${listing.writable ? 'writable' : `read-only: ${listing.readOnlyReason}`}`;
  });

  await check('writing a workspace file without the X-XSRF-TOKEN header is refused with 419', async () => {
    needConfig();
    await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify(probe), token: null }), 419, 'XSRF_MISMATCH');
  });

  await check('a workspace path outside environments/ and requests/ is refused with 422', async () => {
    needConfig();
    for (const path of ['..%2Fescape.json', 'requests/..%2F..%2Fescape.json', 'other/x.json', 'requests/a/b.json']) {
      const response = await workspaceCall('PUT', `workspace/files/${path}`, { body: JSON.stringify(probe) });
      expect([422, 404].includes(response.status), `PUT ${path} answered ${response.status}`);
      await response.arrayBuffer();
    }
  });

  await check('a request file is written, read back the same (its assertions too), refused with a credential or an unknown assertion operator, kept with an auth {{variable}} reference, and deleted', async () => {
    needConfig();
    if (listing && !listing.writable) {
      await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify(probe) }), 403, 'WORKSPACE_READ_ONLY');
      return 'read-only workspace: refused with 403';
    }
    const written = await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify(probe) });
    expect(written.status === 200, `PUT answered ${written.status}: ${(await written.text()).slice(0, 200)}`);
    await written.arrayBuffer().catch(() => {});
    const read = await workspaceCall('GET', `workspace/files/${probePath}`);
    expect(read.status === 200, `GET answered ${read.status}`);
    const file = await read.json();
    expect(JSON.stringify(file.content) === JSON.stringify(probe) || JSON.stringify(sortKeys(file.content)) === JSON.stringify(sortKeys(probe)), 'the file read back differs from what was written');
    const bad = problems('saved-request-file', file.content);
    expect(!bad, `the file does not match saved-request-file.schema.json: ${bad}`);
    const listed = await (await workspaceCall('GET', 'workspace')).json();
    expect(listed.files.some((/** @type {any} */ f) => f.path === probePath), 'the written file is not listed');
    await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, auth: { type: 'bearer', token: 'secret' } }) }), 422, 'INVALID_WORKSPACE_FILE');
    // An assertion's operator must be one its source takes (ASSERTION_OPERATORS).
    await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, assertions: [{ source: 'status', path: '', operator: 'contains', expected: '2' }] }) }), 422, 'INVALID_WORKSPACE_FILE');
    // Auth keeps its {{variable}} references: only a literal credential is refused.
    const referenced = await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, auth: { type: 'bearer', token: '{{token}}' } }) });
    expect(referenced.status === 200, `PUT with auth { token: "{{token}}" } answered ${referenced.status}: ${(await referenced.text()).slice(0, 200)}`);
    const deleted = await workspaceCall('DELETE', `workspace/files/${probePath}`);
    expect(deleted.status === 200, `DELETE answered ${deleted.status}`);
    await deleted.arrayBuffer();
    await expectError(await workspaceCall('GET', `workspace/files/${probePath}`), 404, 'NOT_FOUND');
    return 'written, read, deleted';
  });

  await check('a request file keeps its "Send as…" identities with their expected statuses, and refuses a literal token among them', async () => {
    needConfig();
    if (listing && !listing.writable) return 'read-only workspace';
    const identities = [{ kind: 'guest', expectStatus: 401 }, { kind: 'current-user' }, { kind: 'user', userId: '3', expectStatus: 403 }, { kind: 'token', token: '{{admin_token}}', expectStatus: 200 }, { kind: 'environment', environment: 'staging' }];
    const written = await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, identities }) });
    expect(written.status === 200, `PUT answered ${written.status}: ${(await written.text()).slice(0, 200)}`);
    const file = await (await workspaceCall('GET', `workspace/files/${probePath}`)).json();
    expect(JSON.stringify(sortKeys(file.content.identities)) === JSON.stringify(sortKeys(identities)), `the identities read back differ: ${JSON.stringify(file.content.identities)}`);
    const bad = problems('saved-request-file', file.content);
    expect(!bad, `the file does not match saved-request-file.schema.json: ${bad}`);
    await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, identities: [{ kind: 'token', token: 'eyJ.secret' }] }) }), 422, 'INVALID_WORKSPACE_FILE');
    await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, identities: [{ kind: 'user', userId: '3', password: 'x' }] }) }), 422, 'INVALID_WORKSPACE_FILE');
    const deleted = await workspaceCall('DELETE', `workspace/files/${probePath}`);
    expect(deleted.status === 200, `DELETE answered ${deleted.status}`);
    await deleted.arrayBuffer();
    return 'kept, literal token refused';
  });

  await check('a folder settings file (folders/SLUG.json) keeps an auth of {{variable}} references, is refused with a literal credential, and a request may inherit', async () => {
    needConfig();
    const folderPath = 'folders/kite-conformance-probe.json';
    const folderProbe = { folder: 'kite conformance probe', auth: { type: 'bearer', token: '{{token}}' } };
    if (listing && !listing.writable) {
      await expectError(await workspaceCall('PUT', `workspace/files/${folderPath}`, { body: JSON.stringify(folderProbe) }), 403, 'WORKSPACE_READ_ONLY');
      return 'read-only workspace: refused with 403';
    }
    const written = await workspaceCall('PUT', `workspace/files/${folderPath}`, { body: JSON.stringify(folderProbe) });
    expect(written.status === 200, `PUT ${folderPath} answered ${written.status}: ${(await written.text()).slice(0, 200)}`);
    const file = await (await workspaceCall('GET', `workspace/files/${folderPath}`)).json();
    expect(JSON.stringify(sortKeys(file.content)) === JSON.stringify(sortKeys(folderProbe)), 'the folder file read back differs from what was written');
    const bad = problems('folder-settings-file', file.content);
    expect(!bad, `the folder file does not match folder-settings-file.schema.json: ${bad}`);
    const listed = await (await workspaceCall('GET', 'workspace')).json();
    expect(listed.files.some((/** @type {any} */ f) => f.path === folderPath), 'the folder file is not listed');
    const literal = await expectError(await workspaceCall('PUT', `workspace/files/${folderPath}`, { body: JSON.stringify({ ...folderProbe, auth: { type: 'bearer', token: 'secret' } }) }), 422, 'INVALID_WORKSPACE_FILE');
    expect(literal.error.message.includes('token'), `the 422 does not name the field: ${literal.error.message}`);
    await expectError(await workspaceCall('PUT', `workspace/files/${folderPath}`, { body: JSON.stringify({ auth: folderProbe.auth }) }), 422, 'INVALID_WORKSPACE_FILE');
    const kept = await (await workspaceCall('GET', `workspace/files/${folderPath}`)).json();
    expect(kept.content.auth.token === '{{token}}', 'a refused folder file changed the one on disk');
    const inheriting = await workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify({ ...probe, folder: folderProbe.folder, auth: { type: 'inherit' } }) });
    expect(inheriting.status === 200, `a request with auth { type: "inherit" } answered ${inheriting.status}: ${(await inheriting.text()).slice(0, 200)}`);
    await (await workspaceCall('DELETE', `workspace/files/${probePath}`)).arrayBuffer();
    await (await workspaceCall('DELETE', `workspace/files/${folderPath}`)).arrayBuffer();
    return 'written, read, refused with a literal, deleted';
  });

  await check('a save whose modifiedMs is not the file\'s is refused with 409 and writes nothing; without it the file is overwritten', async () => {
    needConfig();
    if (listing && !listing.writable) return 'read-only workspace';
    const put = (/** @type {object} */ content, /** @type {number | undefined} */ modifiedMs) => workspaceCall('PUT', `workspace/files/${probePath}`, { body: JSON.stringify(content), modifiedMs });
    const first = await put(probe, undefined);
    expect(first.status === 200, `PUT answered ${first.status}`);
    const { modifiedMs } = await first.json();
    const same = await put({ ...probe, name: 'Saved as read' }, modifiedMs);
    const sameText = await same.text();
    expect(same.status === 200, `a PUT carrying the modifiedMs it read answered ${same.status}: ${sameText.slice(0, 200)}`);
    const current = JSON.parse(sameText).modifiedMs;
    const stale = await expectError(await put({ ...probe, name: 'Stale' }, current - 1000), 409, 'WORKSPACE_CONFLICT');
    expect(stale.error.message.includes(probePath), `the 409 does not name ${probePath}: ${stale.error.message}`);
    const kept = await (await workspaceCall('GET', `workspace/files/${probePath}`)).json();
    expect(kept.content.name === 'Saved as read', `the refused save changed the file (name is ${kept.content.name})`);
    const overwritten = await put({ ...probe, name: 'Overwritten' }, undefined);
    expect(overwritten.status === 200, `a PUT without the precondition answered ${overwritten.status}`);
    await overwritten.arrayBuffer();
    await (await workspaceCall('DELETE', `workspace/files/${probePath}`)).arrayBuffer();
    await expectError(await put(probe, current), 409, 'WORKSPACE_CONFLICT');
    await expectError(await workspaceCall('GET', `workspace/files/${probePath}`), 404, 'NOT_FOUND');
    return '409 on a stale or deleted file, overwrite without the header';
  });

  await check('a workspace file too large, too deep or with a newline in its name is refused with an error body', async () => {
    needConfig();
    const huge = JSON.stringify({ ...probe, url: `/${'x'.repeat(WORKSPACE_MAX_FILE_BYTES)}` });
    const tooLarge = await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: huge }), 413, 'INVALID_WORKSPACE_FILE');
    const deep = `{"name":"deep","method":"GET","url":"/","x":${'['.repeat(WORKSPACE_MAX_DEPTH * 10)}${']'.repeat(WORKSPACE_MAX_DEPTH * 10)}}`;
    await expectError(await workspaceCall('PUT', `workspace/files/${probePath}`, { body: deep }), 422, 'INVALID_WORKSPACE_FILE');
    const newline = await workspaceCall('PUT', `workspace/files/${probePath}%0A`, { body: JSON.stringify(probe) });
    await expectError(newline, 422, 'INVALID_WORKSPACE_PATH');
    await expectError(await workspaceCall('GET', `workspace/files/${probePath}`), 404, 'NOT_FOUND');
    return tooLarge.error.message;
  });

  await check('a request whose Host header names another host is refused with 403 (DNS rebinding)', async () => {
    const status = await statusWithHost(pageUrl, 'kite-conformance.invalid');
    expect(status === 403, `GET ${pageUrl} with Host: kite-conformance.invalid answered ${status}`);
  });

  await check('a protocol call from a page on another host (or Origin: null) is refused with 403 and an error body', async () => {
    needConfig();
    const codes = [];
    for (const origin of ['http://kite-conformance.invalid', 'null']) {
      const response = await doFetch(api('status'), { headers: { Accept: 'application/json', Origin: origin } });
      const text = await response.text();
      expect(response.status === 403, `GET status with Origin: ${origin} answered ${response.status}: ${text.slice(0, 200)}`);
      const bad = problems('error', JSON.parse(text));
      expect(!bad, `the 403 body does not match error.schema.json: ${bad}`);
      codes.push(JSON.parse(text).error.code);
    }
    return codes.join(', ');
  });

  await check('a method no endpoint answers (PROPFIND) is a 405 error body, not an HTML page', async () => {
    needConfig();
    await expectError(await doFetch(api('status'), { method: 'PROPFIND', headers: { Accept: 'application/json' } }), 405, 'METHOD_NOT_ALLOWED');
  });

  await check('an unknown API endpoint is a 404 error body', async () => {
    needConfig();
    await expectError(await doFetch(api('no-such-endpoint'), { headers: { Accept: 'application/json' } }), 404, 'NOT_FOUND');
  });

  const failed = results.filter((r) => !r.ok).length;
  /** @param {any} value @returns {any} */
  function sortKeys(value) {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
    return value;
  }
  return { passed: results.length - failed, failed, results };
}

/**
 * The status of a GET of `url` sent with another Host header (fetch cannot set one).
 * @param {string} url
 * @param {string} host
 * @returns {Promise<number>}
 */
function statusWithHost(url, host) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { headers: { Host: host }, setHost: false, rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
