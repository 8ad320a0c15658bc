// The request model outside the browser: build.mjs bundles resources/js/model/node.ts for Node
// (dist/node/model.mjs), and a runner turns a saved request file from a real workspace folder, its
// environment file, the secret values no file holds and earlier captures into a relay request,
// then captures from the answer for the next one. Plain Node: no DOM, no React.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../server/workspace.mjs';

const root = new URL('../..', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'kite-node-model-'));
/** @type {typeof import('../../resources/js/model/node')} */
let model;

/** A file as the app's Save writes it (model/workspace/saved-requests.ts toSavedFile): credentials as {{references}}. */
const savedOrder = {
  name: 'Get an order',
  folder: 'orders',
  application: 'shop',
  method: 'POST',
  url: '/users/{user}/orders/{{orderId}}',
  pathParams: { user: '{{userId}}' },
  query: [{ name: 'expand', value: 'items', enabled: true }, { name: 'debug', value: '1', enabled: false }],
  headers: [{ name: 'X-Trace', value: 'run-{{orderId}}', enabled: true }],
  body: { type: 'json', text: '{"note":"{{note}}"}' },
  auth: { type: 'bearer', token: '{{token}}' },
  captures: [
    { variable: 'orderId', source: 'body', path: '$.next.id', secret: false },
    { variable: 'session', source: 'header', path: 'X-Session', secret: true },
  ],
};

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
  model = await import(join(root, 'dist/node/model.mjs'));
  const workspace = createWorkspace(folder);
  await workspace.write('requests/get-an-order.json', savedOrder);
  await workspace.write('environments/local.json', { name: 'local', variables: { userId: '2', note: 'from {{env}}', token: { value: '', secret: true } } });
}, 120_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const readJson = (path) => JSON.parse(readFileSync(join(folder, path), 'utf8'));

describe('the request model in Node (dist/node/model.mjs)', () => {
  it('runs with no browser globals', () => {
    expect(typeof globalThis.window).toBe('undefined');
    expect(typeof globalThis.document).toBe('undefined');
    expect(readFileSync(join(root, 'dist/node/model.mjs'), 'utf8')).not.toMatch(/from\s*["'](react|react-dom|jotai)/);
  });

  it('builds the relay request from a saved file, its environment, a secret value and a captured value', () => {
    const { request, unresolved, problem } = model.relayRequestFromSavedFile({
      file: readJson('requests/get-an-order.json'),
      environment: readJson('environments/local.json'),
      secrets: { token: 's3cret' },
      captured: { orderId: '77' },
      globalHeaders: [{ name: 'X-Global', value: 'on' }],
    });
    expect(unresolved).toEqual([]);
    expect(problem).toBeNull();
    expect(request).toEqual({
      application: 'shop',
      method: 'POST',
      url: '/users/2/orders/77',
      headers: [{ name: 'X-Global', value: 'on' }, { name: 'X-Trace', value: 'run-77' }],
      query: [{ name: 'expand', value: 'items' }],
      // Resolved once: the environment's value "from {{env}}" goes out as that text.
      body: { type: 'json', text: '{"note":"from {{env}}"}' },
      authorization: { type: 'bearer', token: 's3cret' },
    });
  });

  it('refuses to go on with a secret the runner was not given, naming it', () => {
    const { unresolved, problem } = model.relayRequestFromSavedFile({ file: readJson('requests/get-an-order.json'), environment: readJson('environments/local.json'), captured: { orderId: '1' } });
    expect(unresolved).toEqual(['token']);
    expect(problem).toEqual({ title: 'The variable {{token}} has no value' });
  });

  it("captures from a relay result by the file's rules, and the next request uses the value", () => {
    const file = readJson('requests/get-an-order.json');
    const body = new TextEncoder().encode(JSON.stringify({ next: { id: 78 } }));
    const outcome = model.captureFromRelayResult(file.captures, { body, meta: { headers: [['x-session', 'abc']], cookies: [] } });
    expect(outcome.problems).toEqual([]);
    expect(outcome.captured).toEqual({ orderId: '78', session: 'abc' });
    expect(outcome.values.find((value) => value.name === 'session')?.secret).toBe(true);
    const next = model.relayRequestFromSavedFile({ file, environment: readJson('environments/local.json'), secrets: { token: 't' }, captured: outcome.captured });
    expect(next.request.url).toBe('/users/2/orders/78');
  });

  it('captures from a Node Buffer that is a view into a larger pool (as Buffer.concat gives), reading only its own bytes', () => {
    const pool = Buffer.from(`garbage before${JSON.stringify({ next: { id: 5 } })}garbage after`);
    const start = 'garbage before'.length;
    const body = pool.subarray(start, pool.length - 'garbage after'.length);
    const outcome = model.captureFromRelayResult([{ variable: 'orderId', source: 'body', path: '$.next.id', secret: false }], { body, meta: { headers: [], cookies: [] } });
    expect(outcome.problems).toEqual([]);
    expect(outcome.captured).toEqual({ orderId: '5' });
  });
});
