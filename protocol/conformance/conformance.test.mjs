// The conformance suite against the Node host, so `npm test` checks the host the way CI checks
// any host; and the schemas against the shapes the host actually produces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKite } from '../../server/index.mjs';
import { runConformance } from './checks.mjs';
import { compileSchemas } from './schemas.mjs';
import { validateRelayRequest, RelayRequestError } from '../../server/relay/validate.mjs';

let kite;
let subfolder;
let digestTargetPort;
beforeAll(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  // The Digest check's target listens on a port this host is allowed to relay to.
  const { createServer } = await import('node:net');
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  digestTargetPort = probe.address().port;
  await new Promise((resolve) => probe.close(resolve));
  kite = await startKite({ port: 0, workspace: mkdtempSync(join(tmpdir(), 'kite-conformance-')), allow: [`http://127.0.0.1:${digestTargetPort}`] });
  subfolder = await startKite({ port: 0, workspace: mkdtempSync(join(tmpdir(), 'kite-conformance-')), path: '/sub/folder/http-client', openapi: [{ document: { openapi: '3.1.0', info: { title: 'Plain', version: '1' }, paths: { '/me': { get: {} } } }, target: 'http://127.0.0.1:9' }] });
});
afterAll(async () => {
  await Promise.all([kite?.close(), subfolder?.close()]);
});

describe('conformance suite', { timeout: 15_000 }, () => {
  it('passes every check against the Node host with its demo API', async () => {
    const { failed, results } = await runConformance(kite.url, { digestTargetPort });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.find((r) => r.name.startsWith('relay with digest auth'))?.detail).toBe('with challengeMs');
    expect(failed).toBe(0);
    expect(results.length).toBeGreaterThanOrEqual(15);
  });

  it('compares the routes the page carries with GET routes', async () => {
    const carriedCheck = 'routes the main page carries (script#kite-routes, optional) are the routes response';
    const { results } = await runConformance(kite.url);
    expect(results.find((r) => r.name === carriedCheck)?.detail).toMatch(/^\d+ routes carried$/);

    // A host whose page carries other routes than its endpoint answers fails that check.
    const staleFetch = async (url, init) => {
      const response = await fetch(url, init);
      if (!String(url).endsWith('/http-client')) return response;
      const html = (await response.text()).replace(/"revision":"[^"]*"/, '"revision":"stale"');
      return new Response(html, { status: response.status, headers: response.headers });
    };
    const stale = await runConformance(kite.url, { fetch: staleFetch });
    expect(stale.results.find((r) => r.name === carriedCheck)).toMatchObject({ ok: false, detail: 'the carried routes differ from what GET routes answers' });
  });

  it('fails the checks that a broken host breaks (a page without config)', async () => {
    const fakeFetch = async (url, init) => (String(url).endsWith('/http-client') ? new Response('<html>no config</html>', { headers: { 'Content-Type': 'text/html' } }) : fetch(url, init));
    const { failed, results } = await runConformance(kite.url, { fetch: fakeFetch });
    expect(failed).toBeGreaterThan(5);
    expect(results[0]).toMatchObject({ ok: false, detail: 'no `window.Kite = {…}` script in the page' });
  });

  it('checks the relay refusals on a sub-folder host whose target is down and impersonation is off', async () => {
    const { results } = await runConformance(subfolder.url);
    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    expect(byName['impersonation is relayed, or refused with the exact message when not configured']).toMatchObject({ ok: true, detail: 'not configured' });
    expect(byName['the config names the mount path as basePath'].ok).toBe(true);
    // The target (port 9) refuses connections, so the happy path cannot pass here.
    expect(byName['relay of a GET route answers a relay frame whose metadata matches the schema'].ok).toBe(false);
  });
});

describe('schemas and the host agree', () => {
  const { problems } = compileSchemas();
  const valid = [
    { method: 'GET', url: '/users', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'current-user' } },
    { application: 'demo', method: 'POST', url: 'users', headers: [{ name: 'X-A', value: '1' }], query: [{ name: 'q', value: '' }], body: { type: 'json', text: '{}' }, authorization: { type: 'bearer', token: 't' }, timeoutMs: 1000 },
    { method: 'PUT', url: '/f', body: { type: 'form', fields: [{ name: 'a', value: 'b' }] }, authorization: { type: 'basic', username: 'u', password: 'p' } },
    { method: 'POST', url: '/u', body: { type: 'multipart', fields: [{ name: 't', kind: 'text', value: 'v' }, { name: 'f', kind: 'file', filename: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }, authorization: { type: 'impersonate', userId: '5' } },
    { method: 'PATCH', url: '/r', body: { type: 'raw', text: '<a/>', contentType: 'application/xml' }, authorization: { type: 'none' }, transaction: true },
    { method: 'POST', url: '/h', body: { type: 'none' }, authorization: { type: 'none' }, transaction: true, holdOutgoingHttp: true },
  ];
  const invalid = [
    { method: 'FETCH', url: '/', body: { type: 'none' }, authorization: { type: 'none' } },
    { method: 'GET', body: { type: 'none' }, authorization: { type: 'none' } },
    { method: 'GET', url: '/', body: { type: 'json' }, authorization: { type: 'none' } },
    { method: 'GET', url: '/', body: { type: 'none' }, authorization: { type: 'bearer' } },
    { method: 'GET', url: '/', body: { type: 'none' }, authorization: { type: 'impersonate', userId: '' } },
    { method: 'GET', url: '/', headers: [{ name: 'X' }], body: { type: 'none' }, authorization: { type: 'none' } },
    { method: 'GET', url: '/', body: { type: 'none' }, authorization: { type: 'none' }, transaction: 'yes' },
    { method: 'GET', url: '/', body: { type: 'none' }, authorization: { type: 'none' }, holdOutgoingHttp: 'yes' },
    ...[0.5, 0, -1, 1e19, 600_001, '100'].map((timeoutMs) => ({ method: 'GET', url: '/', body: { type: 'none' }, authorization: { type: 'none' }, timeoutMs })),
  ];

  it('accepts the same relay requests as the host', () => {
    for (const request of valid) {
      expect(problems('relay-request', request)).toBeNull();
      expect(() => validateRelayRequest(structuredClone(request))).not.toThrow();
    }
  });

  it('accepts a trace of every kind and refuses a malformed one', () => {
    const meta = { status: 200, statusText: 'OK', headers: [], cookies: [], bodySize: 0, bodyBytes: 0, truncated: false, url: 'http://a.test/', timing: { ttfbMs: 1, totalMs: 1 } };
    const trace = {
      queries: [{ sql: 'select * from users where id = ?', bindings: [1, 'a', null, true], timeMs: 0.5, connection: 'sqlite' }],
      logs: [{ level: 'info', message: 'hi', context: { password: '********' } }],
      dumps: [{ value: { '@class': 'App\\User', id: 1, tags: ['a'] }, file: 'routes/api.php', line: 3 }, { value: 'x', isDd: true }],
      mails: [{ to: ['a@b.test'], subject: 'Hi', body: '<p>Hi</p>', sent: false }],
      notifications: [{ notification: 'App\\Welcome', channel: 'mail', notifiable: 'App\\User#1', sent: true }],
      jobs: [{ job: 'App\\Jobs\\Ping', connection: 'sync', queue: 'default', queued: false }],
      http: [{ method: 'GET', url: 'http://x.test/', status: 200, timeMs: 3 }, { method: 'GET', url: 'http://y.test/', error: 'refused' }, { method: 'POST', url: 'http://z.test/', status: 200, held: true }],
      exception: { class: 'RuntimeException', message: 'boom', file: 'routes/api.php', line: 9, frames: [{ file: 'routes/api.php', line: 9, call: '{closure}', app: true }, { app: false }] },
      appTimeMs: 4.2,
      timings: [{ name: 'db', durationMs: 2, description: 'Database' }],
      rolledBack: false,
      notUndone: {
        lostTransactions: [{ connection: 'sqlite', message: 'The app ended the transaction itself' }],
        files: [{ disk: 'local', path: 'reports/a.txt', operation: 'write' }],
        cache: [{ key: 'counter', operation: 'write' }, { key: 'old', operation: 'forget' }],
        outgoingRequests: 1,
        listeners: [{ event: 'App\\Events\\Placed', listeners: 2 }],
        syncJobs: ['App\\Jobs\\Now'],
      },
    };
    expect(problems('relay-response-meta', { ...meta, trace })).toBeNull();
    expect(problems('relay-response-meta', { ...meta, trace: {} })).toBeNull();
    expect(problems('relay-response-meta', { ...meta, trace: { queries: [{ sql: 'x' }] } })).not.toBeNull();
    expect(problems('relay-response-meta', { ...meta, trace: { rolledBack: 'yes' } })).not.toBeNull();
    expect(problems('relay-response-meta', { ...meta, trace: { unknown: [] } })).not.toBeNull();
    expect(problems('relay-response-meta', { ...meta, trace: { notUndone: { ...trace.notUndone, files: [{ disk: 'local', path: 'a', operation: 'rename' }] } } })).not.toBeNull();
    expect(problems('relay-response-meta', { ...meta, trace: { notUndone: { files: [] } } })).not.toBeNull();
  });

  it('refuses the same relay requests as the host', () => {
    for (const request of invalid) {
      expect(problems('relay-request', request), JSON.stringify(request)).not.toBeNull();
      expect(() => validateRelayRequest(structuredClone(request))).toThrow(RelayRequestError);
    }
  });
});
