// The relay against real loopback servers: a target API written for these tests, and Kite in front.
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiteHandler, startKite } from '../index.mjs';
import { openKite } from '../testing/kite-client.mjs';
import { serveHandler, streamForever } from '../testing/loopback.mjs';

/** @type {import('node:http').Server} */
let target;
let targetOrigin = '';
let refusedOrigin = '';
let kite;
let client;
let small; // a second host whose body limit is 1 MB and which allows one more origin
let smallClient;
let noImpersonation;
let noImpersonationClient;
let endlessClosed; // resolves when the endless target's connection closes
let releaseHold = () => {};

const FIFTY_MB = 50 * 1024 * 1024;
const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

const document = { openapi: '3.1.0', info: { title: 'Target API', version: '1' }, paths: { '/echo': { get: {} } } };

beforeAll(async () => {
  target = createServer((req, res) => {
    const url = new URL(req.url, 'http://target');
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      switch (url.pathname) {
        case '/api/echo': {
          const headers = [];
          for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ method: req.method, url: req.url, headers, body: body.toString('utf8'), bodyBase64: body.toString('base64') }));
          return;
        }
        case '/api/cookies':
          res.writeHead(201, 'Made Them', [
            ['Set-Cookie', 'a=1; Path=/; HttpOnly'],
            ['X-Order', 'first'],
            ['Set-Cookie', 'b=two%20words; Max-Age=60; SameSite=Strict'],
            ['X-Order', 'second'],
          ]);
          res.end('ok');
          return;
        case '/api/slow':
          setTimeout(() => {
            res.writeHead(200, { 'Content-Type': 'text/plain' });
            res.end('finally');
          }, Number(url.searchParams.get('ms')));
          return;
        case '/api/big': {
          const size = Number(url.searchParams.get('bytes'));
          res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
          const chunk = Buffer.alloc(1024 * 1024, 0x61);
          let sent = 0;
          const pump = () => {
            while (sent < size) {
              const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
              sent += part.length;
              if (!res.write(part)) return void res.once('drain', pump);
            }
            res.end();
          };
          pump();
          return;
        }
        case '/api/endless':
          // Answers at once and never ends: 64 KB after 64 KB until the connection closes.
          endlessClosed = streamForever(res, Buffer.alloc(64 * 1024, 0x62));
          return;
        case '/api/hold': {
          // Sends its bytes, then holds the answer open until the test releases it.
          res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
          res.write(Buffer.alloc(Number(url.searchParams.get('bytes')), 0x63));
          releaseHold = () => res.end();
          return;
        }
        case '/api/binary':
          res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
          res.end(binary);
          return;
        case '/api/gzip':
          res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
          res.end(gzipSync('unzipped text'));
          return;
        case '/api/redirect':
          res.writeHead(301, { Location: '/api/elsewhere?x=1' });
          res.end();
          return;
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  targetOrigin = await listen(target);

  const closed = createServer();
  refusedOrigin = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));

  kite = await startKite({ port: 0, openapi: [{ document }], target: `${targetOrigin}/api`, impersonateHeader: 'X-Act-As', allow: [refusedOrigin] });
  client = await openKite(kite.url);
  small = await startKite({ port: 0, openapi: [{ document }], target: `${targetOrigin}/api`, maxBodyMb: 1 });
  smallClient = await openKite(small.url);
  noImpersonation = await startKite({ port: 0, openapi: [{ document }], target: `${targetOrigin}/api` });
  noImpersonationClient = await openKite(noImpersonation.url);
});

afterAll(async () => {
  await Promise.all([kite?.close(), small?.close(), noImpersonation?.close()]);
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
});

const echoed = (result) => JSON.parse(result.body.toString('utf8'));
const header = (echo, name) => echo.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

describe('relay: what is sent', () => {
  it('sends method, path relative to the application, query and headers in order', async () => {
    const result = await client.relay({
      method: 'DELETE',
      url: '/echo?keep=1',
      query: [{ name: 'q', value: 'a b&c' }],
      headers: [{ name: 'X-One', value: '1' }, { name: 'X-Two', value: '2' }, { name: 'X-One', value: 'again' }],
    });
    expect(result.status).toBe(200);
    const echo = echoed(result);
    expect(echo.method).toBe('DELETE');
    expect(echo.url).toBe('/api/echo?keep=1&q=a%20b%26c');
    expect(header(echo, 'X-One')).toEqual(['1', 'again']);
    expect(result.meta.url).toBe(`${targetOrigin}/api/echo?keep=1&q=a%20b%26c`);
  });

  it('sends a JSON body with its content type', async () => {
    const echo = echoed(await client.relay({ method: 'POST', url: 'echo', body: { type: 'json', text: '{"name":"Ada"}' } }));
    expect(echo.body).toBe('{"name":"Ada"}');
    expect(header(echo, 'content-type')).toEqual(['application/json']);
  });

  it('sends a form-urlencoded body', async () => {
    const echo = echoed(await client.relay({ method: 'PUT', url: 'echo', body: { type: 'form', fields: [{ name: 'full name', value: 'Ada L' }, { name: 'tag', value: 'a&b' }] } }));
    expect(echo.body).toBe('full+name=Ada+L&tag=a%26b');
    expect(header(echo, 'content-type')).toEqual(['application/x-www-form-urlencoded']);
  });

  it('sends multipart with files byte for byte, keeping its own boundary', async () => {
    const result = await client.relay({
      method: 'POST',
      url: 'echo',
      headers: [{ name: 'Content-Type', value: 'text/plain' }],
      body: { type: 'multipart', fields: [{ name: 'caption', kind: 'text', value: 'hello' }, { name: 'file', kind: 'file', filename: 'b.bin', contentType: 'application/octet-stream', base64: binary.toString('base64') }] },
    });
    const echo = echoed(result);
    const [contentType] = header(echo, 'content-type');
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const sent = Buffer.from(echo.bodyBase64, 'base64');
    expect(sent.includes(binary)).toBe(true);
    expect(sent.toString('latin1')).toContain('Content-Disposition: form-data; name="caption"\r\n\r\nhello\r\n');
    expect(sent.toString('latin1')).toContain('filename="b.bin"');
  });

  it('sends raw text with the content type given', async () => {
    const echo = echoed(await client.relay({ method: 'PATCH', url: 'echo', body: { type: 'raw', text: '<a/>', contentType: 'application/xml' } }));
    expect(echo.body).toBe('<a/>');
    expect(header(echo, 'content-type')).toEqual(['application/xml']);
  });

  it('relays HEAD and OPTIONS', async () => {
    const head = await client.relay({ method: 'HEAD', url: 'echo' });
    expect(head.meta.status).toBe(200);
    expect(head.meta.bodyBytes).toBe(0);
    expect(echoed(await client.relay({ method: 'OPTIONS', url: 'echo' })).method).toBe('OPTIONS');
  });
});

describe('relay: authorization', () => {
  it('none strips credentials typed into the headers', async () => {
    const echo = echoed(await client.relay({ url: 'echo', headers: [{ name: 'Authorization', value: 'Bearer leaked' }, { name: 'Cookie', value: 's=1' }, { name: 'X-Act-As', value: '9' }] }, { cookies: 'browser=1' }));
    expect(header(echo, 'authorization')).toEqual([]);
    expect(header(echo, 'cookie')).toEqual([]);
    expect(header(echo, 'x-act-as')).toEqual([]);
  });

  it('bearer sets the Authorization header, replacing a typed one', async () => {
    const echo = echoed(await client.relay({ url: 'echo', headers: [{ name: 'authorization', value: 'Basic old' }], authorization: { type: 'bearer', token: 'tok-123' } }));
    expect(header(echo, 'authorization')).toEqual(['Bearer tok-123']);
  });

  it('basic sets the Authorization header from username and password', async () => {
    const echo = echoed(await client.relay({ url: 'echo', authorization: { type: 'basic', username: 'ada', password: 'pä:ss' } }));
    expect(header(echo, 'authorization')).toEqual([`Basic ${Buffer.from('ada:pä:ss').toString('base64')}`]);
  });

  it('current-user forwards the browser cookies to a same-site target, without Kite’s XSRF cookie', async () => {
    const echo = echoed(await client.relay({ url: 'echo', authorization: { type: 'current-user' } }, { cookies: 'laravel_session=abc; remember=1' }));
    expect(header(echo, 'cookie')).toEqual(['laravel_session=abc; remember=1']);
  });

  it('current-user lets a typed cookie win over the browser’s of the same name', async () => {
    const echo = echoed(await client.relay({ url: 'echo', headers: [{ name: 'Cookie', value: 'remember=typed' }], authorization: { type: 'current-user' } }, { cookies: 'laravel_session=abc; remember=1' }));
    expect(header(echo, 'cookie')).toEqual(['laravel_session=abc; remember=typed']);
  });

  it('impersonate sends the user id in the configured header', async () => {
    const echo = echoed(await client.relay({ url: 'echo', authorization: { type: 'impersonate', userId: '42' } }));
    expect(header(echo, 'x-act-as')).toEqual(['42']);
  });

  it('impersonate without --impersonate-header is refused with 422', async () => {
    const result = await noImpersonationClient.relay({ url: 'echo', authorization: { type: 'impersonate', userId: '42' } });
    expect(result.status).toBe(422);
    expect(result.error).toEqual({ code: 'IMPERSONATION_UNAVAILABLE', message: 'Impersonation is not configured for this host', field: 'authorization.type' });
  });
});

describe('relay: what comes back', () => {
  it('reports status, status text, headers in order with repeats, and parsed cookies', async () => {
    const { meta, body } = await client.relay({ url: 'cookies' });
    expect(meta.status).toBe(201);
    expect(meta.statusText).toBe('Made Them');
    expect(meta.headers.filter(([name]) => /^(set-cookie|x-order)$/i.test(name))).toEqual([
      ['Set-Cookie', 'a=1; Path=/; HttpOnly'],
      ['X-Order', 'first'],
      ['Set-Cookie', 'b=two%20words; Max-Age=60; SameSite=Strict'],
      ['X-Order', 'second'],
    ]);
    expect(meta.cookies).toEqual([
      { name: 'a', value: '1', attributes: { Path: '/', HttpOnly: true }, raw: 'a=1; Path=/; HttpOnly' },
      { name: 'b', value: 'two%20words', attributes: { 'Max-Age': '60', SameSite: 'Strict' }, raw: 'b=two%20words; Max-Age=60; SameSite=Strict' },
    ]);
    expect(body.toString()).toBe('ok');
    expect(meta.timing.totalMs).toBeGreaterThanOrEqual(meta.timing.ttfbMs);
  });

  it('passes binary bodies through byte for byte', async () => {
    const { meta, body } = await client.relay({ url: 'binary' });
    expect(meta.bodySize).toBe(256);
    expect(body.equals(binary)).toBe(true);
  });

  it('decodes a gzip body the target compressed', async () => {
    const { body } = await client.relay({ url: 'gzip', headers: [{ name: 'Accept-Encoding', value: 'gzip' }] });
    expect(body.toString()).toBe('unzipped text');
  });

  it('reports a redirect without following it', async () => {
    const { meta } = await client.relay({ url: 'redirect' });
    expect(meta.status).toBe(301);
    expect(meta.redirectLocation).toBe(`${targetOrigin}/api/elsewhere?x=1`);
  });

  it('measures the phases of the target call: connect on a new connection, waiting for the first byte, download', async () => {
    const { meta } = await client.relay({ url: 'slow?ms=120' });
    const phases = meta.timing.phases;
    expect(phases.waitMs).toBeGreaterThanOrEqual(100);
    expect(phases.downloadMs).toBeGreaterThanOrEqual(0);
    expect(phases.dnsMs).toBeUndefined(); // an IP address needs no lookup
    // Waiting and the download lie within the whole call, whichever connection carried it.
    expect((phases.connectMs ?? 0) + phases.waitMs + phases.downloadMs).toBeLessThanOrEqual(meta.timing.totalMs + 1);
  });

  it('relays 50 MB whole', async () => {
    const { meta, body } = await client.relay({ url: `big?bytes=${FIFTY_MB}` });
    expect(meta).toMatchObject({ bodySize: FIFTY_MB, bodyBytes: FIFTY_MB, truncated: false });
    expect(body.length).toBe(FIFTY_MB);
    expect(body[FIFTY_MB - 1]).toBe(0x61);
    // 50 MB through two loopback hops: seconds on a loaded machine, beyond vitest's 5 s default.
  }, 60_000);

  it('cuts a body above --max-body-mb, flags it, and gives the full size', async () => {
    const { meta, body } = await smallClient.relay({ url: `big?bytes=${3 * 1024 * 1024}` });
    expect(meta).toMatchObject({ bodySize: 3 * 1024 * 1024, bodyBytes: 1024 * 1024, truncated: true });
    expect(body.length).toBe(1024 * 1024);
  });

  it('stops reading an endless body at --max-body-mb, closes the target connection and answers at once', async () => {
    const started = Date.now();
    const { status, meta, body } = await smallClient.relay({ url: 'endless', timeoutMs: 20_000 });
    expect(status).toBe(200);
    // Well inside the 20 s timeout the call was given: the cut, not the timeout, ended it (a busy
    // machine takes seconds for what a quiet one does at once).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(meta).toMatchObject({ bodyBytes: 1024 * 1024, truncated: true, bodySizeKnown: false });
    expect(meta.bodySize).toBeGreaterThan(1024 * 1024);
    expect(body.length).toBe(1024 * 1024);
    expect(await Promise.race([endlessClosed, new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000))])).toBe(true);
  }, 30_000);

  it('waits for a slow target within the timeout', async () => {
    const { meta, body } = await client.relay({ url: 'slow?ms=300', timeoutMs: 5000 });
    expect(body.toString()).toBe('finally');
    expect(meta.timing.ttfbMs).toBeGreaterThanOrEqual(290);
  });
});

describe('relay: refusals', () => {
  it('answers 504 TARGET_TIMEOUT when the target is slower than the timeout', async () => {
    const started = Date.now();
    const result = await client.relay({ url: 'slow?ms=10000', timeoutMs: 200 });
    expect(result.status).toBe(504);
    expect(result.error.code).toBe('TARGET_TIMEOUT');
    // Answered long before the target would have (a busy machine may add seconds to the 200 ms).
    expect(Date.now() - started).toBeLessThan(8000);
  }, 20_000);

  it('answers 502 TARGET_UNREACHABLE when the connection is refused', async () => {
    const result = await client.relay({ url: `${refusedOrigin}/x` });
    expect(result.status).toBe(502);
    expect(result.error).toEqual({ code: 'TARGET_UNREACHABLE', message: `Could not reach ${refusedOrigin}: connection refused (ECONNREFUSED)` });
  });

  it('answers 403 TARGET_NOT_ALLOWED for an origin outside the allow-list', async () => {
    const result = await client.relay({ url: 'http://127.0.0.2:9/steal' });
    expect(result.status).toBe(403);
    expect(result.error.code).toBe('TARGET_NOT_ALLOWED');
    expect(result.error.message).toMatch(/^http:\/\/127\.0\.0\.2:9\/steal is not under the base URLs this host relays to/);
  });

  it('answers 403 for a path that leaves the application\'s base URL, however it is spelled', async () => {
    for (const url of ['../secret', '/../secret', `${targetOrigin}/api/../secret`, `${targetOrigin}/api/%2e%2e/secret`, `${targetOrigin}/api/%2E%2e/secret`, `${targetOrigin}/api/.%2E/secret`, `${targetOrigin}/api/..%2Fsecret`, `${targetOrigin}/apix`, `${targetOrigin}/secret`]) {
      const result = await client.relay({ url });
      expect(result.status, url).toBe(403);
      expect(result.error).toMatchObject({ code: 'TARGET_NOT_ALLOWED', field: 'url' });
    }
    // Within the base URL, dot segments are still fine.
    expect((await client.relay({ url: `${targetOrigin}/api/x/../echo` })).meta.url).toBe(`${targetOrigin}/api/echo`);
  });

  it('answers 419 XSRF_MISMATCH without the header, with a wrong one, and with a forged cookie pair', async () => {
    expect((await client.relay({ url: 'echo' }, { token: null })).error.code).toBe('XSRF_MISMATCH');
    expect((await client.relay({ url: 'echo' }, { token: 'x'.repeat(40) })).status).toBe(419);
    const forged = await fetch(`${kite.url}/api/relay`, {
      method: 'POST',
      headers: { Cookie: 'XSRF-TOKEN=made.up', 'X-XSRF-TOKEN': 'made.up' },
      body: JSON.stringify({ method: 'GET', url: 'echo', body: { type: 'none' }, authorization: { type: 'none' } }),
    });
    expect(forged.status).toBe(419);
    expect(forged.headers.getSetCookie()[0]).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/http-client; SameSite=Lax$/);
  });

  it('accepts the header when it matches any of several XSRF-TOKEN cookies (another app on 127.0.0.1 set one too)', async () => {
    const relay = (cookie) =>
      fetch(`${kite.url}/api/relay`, {
        method: 'POST',
        headers: { Cookie: cookie, 'X-XSRF-TOKEN': client.token },
        body: JSON.stringify({ method: 'GET', url: 'echo', body: { type: 'none' }, authorization: { type: 'none' } }),
      });
    const first = await relay(`XSRF-TOKEN=other-apps-token; XSRF-TOKEN=${client.token}`);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const second = await relay(`XSRF-TOKEN=${client.token}; XSRF-TOKEN=other-apps-token`);
    expect(second.status).toBe(200);
    await second.arrayBuffer();
    // Still the signed-token check: a pair the other app (or an attacker) made up is not enough.
    const forged = await fetch(`${kite.url}/api/relay`, {
      method: 'POST',
      headers: { Cookie: `XSRF-TOKEN=made.up; XSRF-TOKEN=${client.token}`, 'X-XSRF-TOKEN': 'made.up' },
      body: JSON.stringify({ method: 'GET', url: 'echo', body: { type: 'none' }, authorization: { type: 'none' } }),
    });
    expect(forged.status).toBe(419);
    await forged.arrayBuffer();
  });

  it('answers 422 naming the field of a malformed relay request', async () => {
    const cases = [
      [{ url: 'echo', method: 'GET', body: { type: 'json' } }, 'body.text'],
      [{ url: 'echo', headers: [{ name: 'Bad Name', value: 'x' }] }, 'headers[0].name'],
      [{ url: 'echo', headers: [{ name: 'X', value: 'a\r\nInjected: 1' }] }, 'headers[0].value'],
      [{ url: 'echo', authorization: { type: 'bearer' } }, 'authorization.token'],
      [{ url: 'echo', body: { type: 'multipart', fields: [{ name: 'f', kind: 'file', filename: 'a', contentType: 'x/y', base64: '***' }] } }, 'body.fields[0].base64'],
      [{ url: 'echo', timeoutMs: -5 }, 'timeoutMs'],
      [{ url: 'echo', timeoutMs: 0.5 }, 'timeoutMs'],
      // Each of these reached Node's own header check and answered 500 before.
      [{ url: 'echo', headers: [{ name: 'X', value: 'caf€' }] }, 'headers[0].value'],
      [{ url: 'echo', headers: [{ name: 'X', value: 'a\x01b' }] }, 'headers[0].value'],
      [{ url: 'echo', authorization: { type: 'bearer', token: 'tök€n' } }, 'authorization.token'],
      [{ url: 'echo', authorization: { type: 'impersonate', userId: '4\x002' } }, 'authorization.userId'],
      [{ url: 'echo', method: 'POST', body: { type: 'raw', text: 'x', contentType: 'text/plain\x00' } }, 'body.contentType'],
      [{ url: 'echo', method: 'POST', body: { type: 'multipart', fields: [{ name: 'f', kind: 'file', filename: 'a', contentType: 'text/plain\r\nX-Injected: 1', base64: '' }] } }, 'body.fields[0].contentType'],
      [{ url: 'echo\\..\\secret' }, 'url'],
      [{ url: 'echo', application: 'nope' }, 'application'],
      [{ url: 'ftp://127.0.0.1/x' }, 'url'],
    ];
    for (const [request, field] of cases) {
      const result = await client.relay(request);
      expect(result.status, field).toBe(422);
      expect(result.error.code).toBe('INVALID_RELAY_REQUEST');
      expect(result.error.field).toBe(field);
    }
    const notJson = await client.relay({ url: 'x' }, { raw: 'nope' });
    expect(notJson.error).toEqual({ code: 'INVALID_RELAY_REQUEST', message: 'The relay request is not valid JSON' });
  });
});

describe('relay: the budget of bytes held at once', () => {
  const EIGHT_MB = 8 * 1024 * 1024;
  let served;
  let handler;
  let budgetClient;
  let pageUrl;
  beforeAll(async () => {
    handler = createKiteHandler({ openapi: [{ document }], target: `${targetOrigin}/api`, maxBodyMb: 10, maxHeldMb: 12, watch: false });
    served = await serveHandler(handler);
    pageUrl = `${served.origin}/http-client`;
    budgetClient = await openKite(pageUrl);
  });
  afterAll(async () => {
    handler?.close();
    await served?.close();
  });
  const heldReaches = async (bytes) => {
    for (let i = 0; i < 200 && handler.heldBytes !== bytes; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    return handler.heldBytes;
  };

  it('refuses with 503 RELAY_BUSY what would go past --max-held-mb, and serves again once the bytes are sent', async () => {
    const holding = budgetClient.relay({ url: `hold?bytes=${EIGHT_MB}` });
    expect(await heldReaches(EIGHT_MB)).toBe(EIGHT_MB);

    const refused = await budgetClient.relay({ url: `big?bytes=${EIGHT_MB}` });
    expect(refused.status).toBe(503);
    expect(refused.error.code).toBe('RELAY_BUSY');
    expect(refused.error.message).toMatch(/^Kite would hold more than 12 MB of response bodies at once .*raise --max-held-mb/);
    expect(await heldReaches(EIGHT_MB)).toBe(EIGHT_MB);

    releaseHold();
    expect((await holding).meta.bodyBytes).toBe(EIGHT_MB);
    expect(await heldReaches(0)).toBe(0);
    expect((await budgetClient.relay({ url: `big?bytes=${EIGHT_MB}` })).meta.bodyBytes).toBe(EIGHT_MB);
    expect(await heldReaches(0)).toBe(0);
  });

  it('gives the bytes back when the browser goes away before the answer', async () => {
    const gone = new AbortController();
    const request = fetch(`${pageUrl}/api/relay`, {
      method: 'POST',
      signal: gone.signal,
      headers: { Cookie: `XSRF-TOKEN=${budgetClient.token}`, 'X-XSRF-TOKEN': budgetClient.token },
      body: JSON.stringify({ method: 'GET', url: `hold?bytes=${EIGHT_MB}`, body: { type: 'none' }, authorization: { type: 'none' } }),
    }).catch((error) => error);
    expect(await heldReaches(EIGHT_MB)).toBe(EIGHT_MB);
    gone.abort();
    await request;
    expect(await heldReaches(0)).toBe(0);
    releaseHold();
  });
});

describe('relay: a kept-alive connection the target has closed', () => {
  /** A target that answers the first request of each connection, keeps it open, then drops it at the second. */
  async function closingTarget() {
    const server = createNetServer((socket) => {
      let requests = 0;
      socket.on('data', (data) => {
        requests += (data.toString('latin1').match(/^[A-Z]+ \S+ HTTP\/1\.1\r$/gm) ?? []).length;
        if (requests === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
        else socket.destroy();
      });
    });
    const origin = await listen(server);
    const host = await startKite({ port: 0, openapi: [{ document }], target: origin });
    return { client: await openKite(host.url), close: async () => {
      await host.close();
      await new Promise((resolve) => server.close(resolve));
    } };
  }

  it('sends an idempotent request again, once, on a new connection', async () => {
    const { client: closing, close } = await closingTarget();
    try {
      expect((await closing.relay({ url: 'echo' })).status).toBe(200);
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const again = await closing.relay({ method, url: 'echo' });
        expect([again.status, again.body?.toString(), again.error], method).toEqual([200, 'ok', undefined]);
      }
    } finally {
      await close();
    }
  });

  it('sends it again on a connection of its own, not on another idle one the target may have closed as well', async () => {
    const { client: closing, close } = await closingTarget();
    try {
      // Two at once: two kept-alive connections, both dropped by the target at their next request.
      expect((await Promise.all([closing.relay({ url: 'echo' }), closing.relay({ url: 'echo' })])).map((answer) => answer.status)).toEqual([200, 200]);
      const again = await closing.relay({ url: 'echo' });
      expect([again.status, again.body?.toString(), again.error]).toEqual([200, 'ok', undefined]);
    } finally {
      await close();
    }
  });

  it('never sends a POST twice: it answers 502', async () => {
    const { client: closing, close } = await closingTarget();
    try {
      expect((await closing.relay({ url: 'echo' })).status).toBe(200);
      const post = await closing.relay({ method: 'POST', url: 'echo', body: { type: 'json', text: '{}' } });
      expect(post.status).toBe(502);
      expect(post.error.code).toBe('TARGET_UNREACHABLE');
    } finally {
      await close();
    }
  });
});
