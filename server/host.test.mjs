// The page, the bundle and the middleware, against a real server on a free port.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiteHandler, startKite, HOST_VERSION } from './index.mjs';
import { pageRoutesElement, renderPage, scriptSafeJson } from './page.mjs';
import { PAGE_ROUTE_INDEX_CALL, PAGE_ROUTES_MAX_BYTES } from '../protocol/endpoints.js';
import { completeRoutes, ROUTES_FORMAT } from '../protocol/route-refs.js';
import { serveHandler } from './testing/loopback.mjs';

const dist = mkdtempSync(join(tmpdir(), 'kite-dist-'));
mkdirSync(join(dist, 'chunks'));
writeFileSync(join(dist, 'kite.js'), 'console.log("kite")');
writeFileSync(join(dist, 'kite.css'), 'body{}');
writeFileSync(join(dist, 'manifest.json'), '{"version":"9.9.9","entry":"kite.js","initial":["kite.js","chunks/Screen-ABC123.js"],"preload":["kite.js","chunks/Screen-ABC123.js","chunks/Main-DEF456.js"]}');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dist, 'kite.js.map'), '{}');
writeFileSync(join(dist, 'chunks', 'Screen-ABC123.js'), 'export {}');
writeFileSync(join(dist, 'chunks', 'Main-DEF456.js'), 'export {}');

let host;
let subfolder;
beforeAll(async () => {
  host = await startKite({ port: 0, distDir: dist });
  subfolder = await startKite({ port: 0, distDir: dist, path: '/sub/folder/http-client/' });
});
afterAll(async () => {
  await Promise.all([host?.close(), subfolder?.close()]);
});

const configOf = (html) => JSON.parse(/window\.Kite = (\{.*?\});<\/script>/s.exec(html)[1]);

describe('the page', () => {
  it('answers every path under the mount path with the page and its config', async () => {
    for (const path of ['/http-client', '/http-client/', '/http-client/settings', '/http-client/anything/deeper']) {
      const response = await fetch(`${host.origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const config = configOf(await response.text());
      expect(config).toMatchObject({ basePath: '/http-client', assetsUrl: '/vendor/kite', apiUrl: '/http-client/api', version: HOST_VERSION, host: 'node', dataPickers: false });
      expect(config.applications).toEqual([{ id: 'demo', name: 'Kite Demo API', baseUrl: `${host.origin}/demo` }]);
    }
  });

  it('loads the bundle from the assets URL', async () => {
    const html = await (await fetch(`${host.origin}/http-client`)).text();
    expect(html).toContain(`<script type="module" src="/vendor/kite/kite.js?v=${HOST_VERSION}"></script>`);
    expect(html).toContain('href="/vendor/kite/kite.css');
  });

  it('follows a sub-folder mount path in basePath and apiUrl, assets staying at /vendor/kite', async () => {
    const config = configOf(await (await fetch(`${subfolder.origin}/sub/folder/http-client/status`)).text());
    expect(config).toMatchObject({ basePath: '/sub/folder/http-client', apiUrl: '/sub/folder/http-client/api', assetsUrl: '/vendor/kite' });
    expect((await fetch(`${subfolder.origin}/http-client`)).status).toBe(404);
  });

  it('redirects the root of the host to the mount path', async () => {
    const response = await fetch(`${subfolder.origin}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/sub/folder/http-client');
  });

  it('sets a readable XSRF-TOKEN cookie for the mount path, and keeps a genuine one', async () => {
    const first = await fetch(`${subfolder.origin}/sub/folder/http-client`);
    const [cookie] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,}\.[\w-]+; Path=\/sub\/folder\/http-client; SameSite=Lax$/);
    const again = await fetch(`${subfolder.origin}/sub/folder/http-client`, { headers: { Cookie: cookie.split(';')[0] } });
    expect(again.headers.getSetCookie()).toEqual([]);
    const forged = await fetch(`${subfolder.origin}/sub/folder/http-client`, { headers: { Cookie: 'XSRF-TOKEN=forged.value' } });
    expect(forged.headers.getSetCookie()).toHaveLength(1);
  });

  it('escapes the config so no value can close the script element', () => {
    const html = renderPage('<script>window.Kite = {{KITE_CONFIG}};</script>{{VERSION}}', {
      basePath: '/x',
      assetsUrl: '/a',
      apiUrl: '/x/api',
      version: '1<2',
      globalHeaders: [{ name: 'X', value: '</script><script>alert(1)</script>\u2028&' }],
    });
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script\\u003e');
    expect(html).toContain('\\u2028\\u0026');
    expect(html.endsWith('1&#60;2')).toBe(true);
    expect(JSON.parse(scriptSafeJson({ a: '</script>' })).a).toBe('</script>');
  });

  it('puts the routes into the main screen\'s page as JSON that cannot close its element, within the size limit', async () => {
    const routes = JSON.stringify({ application: 'a', applications: [{ id: 'a', routes: [{ uri: '/x', note: '</script><!--' }] }], revision: 'r1' });
    const element = pageRoutesElement(routes);
    expect(element).toMatch(/^<script type="application\/json" id="kite-routes">/);
    expect(element).not.toContain('</script><!--');
    const json = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(JSON.parse(routes));
    // Over the limit: no routes, the script that starts the route index call instead.
    const tooLarge = pageRoutesElement('x'.repeat(PAGE_ROUTES_MAX_BYTES + 1));
    expect(tooLarge).not.toContain('kite-routes');
    expect(tooLarge).toContain(`window.${PAGE_ROUTE_INDEX_CALL} = fetch(`);

    const page = await (await fetch(`${host.origin}/http-client`)).text();
    const carried = JSON.parse(page.match(/<script type="application\/json" id="kite-routes">([^<]*)<\/script>/)?.[1] ?? 'null');
    const served = await (await fetch(`${host.origin}/http-client/api/routes`)).json();
    expect(carried).toEqual(served);
    expect(await (await fetch(`${host.origin}/http-client/settings`)).text()).not.toContain('kite-routes');
  });

  it("preloads the entry's static imports named in dist/manifest.json, and the main screen's chunks on its page only", async () => {
    const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
    const preload = (html) => [...html.matchAll(/<link rel="modulepreload" href="\/vendor\/kite\/([^"]+)">/g)].map((match) => match[1]);
    const html = await (await fetch(`${host.origin}/http-client`)).text();
    expect(preload(html)).toEqual(manifest.preload.filter((file) => file !== manifest.entry));
    expect(html).not.toContain('{{');
    // Settings' chunk does not import the main screen's: its page does not announce them.
    for (const path of ['settings', 'status']) {
      expect(preload(await (await fetch(`${host.origin}/http-client/${path}`)).text()), path).toEqual(manifest.initial.filter((file) => file !== manifest.entry));
    }
  });

  it('answers 404 outside the mount path and 405 for POST to the page', async () => {
    const outside = await fetch(`${host.origin}/elsewhere`);
    expect(outside.status).toBe(404);
    expect((await outside.json()).error.code).toBe('NOT_FOUND');
    expect((await fetch(`${host.origin}/http-client/settings`, { method: 'POST' })).status).toBe(405);
  });
});

describe('the bundle under /vendor/kite', () => {
  it('serves each kind of file with its content type', async () => {
    const types = { 'kite.js': 'text/javascript; charset=utf-8', 'kite.css': 'text/css; charset=utf-8', 'manifest.json': 'application/json; charset=utf-8', 'favicon.svg': 'image/svg+xml', 'kite.js.map': 'application/json; charset=utf-8' };
    for (const [file, type] of Object.entries(types)) {
      const response = await fetch(`${host.origin}/vendor/kite/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe(type);
    }
  });

  it('caches hashed chunks forever and revalidates the stable entries', async () => {
    const chunk = await fetch(`${host.origin}/vendor/kite/chunks/Screen-ABC123.js?v=1`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const entry = await fetch(`${host.origin}/vendor/kite/kite.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const revalidated = await fetch(`${host.origin}/vendor/kite/kite.js`, { headers: { 'If-None-Match': entry.headers.get('etag') } });
    expect(revalidated.status).toBe(304);
  });

  it('never serves a file outside dist/', async () => {
    for (const path of ['/vendor/kite/../package.json', '/vendor/kite/%2e%2e/package.json', '/vendor/kite/..%2fpackage.json', '/vendor/kite/missing.js']) {
      expect((await fetch(`${host.origin}${path}`)).status, path).toBe(404);
    }
  });
});

describe('the protocol endpoints', () => {
  it('answers routes, status, 404 for unknown endpoints and 405 for wrong methods', async () => {
    const routes = await fetch(`${host.url}/api/routes`);
    expect(routes.status).toBe(200);
    const body = await routes.json();
    expect(body.application).toBe('demo');
    // Format 2 leaves out what the reader derives: ids that are METHOD uri, empty schemas and errors.
    expect(body.format).toBe(ROUTES_FORMAT);
    const sent = body.applications[0].routes.find((r) => r.uri === '/users' && r.methods[0] === 'POST');
    expect(sent).not.toHaveProperty('id');
    expect(sent).not.toHaveProperty('extractionErrors');
    expect(body.applications[0].routes.some((r) => 'schema' in r && Object.keys(r.schema).length === 0)).toBe(false);
    expect(completeRoutes(body).applications[0].routes.map((r) => r.id)).toContain('POST /users');
    const status = await (await fetch(`${host.url}/api/status`)).json();
    expect(status).toMatchObject({ host: { kind: 'node', version: HOST_VERSION }, bundleVersion: '9.9.9', applications: [{ id: 'demo', routeCount: body.applications[0].routes.length, extractionErrors: [] }] });
    expect((await fetch(`${host.url}/api/nope`)).status).toBe(404);
    const wrong = await fetch(`${host.url}/api/relay`);
    expect(wrong.status).toBe(405);
    expect((await wrong.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers routes with 304 when the revision has not changed', async () => {
    const first = await fetch(`${host.url}/api/routes`);
    const again = await fetch(`${host.url}/api/routes`, { headers: { 'If-None-Match': first.headers.get('etag') } });
    expect(again.status).toBe(304);
  });

  it('sends the routes compressed when the client accepts it, brotli first, plain otherwise', async () => {
    const get = (encoding) => new Promise((resolve, reject) => {
      const url = new URL(`${host.url}/api/routes`);
      httpGet(url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    const plain = await get(undefined);
    const gzip = await get('gzip');
    const br = await get('gzip, deflate, br');
    expect(plain.encoding).toBeUndefined();
    expect(gzip.encoding).toBe('gzip');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect((await get('gzip;q=0')).encoding).toBeUndefined();
  });

  it("builds an OpenAPI document's routes as it starts: calls made meanwhile and after get the same routes, plain and compressed", async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Warm', version: '1' },
      servers: [{ url: 'http://127.0.0.1:9' }],
      paths: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`/items/${i}`, { get: { summary: `Item ${i}` } }])),
    };
    const kite = await startKite({ port: 0, distDir: dist, openapi: [{ document }] });
    const get = (path, encoding) => new Promise((resolve, reject) => {
      httpGet(new URL(`${kite.url}/api/${path}`), { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    try {
      // Asked at once, while the warm-up may still be building them.
      const meanwhile = await Promise.all(['routes', 'routes/index'].map((path) => get(path, 'br')));
      const plain = await Promise.all(['routes', 'routes/index'].map((path) => get(path)));
      const after = await Promise.all(['routes', 'routes/index'].map((path) => get(path, 'br')));
      expect(JSON.parse(plain[0].body.toString()).applications[0].routes).toHaveLength(400);
      for (const [i, answer] of [...meanwhile.entries(), ...after.entries()]) {
        expect(answer.encoding).toBe('br');
        expect(brotliDecompressSync(answer.body).equals(plain[i].body)).toBe(true);
      }
    } finally {
      await kite.close();
    }
  });

  it('sends the schemas routes share once, in the application\'s $defs', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Shared', version: '1' },
      servers: [{ url: 'http://127.0.0.1:9' }],
      paths: { '/a': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } }, '/b': { put: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } },
      components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    };
    const kite = await startKite({ port: 0, distDir: dist, openapi: [{ document }] });
    try {
      const [app] = (await (await fetch(`${kite.url}/api/routes`)).json()).applications;
      expect(app.routes.map((route) => route.schema.body)).toEqual([{ $ref: '#/$defs/Node' }, { $ref: '#/$defs/Node' }]);
      expect(app.$defs).toEqual({ Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } });
    } finally {
      await kite.close();
    }
  });

  it('lists routes whose schema could not be extracted in status, with the reason and its fix', async () => {
    const broken = { openapi: '3.1.0', info: { title: 'Broken', version: '1' }, servers: [{ url: 'http://127.0.0.1:9/api' }], paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/nope' } } } } } } } };
    const kite = await startKite({ port: 0, distDir: dist, openapi: [{ document: broken }] });
    try {
      const status = await (await fetch(`${kite.url}/api/status`)).json();
      expect(status.applications).toEqual([
        { id: 'broken', name: 'Broken', baseUrl: 'http://127.0.0.1:9/api', routeCount: 1, extractionErrors: [{ route: 'POST /x', message: "Cannot resolve $ref '#/nope': 'nope' does not exist", location: '#/paths/~1x/post/requestBody/content/application~1json/schema', fix: 'Define `/nope` in the document, or correct the `$ref`.' }] },
      ]);
    } finally {
      await kite.close();
    }
  });
});

describe('the (req, res, next) handler', () => {
  it('mounts inside another node:http app and passes on what it does not own', async () => {
    const kite = createKiteHandler({ distDir: dist, path: '/tools/kite' });
    const { origin, close } = await serveHandler(kite, 'the app itself');
    try {
      expect(await (await fetch(`${origin}/`)).text()).toBe('the app itself');
      expect(await (await fetch(`${origin}/other/page`)).text()).toBe('the app itself');
      expect(configOf(await (await fetch(`${origin}/tools/kite/settings`)).text()).apiUrl).toBe('/tools/kite/api');
      expect((await fetch(`${origin}/vendor/kite/kite.js`)).status).toBe(200);
      expect((await (await fetch(`${origin}/tools/kite/api/routes`)).json()).application).toBe('demo');
      expect((await fetch(`${origin}/demo/me`)).status).toBe(200);
    } finally {
      kite.close();
      await close();
    }
  });

  it('leaves the assets to someone else when the assets URL is a full URL', async () => {
    const kite = await startKite({ port: 0, distDir: dist, assetsUrl: 'https://cdn.example.com/kite/' });
    try {
      const html = await (await fetch(kite.url)).text();
      expect(configOf(html).assetsUrl).toBe('https://cdn.example.com/kite');
      expect(html).toContain('src="https://cdn.example.com/kite/kite.js');
      expect((await fetch(`${kite.origin}/vendor/kite/kite.js`)).status).toBe(404);
    } finally {
      await kite.close();
    }
  });
});

describe('the XSRF cookie beside another app’s', () => {
  it('keeps a genuine token the browser holds even when another XSRF-TOKEN cookie comes first', async () => {
    const [cookie] = (await fetch(`${host.origin}/http-client`)).headers.getSetCookie();
    const again = await fetch(`${host.origin}/http-client`, { headers: { Cookie: `XSRF-TOKEN=other-apps-token; ${cookie.split(';')[0]}` } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});
