// The Postman reader on collections written by Postman's own library (tests/fixtures/import/postman.mjs).
import { describe, expect, it } from 'vitest';
import { SHOP_PASSWORD, SHOP_TOKEN, shopCollection, shopEnvironment } from '../../../../tests/fixtures/import/postman.mjs';
import { importSources } from './read';
import { toPostmanCollection } from './postman-export';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const byName = (result: ReturnType<typeof importSources>, name: string) => result.requests.find((request) => request.content.name === name)!.content;

describe('Postman import', () => {
  const result = importSources([
    { name: 'shop.postman_collection.json', text: json(shopCollection()) },
    { name: 'staging.postman_environment.json', text: json(shopEnvironment()) },
  ]);

  it('reads folders, methods, URLs with path variables, query rows and bodies of each mode', () => {
    expect(result.report.requests).toBe(5);
    expect(result.requests.map((request) => `${request.content.folder} ${request.content.name}`).sort()).toEqual(
      [' Login', ' Upload avatar', 'Users Get user', 'Users List users', 'Users/Admin Create user'].sort(),
    );
    const list = byName(result, 'List users');
    expect(list).toMatchObject({ method: 'GET', url: '{{baseUrl}}/users', headers: [{ name: 'Accept', value: 'application/json', enabled: true }] });
    expect(list.query).toEqual([
      { name: 'page', value: '1', enabled: true },
      { name: 'per_page', value: '{{pageSize}}', enabled: true },
    ]);
    expect(byName(result, 'Get user').url).toBe('{{baseUrl}}/users/{id}');
    expect(byName(result, 'Create user').body).toEqual({ type: 'json', text: '{\n  "name": "Ada"\n}' });
    expect(byName(result, 'Login').body).toEqual({ type: 'form', fields: [{ name: 'email', value: 'ada@example.test', enabled: true }, { name: 'remember', value: '1', enabled: false }] });
    expect(byName(result, 'Upload avatar').body).toEqual({
      type: 'multipart',
      fields: [
        { name: 'caption', value: 'me', enabled: true, kind: 'text' },
        { name: 'file', value: 'avatar.png', enabled: true, kind: 'file' },
      ],
    });
  });

  it("writes the collection's auth as the workspace's folder settings, which a request without auth inherits; keeps noauth; never writes a credential into a file", () => {
    expect(byName(result, 'List users').auth).toEqual({ type: 'inherit' });
    expect(result.folders).toEqual([{ path: 'folders/workspace.json', content: { folder: '', auth: { type: 'bearer', token: '{{token}}' } } }]);
    expect(byName(result, 'Login').auth).toEqual({ type: 'none' });
    expect(byName(result, 'Create user').auth).toEqual({ type: 'basic', username: '{{username}}', password: '{{password}}' });
    expect(byName(result, 'Get user').headers).toEqual([{ name: 'X-Api-Key', value: '{{api-key}}', enabled: true }]);
    const files = json([...result.requests, ...result.environments, ...result.folders]);
    for (const secret of [SHOP_TOKEN, SHOP_PASSWORD, 'literal-api-key-123']) expect(files).not.toContain(secret);
    expect(result.secrets).toEqual(
      expect.arrayContaining([
        { environment: 'Shop staging', name: 'token', value: SHOP_TOKEN },
        { environment: 'Shop staging', name: 'password', value: SHOP_PASSWORD },
        { environment: 'Shop staging', name: 'api-key', value: 'literal-api-key-123' },
      ]),
    );
  });

  it('makes one environment file with the collection variables and the secrets named, not valued', () => {
    expect(result.environments).toEqual([
      {
        path: 'environments/shop-staging.json',
        content: {
          name: 'Shop staging',
          variables: {
            baseUrl: 'https://shop.example.test/api',
            token: { value: '', secret: true },
            pageSize: '20',
            'api-key': { value: '', secret: true },
            username: { value: '', secret: true },
            password: { value: '', secret: true },
          },
        },
      },
    ]);
    expect(result.secrets).toContainEqual({ environment: 'Shop staging', name: 'username', value: 'admin' });
  });

  it('keeps scripts verbatim as notes and turns their variable settings into captures', () => {
    const list = byName(result, 'List users');
    expect(list.notes).toContain('pm.test("status is 200", function () {\n    pm.response.to.have.status(200);\n});');
    expect(list.captures).toEqual([{ variable: 'firstUserId', source: 'body', path: '$.data[0].id', secret: false }]);
    expect(byName(result, 'Login').captures).toEqual([{ variable: 'token', source: 'body', path: '$.token', secret: true }]);
    // A script that only set a variable is all in the capture: nothing left to keep.
    expect(byName(result, 'Login').notes).toBeUndefined();
    expect(result.report.converted).toContain('Login: token set by a script → capture {{token}} from the response body $.token');
    expect(result.report.keptAsNote.some((line) => line.startsWith('Users/List users: a script kept verbatim'))).toBe(true);
  });

  it('says which request it could not import and why', () => {
    expect(result.report.skipped).toEqual([{ file: 'shop.postman_collection.json', item: 'Purge cache', reason: 'method PURGE: Kite sends GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS' }]);
  });

  it('reads a v2.0 collection (auth fields as an object, URLs as strings)', () => {
    const v21 = shopCollection() as { info: { schema: string }; auth: unknown };
    const v20 = { ...v21, info: { ...v21.info, schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' }, auth: { type: 'bearer', bearer: { token: '{{v20token}}' } } };
    const read = importSources([{ name: 'v20.json', text: json(v20) }]);
    expect(byName(read, 'List users').auth).toEqual({ type: 'inherit' });
    expect(read.folders).toEqual([{ path: 'folders/workspace.json', content: { folder: '', auth: { type: 'bearer', token: '{{v20token}}' } } }]);
    expect(read.environments.map((environment) => environment.content.name)).toEqual(['Shop API']);
  });
});

describe('bad input', () => {
  it('a newer schema, truncated JSON, an unknown format and a 50 MB file each get a reason, and the rest is imported', () => {
    const newer = { ...(shopCollection() as { info: object }), info: { name: 'Next', schema: 'https://schema.getpostman.com/json/collection/v3.0.0/collection.json' } };
    const text = json(shopCollection());
    const result = importSources([
      { name: 'next.json', text: json(newer) },
      { name: 'cut.json', text: text.slice(0, text.length / 2) },
      { name: 'other.json', text: '{"hello": "world"}' },
      { name: 'huge.json', text: `{"x": "${'a'.repeat(50 * 1024 * 1024)}"}` },
      { name: 'good.json', text },
    ]);
    expect(result.report.requests).toBe(5);
    const reasons = Object.fromEntries(result.report.skipped.map((item) => [item.file, item.reason]));
    expect(reasons['next.json']).toMatch(/schema .*v3\.0\.0.*Kite reads collection v2\.0 and v2\.1/);
    expect(reasons['cut.json']).toMatch(/^not valid JSON .*cut short/);
    expect(reasons['other.json']).toMatch(/format Kite does not import/);
    expect(reasons['huge.json']).toMatch(/^the file is 50\.0 MB; Kite imports files up to 32 MB/);
  });

  it('renames names with / or .. and duplicates, and says so', () => {
    const collection = {
      info: { name: 'Odd', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        { name: '../etc', item: [{ name: 'a/b', request: { method: 'GET', url: '/x' } }] },
        { name: 'Same', request: { method: 'GET', url: '/1' } },
        { name: 'Same', request: { method: 'GET', url: '/2' } },
        { name: 'Bad URL', request: { method: 'GET', url: 'http://[::1' } },
      ],
    };
    const result = importSources([{ name: 'odd.json', text: json(collection) }]);
    expect(result.requests.map((request) => [request.path, request.content.folder, request.content.name])).toEqual([
      ['requests/etc-a-b.json', '.-etc', 'a/b'],
      ['requests/same.json', '', 'Same'],
      ['requests/same-2.json', '', 'Same (2)'],
    ]);
    expect(result.report.converted).toContain('../etc/a/b: in folder ".-etc" (a folder\'s name holds no / or ..)');
    expect(result.report.converted).toContain('Same: a second request of that name in the same folder, imported as "Same (2)"');
    expect(result.report.skipped).toEqual([{ file: 'odd.json', item: 'Bad URL', reason: 'its URL http://[::1 does not parse' }]);
  });
});

describe('Postman import of Digest auth', () => {
  it('keeps Digest with its username and password as {{variables}}, never the password in a file', () => {
    const collection = {
      info: { name: 'Files', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        {
          name: 'Report',
          request: {
            method: 'GET',
            url: 'https://api.example.com/report',
            auth: { type: 'digest', digest: [{ key: 'username', value: 'ada' }, { key: 'password', value: 'digest-pa55', type: 'string' }, { key: 'algorithm', value: 'MD5' }] },
          },
        },
      ],
    };
    const result = importSources([{ name: 'files.postman_collection.json', text: json(collection) }]);
    const auth = byName(result, 'Report').auth;
    expect(auth.type).toBe('digest');
    expect(auth.password).toMatch(/^\{\{[\w.-]+\}\}$/);
    expect(json([...result.requests, ...result.environments, ...result.folders])).not.toContain('digest-pa55');
    expect(result.secrets).toContainEqual(expect.objectContaining({ value: 'digest-pa55' }));

    // Exported to Postman and read back: still Digest, with the same references.
    const exported = toPostmanCollection('Files', result.requests.map((request) => request.content));
    expect(JSON.stringify(exported)).toContain('"type":"digest"');
    const again = importSources([{ name: 'files-export.postman_collection.json', text: json(exported) }]);
    expect(byName(again, 'Report').auth).toEqual(auth);
  });
});
