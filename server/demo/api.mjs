// @ts-check
// The built-in demo API that `kite serve` starts when no OpenAPI document is given, mounted under
// `/demo` on the same server (so it is the same site as the page and `current-user` cookies reach
// it). Users and posts live in memory; the other endpoints exercise what an HTTP client must show:
// validation errors, pagination, cookies, credentials, slow and large responses, binary bodies,
// redirects.
import { randomBytes } from 'node:crypto';
import { readCookie } from '../../protocol/cookies.js';
import { readBody, requestUrl, sendJson } from '../http.mjs';
import { parseMultipart } from '../multipart.mjs';
import { kitePng } from './png.mjs';
import { createDemoStore, publicUser } from './store.mjs';
import { validate, validationMessage } from './validate.mjs';
import { demoOpenApiDocument, POST_SORTS, STREAM_LIMITS } from './openapi.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('./store.mjs').DemoUser} DemoUser */

export const DEMO_PATH = '/demo';
export const DEMO_IMPERSONATE_HEADER = 'X-Kite-Impersonate';
export const DEMO_BASIC = { username: 'demo', password: 'secret' };
export const DEMO_SESSION_COOKIE = 'demo_session';

const MAX_DEMO_BODY = 64 * 1024 * 1024;
const PNG = kitePng(32);

/**
 * @typedef {{ req: IncomingMessage; res: ServerResponse; params: Record<string, string>; url: URL }} DemoContext
 * @typedef {(context: DemoContext) => void | Promise<void>} DemoHandler
 */

/**
 * @param {{ impersonateHeader?: string | null }} [options]
 */
export function createDemoApi(options = {}) {
  const store = createDemoStore();
  const impersonateHeader = (options.impersonateHeader ?? DEMO_IMPERSONATE_HEADER).toLowerCase();

  /** @type {Array<{ method: string; pattern: RegExp; keys: string[]; handle: DemoHandler }>} */
  const table = [];
  /**
   * @param {string} method
   * @param {string} path `/users/{user}`
   * @param {DemoHandler} handle
   */
  const route = (method, path, handle) => {
    const keys = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}/?$`);
    table.push({ method, pattern, keys, handle });
  };

  // ---- users -------------------------------------------------------------------------------
  route('GET', '/users', ({ res, url }) => {
    const started = performance.now();
    const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
    const list = [...store.users.values()].filter(
      (u) => !search || `${u.first_name} ${u.last_name} ${u.email}`.toLowerCase().includes(search),
    );
    // The demo reports its own time as real APIs do, so Kite's Timing view has rows to show.
    res.setHeader('Server-Timing', `search;desc="Filter users";dur=${(performance.now() - started).toFixed(2)}`);
    paginate(res, url, list.map(publicUser));
  });
  route('POST', '/users', async ({ req, res }) => {
    const input = await readInput(req, res);
    if (!input) return;
    coerce(input, { age: 'integer', is_admin: 'boolean' });
    const errors = validate(input, USER_RULES);
    if (!errors.email && [...store.users.values()].some((u) => u.email === input.email)) errors.email = ['The email has already been taken.'];
    if (Object.keys(errors).length) return sendValidation(res, errors);
    const user = store.addUser({
      first_name: String(input.first_name),
      last_name: String(input.last_name),
      email: String(input.email),
      age: typeof input.age === 'number' ? input.age : null,
      is_admin: input.is_admin === true,
      password: String(input.password),
    });
    sendJson(res, 201, { data: publicUser(user) }, { Location: `${DEMO_PATH}/users/${user.id}` });
  });
  route('GET', '/users/{user}', ({ res, params }) => {
    const user = findUser(params.user, res);
    if (user) sendJson(res, 200, { data: publicUser(user) });
  });
  for (const method of ['PUT', 'PATCH']) {
    route(method, '/users/{user}', async ({ req, res, params }) => {
      const user = findUser(params.user, res);
      if (!user) return;
      const input = await readInput(req, res);
      if (!input) return;
      coerce(input, { age: 'integer', is_admin: 'boolean' });
      /** @type {Record<string, import('./validate.mjs').FieldRule>} */
      const rules = method === 'PUT' ? { ...USER_RULES, password: { ...USER_RULES.password, required: false } } : Object.fromEntries(Object.entries(USER_RULES).map(([k, r]) => [k, { ...r, required: false }]));
      const errors = validate(input, rules);
      if (!errors.email && typeof input.email === 'string' && [...store.users.values()].some((u) => u.email === input.email && u.id !== user.id)) {
        errors.email = ['The email has already been taken.'];
      }
      if (Object.keys(errors).length) return sendValidation(res, errors);
      for (const field of ['first_name', 'last_name', 'email', 'age', 'is_admin', 'password']) {
        if (input[field] !== undefined) /** @type {any} */ (user)[field] = input[field];
      }
      sendJson(res, 200, { data: publicUser(user) });
    });
  }
  route('DELETE', '/users/{user}', ({ res, params }) => {
    const user = findUser(params.user, res);
    if (!user) return;
    store.users.delete(user.id);
    res.writeHead(204);
    res.end();
  });

  // ---- posts -------------------------------------------------------------------------------
  route('GET', '/posts', ({ res, url }) => {
    const author = url.searchParams.get('author_id');
    const sort = url.searchParams.get('sort') || 'oldest';
    if (!POST_SORTS.includes(sort)) return sendValidation(res, { sort: ['The selected sort is invalid.'] });
    const list = [...store.posts.values()].filter((p) => !author || String(p.author_id) === author);
    if (sort === 'newest') list.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    if (sort === 'title') list.sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
    paginate(res, url, list);
  });
  route('POST', '/posts', async ({ req, res }) => {
    const input = await readInput(req, res);
    if (!input) return;
    coerce(input, { author_id: 'integer' });
    const errors = validate(input, POST_RULES);
    if (!errors.author_id && !store.users.has(/** @type {number} */ (input.author_id))) errors.author_id = ['The selected author is invalid.'];
    if (Object.keys(errors).length) return sendValidation(res, errors);
    const post = store.addPost({
      title: String(input.title),
      body: String(input.body),
      tags: /** @type {string[]} */ (input.tags ?? []),
      author_id: /** @type {number} */ (input.author_id),
    });
    sendJson(res, 201, { data: post }, { Location: `${DEMO_PATH}/posts/${post.id}` });
  });

  // ---- bodies ------------------------------------------------------------------------------
  route('POST', '/uploads', async ({ req, res }) => {
    const contentType = String(req.headers['content-type'] ?? '');
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
      return sendValidation(res, { file: ['The file field must be sent as multipart/form-data.'] });
    }
    const body = await readLimited(req, res);
    if (!body) return;
    let parts;
    try {
      parts = parseMultipart(body, contentType);
    } catch (error) {
      return sendJson(res, 400, { message: `Malformed multipart body: ${error instanceof Error ? error.message : String(error)}` });
    }
    if (!parts.some((part) => part.name === 'file' && part.filename !== undefined)) {
      return sendValidation(res, { file: ['The file field is required.'] });
    }
    sendJson(res, 201, {
      parts: parts.map((part) => ({
        name: part.name,
        ...(part.filename !== undefined ? { filename: part.filename } : {}),
        size: part.data.length,
        type: part.contentType ?? (part.filename !== undefined ? 'application/octet-stream' : 'text/plain'),
        ...(part.filename === undefined ? { value: part.data.toString('utf8') } : {}),
      })),
    });
  });
  route('POST', '/forms', async ({ req, res }) => {
    const body = await readLimited(req, res);
    if (!body) return;
    /** @type {Record<string, string | string[]>} */
    const fields = {};
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    sendJson(res, 200, { contentType: req.headers['content-type'] ?? null, fields });
  });
  for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    route(method, '/echo', async ({ req, res, url }) => {
      const body = await readLimited(req, res);
      if (!body) return;
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
      sendJson(res, 200, {
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: body.toString('utf8'),
        bodySize: body.length,
      });
    });
  }

  // ---- who is asking -----------------------------------------------------------------------
  for (const method of ['GET', 'POST']) {
    route(method, '/login', async ({ req, res }) => {
      const input = method === 'POST' ? await readInput(req, res) : {};
      if (!input) return;
      let user = store.users.get(1);
      if (input.email !== undefined) {
        user = [...store.users.values()].find((u) => u.email === input.email);
        const passwordOk = user && (user.password ? user.password === input.password : input.password === DEMO_BASIC.password);
        if (!user || !passwordOk) return sendValidation(res, { email: ['These credentials do not match our records.'] });
      }
      if (!user) return sendJson(res, 404, { message: 'No user to log in as.' });
      const session = randomBytes(16).toString('hex');
      store.sessions.set(session, user.id);
      // The bearer token too, so a client can chain it into the next request (GET /me with Bearer):
      // one of this user's own, so it authenticates as the user who logged in.
      const token = `demo-token-${randomBytes(16).toString('hex')}`;
      store.tokens.set(token, user.id);
      sendJson(res, 200, { message: 'Logged in.', user: publicUser(user), data: { token } }, { 'Set-Cookie': `${DEMO_SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax` });
    });
  }
  route('POST', '/logout', ({ req, res }) => {
    const session = readCookie(req.headers.cookie, DEMO_SESSION_COOKIE);
    if (session) store.sessions.delete(session);
    sendJson(res, 200, { message: 'Logged out.' }, { 'Set-Cookie': `${DEMO_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` });
  });
  route('GET', '/me', ({ req, res }) => {
    const impersonated = req.headers[impersonateHeader];
    if (typeof impersonated === 'string' && impersonated !== '') {
      const user = store.users.get(Number(impersonated));
      if (!user) return sendJson(res, 404, { message: `No user with id ${impersonated} to impersonate.` });
      return sendJson(res, 200, { via: 'impersonate', user: publicUser(user) });
    }
    const authorization = String(req.headers.authorization ?? '');
    if (/^bearer /i.test(authorization)) {
      const user = store.users.get(store.tokens.get(authorization.slice(7).trim()) ?? 0);
      if (!user) return sendJson(res, 401, { message: 'Unauthenticated.' }, { 'WWW-Authenticate': 'Bearer' });
      return sendJson(res, 200, { via: 'bearer', user: publicUser(user) });
    }
    if (/^basic /i.test(authorization)) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      if (decoded !== `${DEMO_BASIC.username}:${DEMO_BASIC.password}`) return sendJson(res, 401, { message: 'Unauthenticated.' }, { 'WWW-Authenticate': 'Basic realm="demo"' });
      return sendJson(res, 200, { via: 'basic', user: publicUser(/** @type {DemoUser} */ (store.users.get(1))) });
    }
    const session = readCookie(req.headers.cookie, DEMO_SESSION_COOKIE);
    const sessionUser = session ? store.users.get(store.sessions.get(session)) : undefined;
    if (sessionUser) return sendJson(res, 200, { via: 'cookie', user: publicUser(sessionUser) });
    sendJson(res, 200, { via: 'anonymous' });
  });

  // ---- responses of every kind -------------------------------------------------------------
  route('GET', '/cookies', ({ res }) => {
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Set-Cookie': [
        'demo_theme=dark; Path=/; Max-Age=3600; SameSite=Lax',
        'demo_tracking=abc123; Path=/demo; HttpOnly; SameSite=Strict',
        'demo_flash=Saved%20successfully; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
      ],
    });
    res.end(JSON.stringify({ set: ['demo_theme', 'demo_tracking', 'demo_flash'] }));
  });
  route('GET', '/slow', ({ req, res, url }) => {
    const ms = clampNumber(url.searchParams.get('ms'), 2000, 0, 120_000);
    const timer = setTimeout(() => sendJson(res, 200, { waitedMs: ms }), ms);
    req.socket.once('close', () => clearTimeout(timer));
  });
  // Live streams: a few events (or NDJSON lines) at an interval, then the end. Each carries
  // `sentAt` (Date.now() when written), which the stream bench compares with the page's paint.
  route('GET', '/events', ({ res, url }) => {
    const names = ['open', 'tick', 'done'];
    sendAtInterval(res, url, 'text/event-stream; charset=utf-8', (n, count) => {
      const name = n === 1 ? names[0] : n === count ? names[2] : names[1];
      return `event: ${name}\nid: ${n}\ndata: ${JSON.stringify({ n, of: count, sentAt: Date.now() })}\n\n`;
    });
  });
  route('GET', '/stream.ndjson', ({ res, url }) => {
    sendAtInterval(res, url, 'application/x-ndjson', (n, count) => `${JSON.stringify({ n, of: count, message: `line ${n} of ${count}`, sentAt: Date.now() })}\n`);
  });
  route('GET', '/large', ({ res, url }) => streamLargeJson(res, clampNumber(url.searchParams.get('mb'), 10, 0, 500)));
  route('GET', '/image.png', ({ res }) => {
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length, 'Cache-Control': 'no-cache' });
    res.end(PNG);
  });
  route('GET', '/image.svg', ({ res }) => {
    // An SVG that tries to act when opened as a document: a previewer must never run it in its own origin.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#2563eb"/>' +
      '<text x="60" y="26" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">SVG</text>' +
      "<script>try { localStorage.setItem('demo:svg-script-ran', String(location.origin)); } catch (e) {} try { document.title = 'svg script ran'; top.document.title = 'svg script ran'; } catch (e) {}</script></svg>\n";
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': Buffer.byteLength(svg) });
    res.end(svg);
  });
  route('GET', '/page.html', ({ res }) => {
    const html = '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Demo page</title></head>\n<body><h1>Hello from the demo API</h1><p>This response is <strong>HTML</strong>.</p></body></html>\n';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
    res.end(html);
  });
  route('GET', '/redirect', ({ res }) => {
    res.writeHead(302, { Location: `${DEMO_PATH}/users`, 'Content-Length': 0 });
    res.end();
  });
  route('GET', '/text', ({ res }) => {
    const text = 'Plain text from the demo API.\nSecond line.\n';
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  });
  route('GET', '/bytes', ({ res, url }) => {
    const size = clampNumber(url.searchParams.get('kb'), 64, 0, 512 * 1024) * 1024;
    const filename = url.searchParams.get('filename');
    // As a download: an ASCII fallback name and the UTF-8 one (RFC 6266).
    const disposition = filename ? { 'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}` } : {};
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size, ...disposition });
    writeInChunks(res, size, (offset, length) => {
      const chunk = Buffer.allocUnsafe(length);
      for (let i = 0; i < length; i += 1) chunk[i] = (offset + i) & 0xff;
      return chunk;
    });
  });
  route('GET', '/openapi.json', ({ res }) => sendJson(res, 200, demoOpenApiDocument()));

  /**
   * @param {string} raw
   * @param {ServerResponse} res
   */
  function findUser(raw, res) {
    const user = /^\d+$/.test(raw) ? store.users.get(Number(raw)) : undefined;
    if (!user) sendJson(res, 404, { message: `No query results for model [User] ${raw}` });
    return user;
  }

  /**
   * Handles one request under DEMO_PATH; `pathname` has the prefix removed.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {string} pathname
   */
  async function handle(req, res, pathname) {
    const url = requestUrl(req);
    const path = pathname === '' ? '/' : pathname;
    const matches = table.filter((entry) => entry.pattern.test(path));
    const method = req.method === 'HEAD' && !matches.some((m) => m.method === 'HEAD') ? 'GET' : req.method;
    const entry = matches.find((m) => m.method === method);
    if (!entry) {
      if (matches.length) {
        res.setHeader('Allow', [...new Set(matches.map((m) => m.method))].join(', '));
        return sendJson(res, 405, { message: `The ${req.method} method is not supported for route ${DEMO_PATH}${path}.` });
      }
      return sendJson(res, 404, { message: `No demo route at ${DEMO_PATH}${path}` });
    }
    const values = /** @type {RegExpExecArray} */ (entry.pattern.exec(path)).slice(1);
    const params = Object.fromEntries(entry.keys.map((key, i) => [key, decodeURIComponent(values[i])]));
    try {
      await entry.handle({ req, res, params, url });
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { message: `Demo API error: ${error instanceof Error ? error.message : String(error)}` });
      else res.destroy();
    }
  }

  return { handle, store };
}

const USER_RULES = /** @type {Record<string, import('./validate.mjs').FieldRule>} */ ({
  first_name: { required: true, type: 'string', max: 255 },
  last_name: { required: true, type: 'string', max: 255 },
  email: { required: true, type: 'email', max: 255 },
  age: { type: 'integer', min: 1, max: 120 },
  is_admin: { type: 'boolean' },
  password: { required: true, type: 'string', min: 8 },
});
const POST_RULES = /** @type {Record<string, import('./validate.mjs').FieldRule>} */ ({
  title: { required: true, type: 'string', max: 255 },
  body: { required: true, type: 'string' },
  tags: { type: 'array-of-strings' },
  author_id: { required: true, type: 'integer', min: 1 },
});

/**
 * Reads a JSON or form-urlencoded body into an object; answers 400 itself on unreadable input.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @returns {Promise<Record<string, unknown> | undefined>}
 */
async function readInput(req, res) {
  const body = await readLimited(req, res);
  if (!body) return undefined;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const text = body.toString('utf8');
  // An empty body is an empty input, so required fields are reported rather than a parse error.
  if (text.trim() === '') return {};
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (type.startsWith('multipart/form-data')) {
    try {
      return Object.fromEntries(parseMultipart(body, type).filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString('utf8')]));
    } catch (error) {
      sendJson(res, 400, { message: `Malformed multipart body: ${error instanceof Error ? error.message : String(error)}` });
      return undefined;
    }
  }
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
    sendJson(res, 400, { message: 'The JSON body must be an object.' });
  } catch (error) {
    sendJson(res, 400, { message: `Malformed JSON body: ${error instanceof Error ? error.message : String(error)}` });
  }
  return undefined;
}

/**
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
async function readLimited(req, res) {
  try {
    return await readBody(req, MAX_DEMO_BODY);
  } catch {
    sendJson(res, 413, { message: 'The request body is too large for the demo API.' });
    return undefined;
  }
}

/**
 * Form bodies carry strings; Laravel's rules accept numeric strings and boolean words, so does the demo.
 * @param {Record<string, unknown>} input
 * @param {Record<string, 'integer' | 'boolean'>} types
 */
function coerce(input, types) {
  for (const [field, type] of Object.entries(types)) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    if (type === 'integer' && /^-?\d+$/.test(value.trim())) input[field] = Number(value);
    if (type === 'boolean' && ['1', '0', 'true', 'false'].includes(value)) input[field] = value === '1' || value === 'true';
  }
}

/**
 * @param {ServerResponse} res
 * @param {Record<string, string[]>} errors
 */
function sendValidation(res, errors) {
  sendJson(res, 422, { message: validationMessage(errors), errors });
}

/**
 * A Laravel-style paginated answer; bad `page`/`per_page` values are validation errors.
 * @param {ServerResponse} res
 * @param {URL} url
 * @param {unknown[]} list
 */
function paginate(res, url, list) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  const page = url.searchParams.has('page') ? Number(url.searchParams.get('page')) : 1;
  const perPage = url.searchParams.has('per_page') ? Number(url.searchParams.get('per_page')) : 15;
  if (!Number.isInteger(page) || page < 1) errors.page = ['The page field must be an integer of at least 1.'];
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) errors.per_page = ['The per page field must be between 1 and 100.'];
  if (Object.keys(errors).length) return sendValidation(res, errors);
  const total = list.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = list.slice((page - 1) * perPage, page * perPage);
  const link = (/** @type {number} */ n) => {
    const next = new URL(url.pathname, 'http://demo.invalid');
    for (const [k, v] of url.searchParams) if (k !== 'page') next.searchParams.set(k, v);
    next.searchParams.set('page', String(n));
    return `${next.pathname}${next.search}`;
  };
  sendJson(res, 200, {
    data,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: {
      current_page: page,
      from: data.length ? (page - 1) * perPage + 1 : null,
      last_page: lastPage,
      per_page: perPage,
      to: data.length ? (page - 1) * perPage + data.length : null,
      total,
      path: url.pathname,
    },
  });
}

/**
 * @param {string | null} raw
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 */
function clampNumber(raw, fallback, min, max) {
  const value = raw === null || raw.trim() === '' ? fallback : Number(raw);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/**
 * Writes `?count=` pieces made by `make`, the first after `?delay_ms=` (default 0) and then one per `?interval_ms=`,
 * then ends; stops when the client goes away.
 * @param {ServerResponse} res
 * @param {URL} url
 * @param {string} contentType
 * @param {(n: number, count: number) => string} make
 */
function sendAtInterval(res, url, contentType, make) {
  const count = Math.round(clampNumber(url.searchParams.get('count'), STREAM_LIMITS.count.default, STREAM_LIMITS.count.min, STREAM_LIMITS.count.max));
  const intervalMs = clampNumber(url.searchParams.get('interval_ms'), STREAM_LIMITS.intervalMs.default, STREAM_LIMITS.intervalMs.min, STREAM_LIMITS.intervalMs.max);
  const delayMs = clampNumber(url.searchParams.get('delay_ms'), 0, 0, STREAM_LIMITS.intervalMs.max);
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  let n = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const next = () => {
    n += 1;
    res.write(make(n, count));
    if (n >= count) {
      clearInterval(timer);
      res.end();
    }
  };
  res.on('close', () => clearTimeout(timer));
  // The first piece after `?delay_ms=` (default at once), then one per interval.
  timer = setTimeout(() => {
    next();
    if (n < count) timer = setInterval(next, intervalMs);
  }, delayMs);
}

/**
 * Writes `size` bytes produced by `make`, waiting for the socket when it is full.
 * @param {ServerResponse} res
 * @param {number} size
 * @param {(offset: number, length: number) => Buffer} make
 */
function writeInChunks(res, size, make) {
  let offset = 0;
  const pump = () => {
    while (offset < size) {
      const length = Math.min(64 * 1024, size - offset);
      const ok = res.write(make(offset, length));
      offset += length;
      if (!ok) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => {
    offset = size + 1;
  });
  pump();
}

/**
 * A JSON array of user-like records of about `mb` megabytes, streamed without building it whole.
 * @param {ServerResponse} res
 * @param {number} mb
 */
function streamLargeJson(res, mb) {
  const target = Math.round(mb * 1024 * 1024);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  let written = 0;
  let id = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const pump = () => {
    while (!closed) {
      /** @type {string[]} */
      const lines = [];
      let size = 0;
      while (size < 64 * 1024 && written + size < target) {
        id += 1;
        const record = `${id === 1 ? '[' : ','}\n{"id":${id},"first_name":"${FIRST_NAMES[id % FIRST_NAMES.length]}","last_name":"Example","email":"user${id}@example.com","age":${18 + (id % 60)},"is_admin":${id % 17 === 0},"created_at":"2024-01-15T09:30:00.000Z","bio":"Record ${id} of a large demo response, padded so each row is about two hundred bytes."}`;
        lines.push(record);
        size += record.length;
      }
      if (lines.length === 0) {
        res.end(id === 0 ? '[]\n' : '\n]\n');
        return;
      }
      written += size;
      if (!res.write(lines.join(''))) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Linus'];
