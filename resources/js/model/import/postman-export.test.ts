// Inherited auth through a Postman round trip: a collection written with Postman's own library
// (postman-collection, tests/fixtures/import/postman.mjs) with auth on the collection and on a folder is imported (folder settings
// files, requests that inherit), exported, and imported again.
import { describe, expect, it } from 'vitest';
import { TEAM_ADMIN_PASSWORD as ADMIN_PASSWORD, postmanSentAuth, teamCollection } from '../../../../tests/fixtures/import/postman.mjs';
import { toOpenApiDocument } from './openapi-export';
import { toPostmanCollection } from './postman-export';
import { importSources } from './read';

const imported = importSources([{ name: 'team.postman_collection.json', text: JSON.stringify(teamCollection()) }]);
const contents = (result: ReturnType<typeof importSources>) => result.requests.map((request) => request.content);
const folderFiles = (result: ReturnType<typeof importSources>) => result.folders.map((file) => file.content);

describe('Postman export of inherited auth', () => {
  it('imports collection and folder auth as folder settings, the requests without auth inheriting it', () => {
    expect(folderFiles(imported)).toEqual([
      { folder: '', auth: { type: 'bearer', token: '{{token}}' } },
      { folder: 'Admin', auth: { type: 'basic', username: '{{adminUser}}', password: '{{password}}' } },
    ]);
    expect(Object.fromEntries(contents(imported).map((file) => [file.name, file.auth]))).toEqual({
      'Purge users': { type: 'inherit' },
      'List users': { type: 'inherit' },
      'Public profile': { type: 'none' },
      'Own token': { type: 'bearer', token: '{{meToken}}' },
    });
    expect(JSON.stringify([imported.requests, imported.folders, imported.environments])).not.toContain(ADMIN_PASSWORD);
    expect(imported.secrets).toContainEqual(expect.objectContaining({ name: 'password', value: ADMIN_PASSWORD }));
  });

  it("leaves auth out of an inheriting request and writes folder and workspace auth on the Postman folder and collection, references only", () => {
    const collection = toPostmanCollection('Team API', contents(imported), '', folderFiles(imported)) as { auth: object; item: Array<{ name: string; auth?: object; item: Array<{ name: string; request: { auth?: unknown } }> }> };
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
    const admin = collection.item.find((folder) => folder.name === 'Admin')!;
    expect(admin.auth).toEqual({ type: 'basic', basic: [{ key: 'username', value: '{{adminUser}}', type: 'string' }, { key: 'password', value: '{{password}}', type: 'string' }] });
    expect('auth' in admin.item[0].request).toBe(false);
    const users = collection.item.find((folder) => folder.name === 'Users')!;
    expect('auth' in users).toBe(false);
    expect(Object.fromEntries(users.item.map((item) => [item.name, item.request.auth]))).toEqual({
      'List users': undefined,
      'Public profile': { type: 'noauth' },
      'Own token': { type: 'bearer', bearer: [{ key: 'token', value: '{{meToken}}', type: 'string' }] },
    });
    // Postman's own library sends each request with the auth it sent before the round trip, references only.
    expect(postmanSentAuth(collection)).toEqual({
      'Purge users': { type: 'basic', values: { username: '{{adminUser}}', password: '{{password}}' } },
      'List users': { type: 'bearer', values: { token: '{{token}}' } },
      'Public profile': { type: 'noauth', values: {} },
      'Own token': { type: 'bearer', values: { token: '{{meToken}}' } },
    });
  });

  it('round-trips: import → export → import gives the same requests and folder auth', () => {
    const exported = toPostmanCollection('Team API', contents(imported), '', folderFiles(imported));
    const again = importSources([{ name: 'team-export.postman_collection.json', text: JSON.stringify(exported) }]);
    const shape = (result: ReturnType<typeof importSources>) => contents(result).map(({ folder, name, method, url, auth }) => ({ folder, name, method, url, auth }));
    expect(shape(again)).toEqual(shape(imported));
    expect(folderFiles(again)).toEqual(folderFiles(imported));
  });

  it("gives an exported folder the nearest auth above it as the collection's", () => {
    const collection = toPostmanCollection('Users', contents(imported), 'Users', folderFiles(imported)) as { auth: object };
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
  });

  it("writes an inherited auth's scheme as the OpenAPI operation's security", () => {
    const { document } = toOpenApiDocument('Team API', contents(imported), [], '', folderFiles(imported));
    const paths = document.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(paths['/admin/users'].delete.security).toEqual([{ basicAuth: [] }]);
    expect(paths['/users'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/users/{id}/public'].get.security).toBeUndefined();
    expect(document.components).toEqual({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, basicAuth: { type: 'http', scheme: 'basic' } } });
  });
});
