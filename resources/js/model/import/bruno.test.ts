// Bruno collections written by Bruno's own serialisers (@usebruno/lang's jsonToBru and jsonToEnv).
import jsonToBru from '@usebruno/lang/v2/src/jsonToBru';
import jsonToEnv from '@usebruno/lang/v2/src/jsonToEnv';
import jsonToCollectionBru from '@usebruno/lang/v2/src/jsonToCollectionBru';
import { describe, expect, it } from 'vitest';
import { importSources } from './read';

const collection = [
  { name: 'shop/bruno.json', text: JSON.stringify({ version: '1', name: 'Shop (Bruno)', type: 'collection' }) },
  {
    name: 'shop/Users/get-user.bru',
    text: jsonToBru({
      meta: { name: 'Get user', type: 'http', seq: 1 },
      http: { method: 'get', url: '{{baseUrl}}/users/:id', body: 'none', auth: 'bearer' },
      params: [
        { name: 'include', value: 'posts', enabled: true, type: 'query' },
        { name: 'id', value: '2', enabled: true, type: 'path' },
      ],
      headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
      auth: { bearer: { token: '{{token}}' } },
      vars: { req: [], res: [{ name: 'userEmail', value: 'res.body.data.email', enabled: true }] },
      assertions: [{ name: 'res.status', value: 'eq 200', enabled: true }],
      docs: 'Reads one user.',
    }),
  },
  {
    name: 'shop/Users/create-user.bru',
    text: jsonToBru({
      meta: { name: 'Create user', type: 'http', seq: 2 },
      http: { method: 'post', url: '{{baseUrl}}/users', body: 'json', auth: 'basic' },
      auth: { basic: { username: 'admin', password: 'bruno-password' } },
      body: { json: '{\n  "name": "Ada"\n}' },
      script: { res: 'bru.setVar("newId", res.body.id);' },
    }),
  },
  {
    name: 'shop/Login.bru',
    text: jsonToBru({
      meta: { name: 'Login', type: 'http', seq: 3 },
      http: { method: 'post', url: '{{baseUrl}}/login', body: 'formUrlEncoded', auth: 'none' },
      body: { formUrlEncoded: [{ name: 'email', value: 'ada@example.test', enabled: true }] },
      tests: 'test("logged in", function () { expect(res.status).to.equal(200); });',
    }),
  },
  { name: 'shop/environments/Local.bru', text: jsonToEnv({ variables: [{ name: 'baseUrl', value: 'http://localhost:3000', enabled: true, secret: false }, { name: 'token', value: '', enabled: true, secret: true }] }) },
  { name: 'shop/broken.bru', text: 'meta {\n  name: Broken\n' },
];

describe('Bruno import', () => {
  const result = importSources(collection);

  it('reads requests in folders with path and query params, bodies and auth', () => {
    const get = result.requests.find((item) => item.content.name === 'Get user')!.content;
    expect(get).toMatchObject({ folder: 'Users', method: 'GET', url: '{{baseUrl}}/users/{id}', pathParams: { id: '2' }, auth: { type: 'bearer', token: '{{token}}' } });
    expect(get.query).toEqual([{ name: 'include', value: 'posts', enabled: true }]);
    const create = result.requests.find((item) => item.content.name === 'Create user')!.content;
    expect(create).toMatchObject({ body: { type: 'json', text: '{\n  "name": "Ada"\n}' }, auth: { type: 'basic', username: '{{username}}', password: '{{password}}' } });
    expect(result.requests.find((item) => item.content.name === 'Login')!.content.body).toEqual({ type: 'form', fields: [{ name: 'email', value: 'ada@example.test', enabled: true }] });
    expect(JSON.stringify([result.requests, result.environments])).not.toContain('bruno-password');
  });

  it('turns post-response variables and variable-setting scripts into captures; tests and assertions stay as notes', () => {
    const get = result.requests.find((item) => item.content.name === 'Get user')!.content;
    expect(get.captures).toEqual([{ variable: 'userEmail', source: 'body', path: '$.data.email', secret: false }]);
    expect(get.notes).toBe('Reads one user.\n\nBruno assertions (kept verbatim; Kite does not run them):\nres.status: eq 200');
    expect(result.requests.find((item) => item.content.name === 'Create user')!.content).toMatchObject({ captures: [{ variable: 'newId', source: 'body', path: '$.id', secret: false }] });
    expect(result.requests.find((item) => item.content.name === 'Login')!.content.notes).toContain('expect(res.status).to.equal(200)');
  });

  it('reads the environments folder; a secret stays named without a value; a broken file is a report line', () => {
    expect(result.environments.map((environment) => environment.content)).toEqual([
      { name: 'Local', variables: { baseUrl: 'http://localhost:3000', token: { value: '', secret: true }, username: { value: '', secret: true }, password: { value: '', secret: true } } },
    ]);
    expect(result.report.requests).toBe(3);
    expect(result.report.skipped).toHaveLength(1);
    expect(result.report.skipped[0]).toMatchObject({ file: 'shop/broken.bru', item: '' });
    expect(result.report.skipped[0].reason).toMatch(/^not a \.bru file Bruno's parser reads/);
  });
});

describe('Bruno collection and folder settings', () => {
  // Written by Bruno's own serialiser for collection.bru and folder.bru; listed after the requests, as a drop may give them.
  const settingsCollection = [
    {
      name: 'team/Admin/list-users.bru',
      text: jsonToBru({ meta: { name: 'List users', type: 'http', seq: 1 }, http: { method: 'get', url: '{{baseUrl}}/users', body: 'none', auth: 'inherit' }, headers: [{ name: 'X-Team', value: 'mine', enabled: true }] }),
    },
    { name: 'team/Ping.bru', text: jsonToBru({ meta: { name: 'Ping', type: 'http', seq: 2 }, http: { method: 'get', url: '{{baseUrl}}/ping', body: 'none', auth: 'inherit' } }) },
    { name: 'team/Admin/folder.bru', text: jsonToCollectionBru({ meta: { name: 'Admin' }, headers: [{ name: 'X-Team', value: 'admin', enabled: true }, { name: 'X-Role', value: 'admin', enabled: true }], auth: { mode: 'bearer', bearer: { token: '{{adminToken}}' } } }) },
    { name: 'team/collection.bru', text: jsonToCollectionBru({ headers: [{ name: 'Accept', value: 'application/json', enabled: true }], auth: { mode: 'basic', basic: { username: 'ada', password: 'collection-password' } } }) },
  ];
  const result = importSources(settingsCollection);
  const byName = (name: string) => result.requests.find((request) => request.content.name === name)!.content;

  it("writes each folder's auth as its folder settings file, which a request inherits, and every folder's headers above it (the request's own first)", () => {
    expect(byName('List users').auth).toEqual({ type: 'inherit' });
    expect(result.folders.map((file) => file.content)).toEqual([
      { folder: 'Admin', auth: { type: 'bearer', token: '{{adminToken}}' } },
      { folder: '', auth: { type: 'basic', username: '{{username}}', password: '{{password}}' } },
    ]);
    expect(byName('List users').headers).toEqual([
      { name: 'Accept', value: 'application/json', enabled: true },
      { name: 'X-Role', value: 'admin', enabled: true },
      { name: 'X-Team', value: 'mine', enabled: true },
    ]);
    expect(result.report.converted).toContain('folder Admin: its bearer auth → folders/admin.json, inherited by its requests that set none');
  });

  it("lets a top-level request inherit the collection's auth, its literal password a secret variable, never in a file", () => {
    expect(byName('Ping').auth).toEqual({ type: 'inherit' });
    expect(JSON.stringify([result.requests, result.folders])).not.toContain('collection-password');
    expect(result.secrets).toContainEqual(expect.objectContaining({ name: 'password', value: 'collection-password' }));
    expect(result.report.keptAsNote.join('\n')).not.toContain('not applied');
  });
});

describe('Bruno import of Digest auth', () => {
  it('keeps auth:digest with {{variable}} references, never the password in a file', () => {
    const result = importSources([
      { name: 'files/bruno.json', text: JSON.stringify({ version: '1', name: 'Files', type: 'collection' }) },
      {
        name: 'files/report.bru',
        text: jsonToBru({
          meta: { name: 'Report', type: 'http', seq: 1 },
          http: { method: 'get', url: 'https://api.example.com/report', body: 'none', auth: 'digest' },
          auth: { digest: { username: 'ada', password: 'digest-bruno-pw' } },
        }),
      },
    ]);
    const auth = result.requests.find((item) => item.content.name === 'Report')!.content.auth;
    expect(auth.type).toBe('digest');
    expect(auth.password).toMatch(/^\{\{[\w.-]+\}\}$/);
    expect(JSON.stringify([result.requests, result.environments, result.folders])).not.toContain('digest-bruno-pw');
  });
});
