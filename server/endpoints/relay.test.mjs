// The relay endpoint on its own (server/endpoints/relay.mjs), mounted on a bare node:http server
// with no createKiteHandler around it: what it needs from the host comes in through its options.
import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRelayFrame } from '../../protocol/frame.js';
import { createHeldBudget } from '../relay/budget.mjs';
import { serveHandler } from '../testing/loopback.mjs';
import { relayEndpoint } from './relay.mjs';

/** @type {Awaited<ReturnType<typeof serveHandler>>} */
let target;
/** @type {Awaited<ReturnType<typeof serveHandler>>} */
let host;
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

beforeAll(async () => {
  target = await serveHandler((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, url: req.url, agent: req.headers['user-agent'] }));
  });
  const serveRelay = relayEndpoint({
    xsrf: { verify: (req) => req.headers['x-xsrf-token'] === 'ok', refuse: (res) => void res.writeHead(419).end('refused'), isGenuine: () => false },
    applications: () => [{ id: 'api', baseUrl: `${target.origin}/api` }],
    relayBases: (apps) => apps.map((app) => app.baseUrl),
    routesRevision: () => 'r1',
    impersonateHeader: null,
    maxBodyBytes: 1024 * 1024,
    defaultTimeoutMs: 10_000,
    heldBudget: createHeldBudget(16 * 1024 * 1024),
    agents,
    userAgent: 'Kite/test',
  });
  host = await serveHandler((req, res) => void serveRelay(req, res));
});

afterAll(async () => {
  await host.close();
  await target.close();
  agents.http.destroy();
});

/** POSTs a relay request to the endpoint. */
const relay = (body, token = 'ok') =>
  fetch(host.origin, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify(body) });

const request = { method: 'GET', url: '/users/7', headers: [], query: [{ name: 'page', value: '2' }], body: { type: 'none' }, authorization: { type: 'none' } };

describe('the relay endpoint as its own module', () => {
  it('relays to the application and answers one frame with the routes revision', async () => {
    const response = await relay(request);
    expect(response.status).toBe(200);
    const { meta, body } = decodeRelayFrame(new Uint8Array(await response.arrayBuffer()));
    expect(meta).toMatchObject({ status: 200, routesRevision: 'r1' });
    expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ method: 'GET', url: '/api/users/7?page=2', agent: 'Kite/test' });
  });

  it("refuses through the host's XSRF check, and a target outside the bases with 403", async () => {
    expect((await relay(request, 'wrong')).status).toBe(419);
    const outside = await relay({ ...request, url: 'http://example.invalid/x' });
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ error: { code: 'TARGET_NOT_ALLOWED' } });
  });
});
