// The command line: flags, start-up errors (one line, exit code 2) and a served OpenAPI document.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from './cli.mjs';
import { completeRoutes } from '../protocol/route-refs.js';
import { openKite } from './testing/kite-client.mjs';
import { KITE_BIN as BIN, runKite as run } from './testing/run-kite.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kite-cli-'));
const file = (name, text) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const running = [];
afterAll(() => {
  for (const child of running) child.kill();
});

/** Starts `kite serve` and resolves with its page URL once it listens. */
function serve(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const match = /Kite \S+ at (\S+)/.exec(out);
      if (match) resolve({ url: match[1], child, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`kite exited with ${code}: ${out}`)));
  });
}

describe('kite serve flags', () => {
  it('reads every flag, repeatable ones in order', () => {
    expect(
      parseServeArgs(['--port', '9000', '--host', '0.0.0.0', '--path', '/tools/kite', '--openapi', 'a.yaml', '--openapi=b.json', '--target', 'http://127.0.0.1:1', '--allow', 'https://api.example.com', '--allow', 'http://x.test', '--max-body-mb', '5', '--impersonate-header', 'X-Act-As', '--assets-url', '/static/kite', '--allowed-host', 'Kite.Test', '--allowed-host=[fe80::1]', '--max-held-mb', '64']),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      path: '/tools/kite',
      openapi: ['a.yaml', 'b.json'],
      target: ['http://127.0.0.1:1'],
      allow: ['https://api.example.com', 'http://x.test'],
      allowedHosts: ['kite.test', 'fe80::1'],
      maxBodyMb: 5,
      maxHeldMb: 64,
      impersonateHeader: 'X-Act-As',
      assetsUrl: '/static/kite',
    });
  });

  it('reads --header NAME=VALUE as global headers, a generator:ID value generated at each send', () => {
    expect(parseServeArgs(['--header', 'X-Request-Id=generator:uuid', '--header=X-Tenant=acme=1']).globalHeaders).toEqual([
      { name: 'X-Request-Id', value: 'generator:uuid' },
      { name: 'X-Tenant', value: 'acme=1' },
    ]);
  });

  it('defaults to 127.0.0.1:8080 at /http-client with a 100 MB body limit', () => {
    expect(parseServeArgs([])).toMatchObject({ port: 8080, host: '127.0.0.1', path: '/http-client', maxBodyMb: 100, maxHeldMb: 512, allowedHosts: [], openapi: [] });
  });

  it.each([
    [['--port', 'abc'], "--port must be a number from 0 to 65535, got 'abc'"],
    [['--port'], '--port needs a value'],
    [['--path', 'nope'], "--path must start with '/', got 'nope'"],
    [['--target', 'http://x'], '--target needs --openapi (the demo API is always on this server)'],
    [['--allow', 'example.com'], "--allow must be a full URL like http://127.0.0.1:8000, got 'example.com'"],
    [['--max-body-mb', '0'], "--max-body-mb must be a positive number, got '0'"],
    [['--impersonate-header', 'Bad Header'], "--impersonate-header must be a header name, got 'Bad Header'"],
    [['--max-held-mb', '-1'], "--max-held-mb must be a positive number, got '-1'"],
    [['--allowed-host', 'http://kite.test'], "--allowed-host must be a host name or address without scheme or port, like kite.test or 192.168.1.20, got 'http://kite.test'"],
    [['--allowed-host', 'kite.test:8080'], "--allowed-host must be a host name or address without scheme or port, like kite.test or 192.168.1.20, got 'kite.test:8080'"],
    [['--host', '0.0.0.0'], '--host 0.0.0.0 listens on every network interface, so browsers reach Kite by names it cannot know; name each with --allowed-host NAME'],
    [['--host', '::'], '--host :: listens on every network interface'],
    [['--header', 'X-Request-Id'], "--header must be NAME=VALUE (a value, or generator:ID for a fresh value each send, e.g. X-Request-Id=generator:uuid), got 'X-Request-Id'"],
    [['--header', 'Bad Name=x'], "--header must be NAME=VALUE with a header name, got 'Bad Name'"],
    [['--header', 'X-Request-Id=generator:'], "--header X-Request-Id names no generator after 'generator:' (e.g. generator:uuid)"],
    [['--wat'], "Unknown option '--wat' (see kite serve --help)"],
  ])('refuses %j', (args, message) => {
    expect(() => parseServeArgs(args)).toThrow(message);
  });
});

describe('kite serve start-up errors', () => {
  it('stops with exit code 2 and one line naming a YAML file, line and column', async () => {
    const path = file('bad.yaml', 'openapi: 3.0.0\ninfo:\n  title: Bad\npaths:\n  /a:\n    get: [\n');
    const { code, stderr } = await run(['serve', '--port', '0', '--openapi', path]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr.trim()).toMatch(new RegExp(`^kite: ${path}: \\d+:\\d+: invalid YAML: .+`));
  });

  it('stops with exit code 2 for a missing file, a document without a usable server, and a bad flag', async () => {
    const missing = await run(['serve', '--openapi', join(dir, 'nope.json')]);
    expect([missing.code, missing.stderr.trim()]).toEqual([2, `kite: ${join(dir, 'nope.json')}: no such file`]);
    const relative = file('relative.yaml', 'openapi: 3.1.0\ninfo: {title: R, version: "1"}\nservers: [{url: /api}]\npaths: {}\n');
    const noServer = await run(['serve', '--port', '0', '--openapi', relative]);
    expect([noServer.code, noServer.stderr.trim()]).toEqual([2, `kite: ${relative}: its first server URL '/api' is not a full URL; pass --target URL`]);
    const flag = await run(['serve', '--port', '70000']);
    expect([flag.code, flag.stderr.trim()]).toEqual([2, "kite: --port must be a number from 0 to 65535, got '70000'"]);
  });

  it('refuses to listen on every interface without --allowed-host, with exit code 2 and one line', async () => {
    const { code, stderr } = await run(['serve', '--port', '0', '--host', '0.0.0.0']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^kite: --host 0\.0\.0\.0 listens on every network interface, .*--allowed-host NAME/);
  });

  it('stops with exit code 2 when the port is taken', async () => {
    const blocker = createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address();
    try {
      const { code, stderr } = await run(['serve', '--port', String(port)]);
      expect([code, stderr.trim()]).toEqual([2, `kite: port ${port} on 127.0.0.1 is already in use (pass --port)`]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('prints its version and help', async () => {
    expect((await run(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await run(['serve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--impersonate-header NAME');
    expect(help.stdout).toContain('--header NAME=VALUE');
  });
});

describe('kite serve --openapi', () => {
  it('serves a working Kite for an API described by a YAML file, relaying to --target', async () => {
    const api = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization ?? null }));
    });
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${api.address().port}`;
    const spec = file('pets.yaml', ['openapi: 3.0.3', 'info: {title: Pet Store, version: "1"}', 'servers: [{url: "https://pets.example.com/v1"}]', 'paths:', '  /pets:', '    get:', '      tags: [pets]', '      parameters: [{name: limit, in: query, schema: {type: integer}}]', ''].join('\n'));
    try {
      const { url, child } = await serve(['--openapi', spec, '--target', `${target}/v1`]);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/http-client$/); // loopback unless told otherwise
      const kite = await openKite(url);
      expect(kite.config.applications).toEqual([{ id: 'pet-store', name: 'Pet Store', baseUrl: `${target}/v1` }]);
      const routes = completeRoutes(await (await fetch(`${url}/api/routes`)).json());
      expect(routes.applications[0].routes.map((r) => [r.id, r.group])).toEqual([['GET /pets', 'pets']]);
      const result = await kite.relay({ url: '/pets', query: [{ name: 'limit', value: '2' }], authorization: { type: 'bearer', token: 't' } });
      expect(JSON.parse(result.body.toString())).toEqual({ path: '/v1/pets?limit=2', auth: 'Bearer t' });
      const impersonate = await kite.relay({ url: '/pets', authorization: { type: 'impersonate', userId: '1' } });
      expect(impersonate.error.message).toBe('Impersonation is not configured for this host');
      child.kill();
    } finally {
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('puts each --header in the page config as a global header', async () => {
    const { url, child } = await serve(['--header', 'X-Request-Id=generator:uuid', '--header', 'X-Tenant=acme']);
    expect((await openKite(url)).config.globalHeaders).toEqual([
      { name: 'X-Request-Id', value: 'generator:uuid' },
      { name: 'X-Tenant', value: 'acme' },
    ]);
    child.kill();
  });

  it('serves several documents as several applications', async () => {
    const a = file('a.json', JSON.stringify({ openapi: '3.1.0', info: { title: 'Alpha', version: '1' }, servers: [{ url: 'http://127.0.0.1:1' }], paths: { '/a': { get: {} } } }));
    const b = file('b.yaml', 'openapi: 3.1.0\ninfo: {title: Beta, version: "1"}\nservers: [{url: "http://{host}:2/b", variables: {host: {default: 127.0.0.1}}}]\npaths: {/b: {post: {}}}\n');
    const { url, child } = await serve(['--openapi', a, '--openapi', b]);
    const routes = await (await fetch(`${url}/api/routes`)).json();
    expect(routes.applications.map((app) => [app.id, app.baseUrl, app.routes.length])).toEqual([
      ['alpha', 'http://127.0.0.1:1', 1],
      ['beta', 'http://127.0.0.1:2/b', 1],
    ]);
    child.kill();
  });
});
