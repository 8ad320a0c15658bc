// Insomnia exports. Insomnia has no library that writes its files outside the app, so these are
// written in its documented shapes (v4: `_type: export` resources; v5: the
// `collection.insomnia.rest/5.0` YAML written by the `yaml` package), as the app exports them.
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { importSources } from './read';

const request = (extra: object) => ({ _type: 'request', headers: [], parameters: [], body: {}, authentication: {}, ...extra });

const v4 = {
  _type: 'export',
  __export_format: 4,
  __export_source: 'insomnia.desktop.app:v2023.5.8',
  resources: [
    { _id: 'wrk_1', _type: 'workspace', parentId: null, name: 'Shop (Insomnia)' },
    { _id: 'env_base', _type: 'environment', parentId: 'wrk_1', name: 'Base Environment', data: { baseUrl: 'https://shop.example.test', api: { version: 'v2' } } },
    { _id: 'env_prod', _type: 'environment', parentId: 'env_base', name: 'Production', data: { baseUrl: 'https://shop.example.com', token: 'prod-secret-token' } },
    { _id: 'fld_1', _type: 'request_group', parentId: 'wrk_1', name: 'Users', authentication: { type: 'bearer', token: '{{ _.token }}', prefix: '' } },
    request({
      _id: 'req_1',
      parentId: 'fld_1',
      name: 'List users',
      method: 'GET',
      url: '{{ _.baseUrl }}/{{ _.api.version }}/users?page=1',
      parameters: [{ name: 'per_page', value: '20' }, { name: 'q', value: 'x', disabled: true }],
      headers: [{ name: 'Accept', value: 'application/json' }],
      afterResponseScript: "insomnia.environment.set('firstId', insomnia.response.json().data[0].id);",
    }),
    request({
      _id: 'req_2',
      parentId: 'wrk_1',
      name: 'Login',
      method: 'POST',
      url: '{{ _.baseUrl }}/login',
      body: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'email', value: 'ada@example.test' }, { name: 'password', value: 'form-password' }] },
      authentication: { type: 'basic', username: 'ada', password: 'insomnia-password' },
    }),
    request({ _id: 'req_3', parentId: 'wrk_1', name: 'Link', method: 'LINK', url: '{{ _.baseUrl }}/x' }),
    { _id: 'ws_1', _type: 'websocket_request', parentId: 'wrk_1', name: 'Live', url: 'wss://x' },
  ],
};

const v5 = stringify({
  type: 'collection.insomnia.rest/5.0',
  name: 'Shop v5',
  meta: { id: 'wrk_5' },
  collection: [
    {
      name: 'Orders',
      meta: { id: 'fld_5' },
      children: [
        {
          url: '{{ _.baseUrl }}/orders',
          name: 'Create order',
          meta: { id: 'req_5', description: 'Creates an order.' },
          method: 'POST',
          body: { mimeType: 'application/json', text: '{"sku": "{{ _.sku }}"}' },
          headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'X-Api-Key', value: 'v5-api-key' }],
          scripts: { afterResponse: "insomnia.test('created', () => insomnia.expect(insomnia.response.code).to.equal(201));" },
        },
      ],
    },
  ],
  environments: { name: 'Base Environment', meta: { id: 'env_5' }, data: { baseUrl: 'http://localhost:8000', sku: 'A-1' }, subEnvironments: [{ name: 'Local', meta: { id: 'env_6' }, data: { sku: 'L-1' } }] },
});

describe('Insomnia import', () => {
  it('reads a v4 export: folders, inherited auth, parameters, environments, scripts as captures', () => {
    const result = importSources([{ name: 'shop.insomnia.json', text: JSON.stringify(v4) }]);
    const list = result.requests.find((item) => item.content.name === 'List users')!.content;
    expect(list).toMatchObject({ folder: 'Users', method: 'GET', url: '{{baseUrl}}/{{api.version}}/users', auth: { type: 'bearer', token: '{{token}}' } });
    expect(list.query).toEqual([
      { name: 'page', value: '1', enabled: true },
      { name: 'per_page', value: '20', enabled: true },
      { name: 'q', value: 'x', enabled: false },
    ]);
    expect(list.captures).toEqual([{ variable: 'firstId', source: 'body', path: '$.data[0].id', secret: false }]);
    const login = result.requests.find((item) => item.content.name === 'Login')!.content;
    expect(login.auth).toEqual({ type: 'basic', username: '{{username}}', password: '{{password}}' });
    expect(result.environments).toEqual([
      {
        path: 'environments/production.json',
        content: { name: 'Production', variables: { baseUrl: 'https://shop.example.com', token: { value: '', secret: true }, 'api.version': 'v2', username: { value: '', secret: true }, password: { value: '', secret: true } } },
      },
    ]);
    expect(result.secrets).toContainEqual({ environment: 'Production', name: 'token', value: 'prod-secret-token' });
    expect(JSON.stringify([result.requests, result.environments])).not.toMatch(/prod-secret-token|insomnia-password/);
    expect(result.report.skipped).toEqual([
      { file: 'shop.insomnia.json', item: 'Link', reason: 'method LINK: Kite sends GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS' },
      { file: 'shop.insomnia.json', item: 'Live', reason: 'an Insomnia websocket request: Kite imports HTTP requests' },
    ]);
  });

  it('reads a v5 YAML collection with its environments; a test script is kept as a note', () => {
    const result = importSources([{ name: 'shop.yaml', text: v5 }]);
    const order = result.requests[0].content;
    expect(order).toMatchObject({ folder: 'Orders', name: 'Create order', method: 'POST', url: '{{baseUrl}}/orders', body: { type: 'json', text: '{"sku": "{{sku}}"}' } });
    expect(order.headers).toEqual([{ name: 'X-Api-Key', value: '{{api-key}}', enabled: true }]);
    expect(order.notes).toBe("Creates an order.\n\nInsomnia after-response script (kept verbatim; Kite does not run scripts):\ninsomnia.test('created', () => insomnia.expect(insomnia.response.code).to.equal(201));");
    expect(result.environments.map((environment) => environment.content)).toEqual([{ name: 'Local', variables: { sku: 'L-1', baseUrl: 'http://localhost:8000', 'api-key': { value: '', secret: true } } }]);
  });

  it('a newer format or a cut YAML file is said, not guessed at', () => {
    const result = importSources([
      { name: 'v6.yaml', text: v5.replace('collection.insomnia.rest/5.0', 'collection.insomnia.rest/6.0') },
      { name: 'v3.json', text: JSON.stringify({ ...v4, __export_format: 3 }) },
      { name: 'cut.yaml', text: `${v5.slice(0, v5.indexOf('children'))}children: [\n  - {` },
    ]);
    expect(result.report.skipped.map((item) => `${item.file}: ${item.reason.split(':')[0]}`)).toEqual([
      'v6.yaml: an Insomnia file of type collection.insomnia.rest/6.0',
      'v3.json: an Insomnia export of format 3',
      'cut.yaml: not valid YAML (Flow sequence in block collection must be sufficiently indented and end with a ] at line 10, column 3',
    ]);
  });
});
