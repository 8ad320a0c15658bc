// DNS rebinding: Kite answers only to the names it is meant to have, and protocol calls only from
// pages on them. Real requests over 127.0.0.1 with the Host and Origin headers a browser would send.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiteHandler, listenOrigin, startKite } from './index.mjs';
import { createHostCheck, isWildcardAddress, normalizeHostName } from './host-check.mjs';
import { serveHandler } from './testing/loopback.mjs';

let kite;
let named;
beforeAll(async () => {
  kite = await startKite({ port: 0 });
  named = await startKite({ port: 0, allowedHosts: ['kite.test'] });
});
afterAll(async () => {
  await Promise.all([kite?.close(), named?.close()]);
});

/**
 * One request with the headers given as they are (fetch would not let a test set Host).
 * @returns {Promise<{ status: number; type: string; text: string }>}
 */
function send(origin, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, setHost: !('Host' in headers) }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, type: String(res.headers['content-type']), text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const relayBody = JSON.stringify({ method: 'GET', url: '/me', body: { type: 'none' }, authorization: { type: 'none' } });

describe('the Host header', () => {
  it('answers to loopback names and its own address on any port', async () => {
    const port = new URL(kite.origin).port;
    for (const host of [`127.0.0.1:${port}`, 'localhost:8080', 'LOCALHOST', '[::1]:9999', '127.0.0.1']) {
      expect((await send(kite.origin, '/http-client', { headers: { Host: host } })).status, host).toBe(200);
    }
  });

  it('refuses any other name with a 403 page that names the flag', async () => {
    const page = await send(kite.origin, '/http-client', { headers: { Host: 'attacker.example:8080' } });
    expect(page.status).toBe(403);
    expect(page.type).toBe('text/plain; charset=utf-8');
    expect(page.text).toMatch(/^Kite refused this request: the Host header 'attacker\.example' is not allowed\. Start Kite with --allowed-host attacker\.example to allow it/);
    for (const host of ['127.0.0.2:8080', 'localhost.attacker.example', '127.0.0.1.nip.io', 'evil@127.0.0.1', '', '[::2]']) {
      expect((await send(kite.origin, '/http-client', { headers: { Host: host } })).status, host).toBe(403);
    }
  });

  it('refuses it on every part of Kite: assets, protocol (as JSON), demo API, the root redirect and unknown paths', async () => {
    const Host = 'attacker.example';
    for (const path of ['/vendor/kite/kite.js', '/', '/elsewhere', '/http-client/settings']) {
      const answer = await send(kite.origin, path, { headers: { Host } });
      expect([answer.status, answer.type], path).toEqual([403, 'text/plain; charset=utf-8']);
    }
    for (const path of ['/http-client/api/routes', '/http-client/api/status', '/demo/users']) {
      const answer = await send(kite.origin, path, { headers: { Host } });
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.text).error.code, path).toBe('HOST_NOT_ALLOWED');
    }
    const relay = await send(kite.origin, '/http-client/api/relay', { method: 'POST', headers: { Host, 'Content-Type': 'application/json' }, body: relayBody });
    expect(JSON.parse(relay.text).error.code).toBe('HOST_NOT_ALLOWED');
  });

  it('answers to the names given with allowedHosts (--allowed-host) too', async () => {
    expect((await send(named.origin, '/http-client', { headers: { Host: 'kite.test:8080' } })).status).toBe(200);
    expect((await send(named.origin, '/http-client', { headers: { Host: 'other.test:8080' } })).status).toBe(403);
  });
});

describe('the Origin of protocol and demo calls', () => {
  it('refuses a call from a page on another host, and Origin null, with 403 JSON before anything else', async () => {
    for (const origin of ['http://attacker.example', 'http://attacker.example:8080', 'null', 'not a url']) {
      const relay = await send(kite.origin, '/http-client/api/relay', { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: relayBody });
      expect(relay.status, origin).toBe(403);
      expect(JSON.parse(relay.text).error.code, origin).toBe('ORIGIN_NOT_ALLOWED');
    }
    const refused = JSON.parse((await send(kite.origin, '/http-client/api/status', { headers: { Origin: 'http://attacker.example' } })).text).error;
    expect(refused).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: expect.stringMatching(/Start Kite with --allowed-host attacker\.example to allow it/) });
    expect((await send(kite.origin, '/demo/users', { method: 'POST', headers: { Origin: 'http://attacker.example', 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(403);
  });

  it('lets calls from pages on allowed hosts, on any port, through to the XSRF check', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'https://[::1]']) {
      const relay = await send(kite.origin, '/http-client/api/relay', { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: relayBody });
      expect(relay.status, origin).toBe(419);
    }
    const fromNamed = await send(named.origin, '/http-client/api/relay', { method: 'POST', headers: { Host: 'kite.test', Origin: 'http://kite.test:8080' }, body: relayBody });
    expect(fromNamed.status).toBe(419);
    expect((await send(kite.origin, '/http-client/api/routes')).status).toBe(200);
  });
});

describe('createKiteHandler inside another app', () => {
  it('checks the requests it owns against allowedHosts and leaves the app’s own to the app', async () => {
    const kiteHandler = createKiteHandler({ allowedHosts: ['app.test'], watch: false });
    const { origin, close } = await serveHandler(kiteHandler, 'the app itself');
    try {
      expect((await send(origin, '/http-client', { headers: { Host: 'app.test' } })).status).toBe(200);
      expect((await send(origin, '/http-client', { headers: { Host: 'attacker.example' } })).status).toBe(403);
      expect(await send(origin, '/other', { headers: { Host: 'attacker.example' } })).toMatchObject({ status: 200, text: 'the app itself' });
    } finally {
      kiteHandler.close();
      await close();
    }
  });
});

describe('host names', () => {
  it('are compared in lower case, IPv6 without brackets; a scheme or a port is not a host name', () => {
    expect(['Kite.Test', '[::1]', 'fe80::1', '192.168.1.20'].map(normalizeHostName)).toEqual(['kite.test', '::1', 'fe80::1', '192.168.1.20']);
    expect(['http://kite.test', 'kite.test:8080', 'a b', '', '[::1]:80'].map(normalizeHostName)).toEqual([null, null, null, null, null]);
    expect(['0.0.0.0', '::', '[::]', '127.0.0.1'].map(isWildcardAddress)).toEqual([true, true, true, false]);
  });

  it('give a listen address on every interface as a loopback URL, one Kite answers to', () => {
    expect(listenOrigin({ address: '0.0.0.0', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(listenOrigin({ address: '::', port: 8080 })).toBe('http://[::1]:8080');
    expect(listenOrigin({ address: '192.168.1.20', port: 1 })).toBe('http://192.168.1.20:1');
  });

  it('allow the address a request arrived on (an address cannot be rebound)', () => {
    const check = createHostCheck();
    const req = (host, localAddress) => ({ headers: { host }, socket: { localAddress } });
    expect(check.hostRefusal(req('192.168.1.20:8080', '::ffff:192.168.1.20'))).toBeNull();
    expect(check.hostRefusal(req('192.168.1.21:8080', '192.168.1.20'))).toMatch(/--allowed-host 192\.168\.1\.21/);
  });
});
