// `kite import` and `kite export` run as a user runs them (bin/kite.mjs, real files, a real
// workspace folder): import → export → import of a Postman collection gives the same requests.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import jsonToBru from '@usebruno/lang/v2/src/jsonToBru.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKite as kite } from './testing/run-kite.mjs';
import { SHOP_PASSWORD, SHOP_TOKEN, shopCollection, shopEnvironment } from '../tests/fixtures/import/postman.mjs';
import { oasExample } from '../tests/fixtures/import/oas-examples.mjs';
import { createRequire } from 'node:module';

const dir = mkdtempSync(join(tmpdir(), 'kite-import-'));
const file = (name, value) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
};

/** Every saved request of a workspace, by file name. */
const requestsOf = (workspace) =>
  Object.fromEntries(readdirSync(join(workspace, 'requests')).map((name) => [name, JSON.parse(readFileSync(join(workspace, 'requests', name), 'utf8'))]));

/** Every folder settings file of a workspace (folders/SLUG.json), by file name. */
const foldersOf = (workspace) =>
  Object.fromEntries(readdirSync(join(workspace, 'folders')).map((name) => [name, JSON.parse(readFileSync(join(workspace, 'folders', name), 'utf8'))]));

// Each command starts a Node process: seconds each on a busy machine.
describe('kite import / export', { timeout: 120_000 }, () => {
  const collection = file('shop.postman_collection.json', shopCollection());
  const environment = file('staging.postman_environment.json', shopEnvironment());

  it('imports a collection and its environment, prints the report and the secrets to set, never their values', async () => {
    const workspace = join(dir, 'first');
    const { code, stdout, stderr } = await kite(['import', collection, environment, '--workspace', workspace]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('5 requests, 1 environment');
    expect(stdout).toContain('shop.postman_collection.json › Purge cache: method PURGE');
    expect(stdout).toContain('  Shop staging: {{token}}');
    expect(Object.keys(requestsOf(workspace)).sort()).toEqual(['login.json', 'upload-avatar.json', 'users-admin-create-user.json', 'users-get-user.json', 'users-list-users.json']);
    const written = JSON.stringify([requestsOf(workspace), readFileSync(join(workspace, 'environments', 'shop-staging.json'), 'utf8')]);
    for (const secret of [SHOP_TOKEN, SHOP_PASSWORD, 'literal-api-key-123']) {
      expect(stdout).not.toContain(secret);
      expect(written).not.toContain(secret);
    }
  });

  it('round-trips: import → export → import gives the same requests and folder auth (the collection\'s, inherited)', async () => {
    const first = join(dir, 'round-1');
    const second = join(dir, 'round-2');
    expect((await kite(['import', collection, '--workspace', first])).code).toBe(0);
    const exported = join(dir, 'exported.postman_collection.json');
    const out = await kite(['export', '--workspace', first, '--format', 'postman', '--output', exported]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const again = await kite(['import', exported, '--workspace', second]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('5 requests');
    expect(requestsOf(second)).toEqual(requestsOf(first));
    expect(foldersOf(first)).toEqual({ 'workspace.json': { folder: '', auth: { type: 'bearer', token: '{{token}}' } } });
    expect(requestsOf(first)['users-list-users.json'].auth).toEqual({ type: 'inherit' });
    expect(foldersOf(second)).toEqual(foldersOf(first));
  });

  it('export --folder counts the requests of that folder, not of the whole workspace; an unknown folder writes nothing', async () => {
    const workspace = join(dir, 'by-folder');
    expect((await kite(['import', collection, '--workspace', workspace])).code).toBe(0);
    const exported = join(dir, 'users.postman_collection.json');
    const out = await kite(['export', '--workspace', workspace, '--output', exported, '--folder', 'Users']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const leaves = (items) => items.flatMap((item) => (Array.isArray(item.item) ? leaves(item.item) : [item]));
    const written = leaves(JSON.parse(readFileSync(exported, 'utf8')).item);
    expect(written).toHaveLength(3);
    expect(out.stdout).toContain(`Wrote ${exported}: 3 requests in folder Users`);
    const missing = join(dir, 'nothing.postman_collection.json');
    const none = await kite(['export', '--workspace', workspace, '--output', missing, '--folder', 'Userz']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('kite export: no saved request is in folder Userz (folders: Users, Users/Admin)');
    expect(() => readFileSync(missing)).toThrow();
  });

  it('never overwrites a file without --overwrite, and says which it left', async () => {
    const workspace = join(dir, 'twice');
    await kite(['import', collection, '--workspace', workspace]);
    const path = join(workspace, 'requests', 'login.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), url: '/mine' }));
    const kept = await kite(['import', collection, '--workspace', workspace]);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain('requests/login.json exists in the workspace and was not overwritten (pass --overwrite to replace it)');
    expect(JSON.parse(readFileSync(path, 'utf8')).url).toBe('/mine');
    expect((await kite(['import', collection, '--workspace', workspace, '--overwrite'])).code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8')).url).toBe('{{baseUrl}}/login');
  });

  it('exits 2 with a clear message for a file it cannot read; a bad file among good ones is a report line', async () => {
    const missing = await kite(['import', join(dir, 'nope.json'), '--workspace', join(dir, 'x')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`kite import: cannot read ${join(dir, 'nope.json')}: no such file or folder\n`);
    const cut = file('cut.json', JSON.stringify(shopCollection()).slice(0, 200));
    const mixed = await kite(['import', cut, collection, '--workspace', join(dir, 'mixed')]);
    expect(mixed.code).toBe(0);
    expect(mixed.stdout).toMatch(/cut\.json: not valid JSON .*cut short\?/);
    expect(mixed.stdout).toContain('5 requests');
  });

  it('imports a Bruno collection folder (files named below it, so its folders are kept)', async () => {
    const root = join(dir, 'bruno-shop');
    mkdirSync(join(root, 'Users'), { recursive: true });
    writeFileSync(join(root, 'bruno.json'), JSON.stringify({ version: '1', name: 'Bruno shop', type: 'collection' }));
    writeFileSync(join(root, 'Users', 'list.bru'), jsonToBru({ meta: { name: 'List users', type: 'http', seq: 1 }, http: { method: 'get', url: '{{baseUrl}}/users', body: 'none', auth: 'none' } }));
    const workspace = join(dir, 'bruno-workspace');
    const out = await kite(['import', root, '--workspace', workspace]);
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain('1 request, 0 environments');
    expect(requestsOf(workspace)['users-list-users.json']).toMatchObject({ name: 'List users', folder: 'Users', method: 'GET', url: '{{baseUrl}}/users' });
  });

  it('export --format openapi writes a document oas-validator accepts, without secrets, that imports back to the same requests', async () => {
    const first = join(dir, 'openapi-1');
    expect((await kite(['import', collection, environment, '--workspace', first])).code).toBe(0);
    const exported = join(dir, 'shop.openapi.json');
    const out = await kite(['export', '--workspace', first, '--format', 'openapi', '--output', exported]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Wrote ${exported}: 5 operations (OpenAPI 3.0.3; secrets left out)`);
    const text = readFileSync(exported, 'utf8');
    for (const secret of [SHOP_TOKEN, SHOP_PASSWORD, 'literal-api-key-123']) expect(text).not.toContain(secret);
    const validator = createRequire(import.meta.url)('oas-validator');
    expect((await validator.validate(JSON.parse(text), {})).valid).toBe(true);
    const second = join(dir, 'openapi-2');
    const again = await kite(['import', exported, '--workspace', second]);
    expect(again.code).toBe(0);
    // OpenAPI has tags, not nested folders; a file part's name (a path on the machine it was picked on) is not an example.
    const fileNameless = (body) => (body.type === 'multipart' ? { ...body, fields: body.fields.map((field) => (field.kind === 'file' ? { ...field, value: '' } : field)) } : body);
    const shape = (workspace) => Object.values(requestsOf(workspace)).map(({ folder, method, url, body }) => ({ folder: folder.split('/')[0], method, url, body: fileNameless(body) })).sort((a, b) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`));
    expect(shape(second)).toEqual(shape(first));
  });

  it('import --openapi links the requests that fit its routes and counts them', async () => {
    const petstore = oasExample('3.0/json/petstore.json');
    const document = file('petstore.json', petstore.text);
    const calls = file('calls.sh', "curl 'http://petstore.swagger.io/v2/pet/42'\ncurl 'https://elsewhere.example/pet/42'\n");
    const workspace = join(dir, 'linked');
    const out = await kite(['import', calls, '--openapi', document, '--workspace', workspace]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('2 requests, 0 environments; 1 matched to a known route');
    const linked = Object.values(requestsOf(workspace)).find((request) => request.url === '/pet/{petId}');
    // The id `kite --openapi petstore.json` gives the application, so the saved request opens on its route there.
    expect(linked).toMatchObject({ application: 'swagger-petstore', method: 'GET', pathParams: { petId: '42' } });
    const bad = await kite(['import', calls, '--openapi', join(dir, 'missing.json'), '--workspace', workspace]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--openapi: ');
  });
});
