// POST run on its own (server/endpoints/run.mjs) on a bare node:http server, against a real
// loopback target: results streamed as each request finishes, data rows, captures flowing within
// a row, secrets masked in every event, bail, the delay, the allow-list and the timeout per
// request, and a cancel that stops the run. Needs the request model bundle (built here).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSchemas } from '../../protocol/conformance/schemas.mjs';
import { serveHandler } from '../testing/loopback.mjs';
import { RUN_REQUEST_MAX_BYTES, runEndpoint } from './run.mjs';

const root = new URL('../..', import.meta.url).pathname;
const TOKEN = 'tok_live_9a8b7c6d';
const SESSION = 'sess-1f2e3d';

/** @type {Awaited<ReturnType<typeof serveHandler>>} */
let target;
/** @type {Awaited<ReturnType<typeof serveHandler>>} */
let host;
/** @type {ReturnType<typeof runEndpoint>} */
let serveRun;
/** What the target received, in order: `${path}?${query}` and when. */
const received = [];
/** Requests to /hold wait until the test releases them; `closed` says the host hung up. */
const held = { waiting: /** @type {Array<() => void>} */ ([]), closed: 0, arrived: /** @type {Array<() => void>} */ ([]) };

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
  target = await serveHandler((req, res) => {
    const url = new URL(req.url ?? '/', 'http://target');
    received.push({ at: performance.now(), path: url.pathname, query: url.searchParams.toString(), authorization: req.headers.authorization });
    const json = (status, value) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/api/login') {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { message: 'Unauthenticated.' });
      return json(200, { session: SESSION, user: url.searchParams.get('user') });
    }
    if (url.pathname === '/api/profile') return json(url.searchParams.get('session') === SESSION ? 200 : 403, { name: url.searchParams.get('user') });
    if (url.pathname === '/api/hold') {
      req.socket.once('close', () => (held.closed += 1));
      held.arrived.shift()?.();
      held.waiting.push(() => json(200, { released: true }));
      return;
    }
    return json(404, { message: 'Not found' });
  });
  serveRun = runEndpoint({
    xsrf: { verify: (req) => req.headers['x-xsrf-token'] === 'ok', refuse: (res) => void res.writeHead(419).end('refused') },
    applications: () => [{ id: 'api', baseUrl: `${target.origin}/api`, routes: [] }],
    relayBases: (apps) => apps.map((app) => app.baseUrl),
    impersonateHeader: null,
    maxBodyBytes: 1024 * 1024,
    timeoutMs: 30_000,
    userAgent: 'Kite/test',
  });
  host = await serveHandler((req, res) => void serveRun(req, res));
});

afterAll(async () => {
  for (const release of held.waiting.splice(0)) release();
  await host.close();
  await target.close();
  serveRun.close();
});

const saved = (patch) => ({ name: 'Request', folder: 'auth', application: 'api', method: 'GET', url: '/', pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'none' }, captures: [], assertions: [], ...patch });
const login = saved({
  name: 'Login',
  url: '/login',
  query: [{ name: 'user', value: '{{user}}', enabled: true }],
  auth: { type: 'bearer', token: '{{token}}' },
  captures: [{ variable: 'session', source: 'body', path: '$.session', secret: true }],
  assertions: [{ source: 'status', path: '', operator: 'equals', expected: '200' }],
});
const profile = saved({
  name: 'Profile',
  url: '/profile',
  query: [
    { name: 'session', value: '{{session}}', enabled: true },
    { name: 'user', value: '{{user}}', enabled: true },
  ],
  assertions: [{ source: 'body', path: '$.name', operator: 'equals', expected: 'ada' }],
});

/** POSTs a run and returns the response. */
const post = (body, init = {}) => fetch(host.origin, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'ok' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
/** Every event of a finished run. */
const events = async (response) => (await response.text()).split('\n').filter(Boolean).map((line) => JSON.parse(line));

describe('POST run on the Node host', { timeout: 30_000 }, () => {
  const { problems } = compileSchemas();

  it('runs the sequence once per data row, the secret captured by one request sent by the next, and masks every secret', async () => {
    received.length = 0;
    const response = await post({ requests: [{ path: 'requests/login.json', file: login }, { path: 'requests/profile.json', file: profile }], variables: { token: TOKEN }, secretNames: ['token'], rows: [{ user: 'ada' }, { user: 'bob' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const text = await response.clone().text();
    const all = await events(response);
    for (const event of all) expect(problems('run-event', event)).toBeNull();
    expect(all.map((event) => (event.type === 'result' ? `${event.iteration}:${event.index}:${event.status}` : event.type))).toEqual(['0:0:200', '0:1:200', '1:0:200', '1:1:200', 'done']);
    // The row's value reached the target, and the session captured in each row was sent.
    expect(received.map((request) => `${request.path}?${request.query}`)).toEqual([
      '/api/login?user=ada',
      `/api/profile?session=${SESSION}&user=ada`,
      '/api/login?user=bob',
      `/api/profile?session=${SESSION}&user=bob`,
    ]);
    expect(received[0].authorization).toBe(`Bearer ${TOKEN}`);
    // Row 2's profile fails its assertion with the actual value; done counts it.
    expect(all[3].assertions[0]).toMatchObject({ passed: false, actual: 'bob' });
    expect(all[4]).toMatchObject({ type: 'done', passed: 3, failed: 1, cancelled: false });
    // Neither the secret sent nor the secret captured appears in any event.
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(SESSION);
    expect(all[0].captured).toEqual({ session: '{{session}}' });
    expect(all[1].url).toContain('session={{session}}');
    expect(all[0].response).toMatchObject({ body: '{"session":"{{session}}","user":"ada"}', truncated: false });
  });

  it('streams a result as soon as its request finishes, before the next one has answered', async () => {
    const arrived = new Promise((resolve) => held.arrived.push(resolve));
    const response = await post({ requests: [{ path: 'requests/profile.json', file: profile }, { path: 'requests/hold.json', file: saved({ url: '/hold' }) }], variables: {}, secretNames: [] });
    const reader = response.body.getReader();
    let buffered = '';
    while (!buffered.includes('\n')) buffered += new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(buffered.split('\n')[0])).toMatchObject({ type: 'result', index: 0, path: 'requests/profile.json' });
    await arrived;
    held.waiting.shift()?.();
    while (!buffered.includes('"done"')) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += new TextDecoder().decode(value);
    }
    expect(buffered.split('\n').filter(Boolean).map((line) => JSON.parse(line).type)).toEqual(['result', 'result', 'done']);
  });

  it('stops when the app closes the call: the request under way is aborted and the next is never sent', async () => {
    received.length = 0;
    const closedBefore = held.closed;
    const arrived = new Promise((resolve) => held.arrived.push(resolve));
    const cancel = new AbortController();
    const response = await post({ requests: [{ path: 'requests/hold.json', file: saved({ url: '/hold' }) }, { path: 'requests/login.json', file: login }], variables: { token: TOKEN, user: 'ada' }, secretNames: ['token'] }, { signal: cancel.signal });
    await arrived;
    cancel.abort();
    await expect(response.text()).rejects.toThrow();
    await expect.poll(() => held.closed).toBeGreaterThan(closedBefore);
    held.waiting.splice(0);
    expect(received.map((request) => request.path)).toEqual(['/api/hold']);
  });

  it('stops at the first failure with bail, and waits the delay between two requests', async () => {
    received.length = 0;
    const bailed = await events(await post({ requests: [{ path: 'requests/login.json', file: login }, { path: 'requests/profile.json', file: profile }], variables: { token: 'wrong', user: 'ada' }, secretNames: ['token'], bail: true }));
    expect(bailed.map((event) => event.type)).toEqual(['result', 'done']);
    expect(bailed[1]).toMatchObject({ passed: 0, failed: 1, cancelled: true });
    expect(received).toHaveLength(1);

    received.length = 0;
    await events(await post({ requests: [{ path: 'requests/login.json', file: login }, { path: 'requests/profile.json', file: profile }], variables: { token: TOKEN, user: 'ada' }, secretNames: ['token'], delayMs: 300 }));
    expect(received).toHaveLength(2);
    expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(295);
  });

  it('a target outside the allow-list or an unresolved variable is a result with status 0 and an error; the run goes on', async () => {
    const all = await events(await post({ requests: [{ path: 'requests/out.json', file: saved({ url: 'http://example.invalid/x' }) }, { path: 'requests/login.json', file: login }, { path: 'requests/profile.json', file: profile }], variables: { token: TOKEN, user: 'ada' }, secretNames: ['token'] }));
    expect(all[0]).toMatchObject({ status: 0, error: expect.stringContaining('TARGET_NOT_ALLOWED') });
    expect(all[1]).toMatchObject({ status: 200 });
    expect(all[3]).toMatchObject({ type: 'done', passed: 2, failed: 1 });
    const unresolved = await events(await post({ requests: [{ path: 'requests/login.json', file: login }], variables: { user: 'ada' }, secretNames: [] }));
    expect(unresolved[0]).toMatchObject({ status: 0, error: expect.stringContaining('token') });
  });

  it("gives each request the host's timeout: one that takes longer is a result with its error, and the run goes on", async () => {
    const quick = runEndpoint({
      xsrf: { verify: () => true, refuse: () => {} },
      applications: () => [{ id: 'api', baseUrl: `${target.origin}/api`, routes: [] }],
      relayBases: (apps) => apps.map((app) => app.baseUrl),
      impersonateHeader: null,
      maxBodyBytes: 1024 * 1024,
      timeoutMs: 300,
      userAgent: 'Kite/test',
    });
    const quickHost = await serveHandler((req, res) => void quick(req, res));
    try {
      const response = await fetch(quickHost.origin, { method: 'POST', body: JSON.stringify({ requests: [{ path: 'requests/hold.json', file: saved({ url: '/hold' }) }, { path: 'requests/other.json', file: saved({ url: '/other' }) }], variables: {}, secretNames: [] }) });
      const all = await events(response);
      expect(all[0]).toMatchObject({ status: 0, error: expect.stringContaining('did not answer within 300 ms') });
      expect(all[1]).toMatchObject({ index: 1, status: 404 });
      expect(all[2]).toMatchObject({ type: 'done', passed: 1, failed: 1 });
    } finally {
      held.waiting.splice(0);
      await quickHost.close();
      quick.close();
    }
  });

  it('refuses a body larger than it reads with 413 and the error shape', async () => {
    const tooLarge = await post(`{"requests":[],"variables":{"x":"${'x'.repeat(RUN_REQUEST_MAX_BYTES)}"}}`);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { code: 'RUN_REQUEST_TOO_LARGE' } });
  });

  it('refuses a bad body with 422 naming the field, and no XSRF token with the host refusal', async () => {
    const bad = await post({ requests: [{ path: 'requests/x.json', file: { ...login, auth: { type: 'bearer', token: TOKEN } } }], variables: {}, secretNames: [] });
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.error).toMatchObject({ code: 'INVALID_RUN_REQUEST', field: 'requests[0].file' });
    expect(problems('error', body)).toBeNull();
    expect((await post('{not json')).status).toBe(422);
    expect((await fetch(host.origin, { method: 'POST', body: '{}' })).status).toBe(419);
  });
});
