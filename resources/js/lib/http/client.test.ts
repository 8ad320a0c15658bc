// The host client's hooks, each against a real HTTP server on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostClient, fetchRoutes, responseDuration } from './client';
import { HostTimeoutError } from './host-fetch';

let server: Server;
let baseUrl: string;
let lastRequest: IncomingMessage | undefined;
/** When the test server last answered (performance.now(), same process as the client). */
let answeredAt = 0;
/** The XSRF token the loopback host accepts; a "restart" changes it. */
let hostToken = 'fresh-token';
/** What the /relay route received: the header and the body of each call. */
let relayCalls: Array<{ token: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequest = req;
    const url = new URL(req.url ?? '/', 'http://x');
    const delay = Number(url.searchParams.get('delay') ?? 0);
    if (url.pathname === '/page') {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `XSRF-TOKEN=${hostToken}; Path=/` });
      res.end('<!doctype html>');
      return;
    }
    if (url.pathname === '/relay') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const token = req.headers['x-xsrf-token'] as string | undefined;
        relayCalls.push({ token, body });
        const withCookie = url.searchParams.has('with-cookie') ? { 'set-cookie': `XSRF-TOKEN=${hostToken}; Path=/` } : {};
        if (token !== hostToken) res.writeHead(419, { 'content-type': 'application/json', ...withCookie }).end('{"error":{"code":"XSRF_MISMATCH","message":"m"}}');
        else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
      return;
    }
    if (url.pathname === '/routes') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ application: 'app', applications: [{ id: 'app', name: 'App', baseUrl: '/', routes: [{ methods: ['GET'], uri: '/users', name: 'users.index', group: 'users', parameters: [] }] }], revision: 'r1', format: 2 }));
      return;
    }
    setTimeout(() => {
      if (url.pathname === '/fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"code":"INTERNAL","message":"boom"}}');
        return;
      }
      if (url.pathname === '/fail-plain') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      answeredAt = performance.now();
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; max-age=0; path=/';
  relayCalls = [];
});

/** fetch as a browser does it: a response's Set-Cookie lands in document.cookie. */
const browserFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  for (const line of response.headers.getSetCookie()) document.cookie = line;
  return response;
};

function client(overrides: Partial<Parameters<typeof createHostClient>[0]> = {}) {
  const notify = vi.fn();
  return { notify, http: createHostClient({ prefixUrl: baseUrl, notify, ...overrides }) };
}

describe('the host client', () => {
  it('marks every call as an XHR', async () => {
    await client().http.get('ok').json();
    expect(lastRequest?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header, decoded', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc=+/123')}; path=/`;
    await client().http.get('ok').json();
    expect(lastRequest?.headers['x-xsrf-token']).toBe('abc=+/123');
  });

  it('sends no XSRF header when the cookie is missing', async () => {
    await client().http.get('ok').json();
    expect(lastRequest?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('holds a fast response back until 200 ms have passed since the call began', async () => {
    const started = performance.now();
    await client().http.get('ok').json();
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });

  it('does not hold back a response that already took longer than the minimum', async () => {
    // A long minimum, so that a wrong hold (another 1,000 ms after the answer) stands far above
    // what a busy machine adds between the server's answer and the client's result.
    const started = performance.now();
    await client({ minimumDurationMs: 1000 }).http.get('ok?delay=1100').json();
    const resolvedAt = performance.now();
    expect(resolvedAt - started).toBeGreaterThanOrEqual(1095);
    expect(resolvedAt - answeredAt).toBeLessThan(900);
  });

  it('attaches the measured network duration to the response', async () => {
    // The hold is long (1,000 ms) so that a duration that wrongly counted it stands far above
    // what a busy machine adds to a 60 ms answer.
    const started = performance.now();
    const response = await client({ minimumDurationMs: 1000 }).http.get('ok?delay=60');
    const duration = responseDuration(response);
    expect(performance.now() - started).toBeGreaterThanOrEqual(995);
    expect(duration).toBeGreaterThanOrEqual(55);
    expect(duration).toBeLessThan(900);
  });

  it("shows 'HTTP error! status: 500' for a non-OK response, described by the host's message, and still throws", async () => {
    const { http, notify } = client();
    await expect(http.get('fail').json()).rejects.toThrow(/500/);
    expect(notify).toHaveBeenCalledWith('HTTP error! status: 500', 'boom');
  });

  it('describes a non-OK response without the host\'s error body by its status text', async () => {
    const { http, notify } = client();
    await expect(http.get('fail-plain').text()).rejects.toThrow(/503/);
    expect(notify).toHaveBeenCalledWith('HTTP error! status: 503', 'Service Unavailable');
  });

  it('times out after the configured time with a clear error and a toast', async () => {
    const { http, notify } = client({ timeoutMs: 100 });
    await expect(http.get('ok?delay=1000').json()).rejects.toBeInstanceOf(HostTimeoutError);
    expect(notify).toHaveBeenCalledWith('HTTP error! status: 0', 'The host did not answer within 100 ms');
  });

  it('reports an unreachable host as a failed call', async () => {
    const { http, notify } = client({ prefixUrl: 'http://127.0.0.1:9/' });
    await expect(http.get('ok').json()).rejects.toThrow();
    expect(notify).toHaveBeenCalledWith('HTTP error! status: 0', expect.any(String));
  });

  it("does not toast when the user cancels a call", async () => {
    const { http, notify } = client();
    const controller = new AbortController();
    const call = http.get('ok?delay=500', { signal: controller.signal }).json();
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toThrow();
    expect(notify).not.toHaveBeenCalled();
  });

  it('uses a 30000 ms timeout by default', async () => {
    const { HOST_TIMEOUT_MS } = await import('./host-fetch');
    expect(HOST_TIMEOUT_MS).toBe(30_000);
  });

  it('reads the routes answer once: no clone of a body that may be Graph\'s 9 MB', async () => {
    let clones = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const clone = response.clone.bind(response);
      response.clone = () => ((clones += 1), clone());
      return response;
    };
    const { http } = client({ fetch: countingFetch, minimumDurationMs: 0 });
    const routes = await fetchRoutes(http);
    expect(routes.applications[0]?.routes.map((route) => route.id)).toEqual(['GET /users']);
    expect(clones).toBe(0);
  });

  describe('after the host restarted (its XSRF token is no longer genuine)', () => {
    const restarted = () => {
      document.cookie = 'XSRF-TOKEN=stale-token; path=/';
      hostToken = `token-${Math.random()}`;
    };
    const refreshFromPage = vi.fn(() => browserFetch(`${baseUrl}page`));

    it('a 419 gets a fresh token from the page and the same call is sent again, once, without a toast', async () => {
      restarted();
      const { http, notify } = client({ fetch: browserFetch, refreshXsrfToken: refreshFromPage });
      await expect(http.post('relay', { json: { method: 'POST', body: 'once' } }).json()).resolves.toEqual({ method: 'POST', body: 'once' });
      expect(relayCalls).toEqual([
        { token: 'stale-token', body: '{"method":"POST","body":"once"}' },
        { token: hostToken, body: '{"method":"POST","body":"once"}' },
      ]);
      expect(refreshFromPage).toHaveBeenCalledTimes(1);
      expect(notify).not.toHaveBeenCalled();
    });

    it('uses the fresh token a host sends with its 419 without loading the page', async () => {
      restarted();
      const refresh = vi.fn(async () => {});
      const { http } = client({ fetch: browserFetch, refreshXsrfToken: refresh });
      await expect(http.post('relay?with-cookie', { json: { n: 1 } }).json()).resolves.toEqual({ n: 1 });
      expect(refresh).not.toHaveBeenCalled();
      expect(relayCalls.map((call) => call.token)).toEqual(['stale-token', hostToken]);
    });

    it('does not retry when no fresh token can be had, and reports the 419', async () => {
      restarted();
      const { http, notify } = client({ fetch: browserFetch, refreshXsrfToken: async () => {} });
      await expect(http.post('relay', { json: {} }).json()).rejects.toThrow(/419/);
      expect(relayCalls).toHaveLength(1);
      expect(notify).toHaveBeenCalledWith('HTTP error! status: 419', expect.anything());
    });
  });
});
