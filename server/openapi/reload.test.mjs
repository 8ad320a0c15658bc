// Editing an --openapi file while the host runs: real files in a temp folder, a real host on a
// free port, a real target the relay reaches.
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKite } from '../index.mjs';
import { completeRoutes } from '../../protocol/route-refs.js';
import { openKite } from '../testing/kite-client.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kite-reload-'));
let target;
let targetUrl;
beforeAll(async () => {
  target = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${target.address().port}`;
});
afterAll(() => new Promise((resolve) => target.close(resolve)));

/** An OpenAPI document with one GET operation per path. */
const documentWith = (paths) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Editable', version: '1' },
    paths: Object.fromEntries(paths.map((path) => [path, { get: { responses: { 200: { description: 'OK' } } } }])),
  });

async function eventually(read, accept, timeoutMs = 5000) {
  const started = Date.now();
  let value = await read();
  while (!accept(value)) {
    if (Date.now() - started > timeoutMs) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function startOn(file, lines) {
  const host = await startKite({ port: 0, openapi: [file], target: targetUrl, log: (line) => lines.push(line) });
  const routes = async () => {
    const body = completeRoutes(await (await fetch(`${host.url}/api/routes`)).json());
    return { revision: body.revision, ids: body.applications[0].routes.map((route) => route.id) };
  };
  return { host, routes };
}

describe('an edited --openapi file', () => {
  it('is read again: the routes list and the relay metadata carry the new revision', async () => {
    const file = join(dir, 'edited.json');
    writeFileSync(file, documentWith(['/users']));
    const { host, routes } = await startOn(file, []);
    try {
      const before = await routes();
      expect(before.ids).toEqual(['GET /users']);
      const kite = await openKite(host.url);
      expect((await kite.relay({ url: '/users' })).meta.routesRevision).toBe(before.revision);

      writeFileSync(file, documentWith(['/users', '/orders']));
      const after = await eventually(routes, (current) => current.ids.includes('GET /orders'));
      expect(after.ids).toEqual(['GET /users', 'GET /orders']);
      expect(after.revision).not.toBe(before.revision);
      expect((await kite.relay({ url: '/users' })).meta.routesRevision).toBe(after.revision);
      const status = await (await fetch(`${host.url}/api/status`)).json();
      expect(status.routesRevision).toBe(after.revision);
    } finally {
      await host.close();
    }
  });

  it('is read again when an editor saves by renaming a new file over it', async () => {
    const file = join(dir, 'replaced.json');
    writeFileSync(file, documentWith(['/users']));
    const { host, routes } = await startOn(file, []);
    try {
      for (const paths of [['/users', '/teams'], ['/teams']]) {
        const temporary = join(dir, `.replaced.json.${paths.length}.tmp`);
        writeFileSync(temporary, documentWith(paths));
        renameSync(temporary, file);
        const expected = paths.map((path) => `GET ${path}`);
        expect((await eventually(routes, (current) => JSON.stringify(current.ids) === JSON.stringify(expected))).ids).toEqual(expected);
      }
    } finally {
      await host.close();
    }
  });

  it('that no longer parses keeps the previous routes and logs one line naming the file and the problem', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, documentWith(['/users']));
    const lines = [];
    const { host, routes } = await startOn(file, lines);
    try {
      const before = await routes();
      writeFileSync(file, '{ "openapi": "3.1.0", "paths": { ');
      await eventually(() => lines.length, (count) => count > 0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^kite: kept the previous routes of ${file}: 1:\\d+: invalid JSON: unexpected end of input$`));
      expect(await routes()).toEqual(before);
      const kite = await openKite(host.url);
      expect((await kite.relay({ url: '/users' })).meta.routesRevision).toBe(before.revision);

      // Fixing the file brings the host back to following it.
      writeFileSync(file, documentWith(['/users', '/fixed']));
      expect((await eventually(routes, (current) => current.ids.includes('GET /fixed'))).revision).not.toBe(before.revision);
    } finally {
      await host.close();
    }
  });
});
