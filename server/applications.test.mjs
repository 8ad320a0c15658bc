// Where an application's requests go: the document's server URL, or --target with the server URL's
// path kept as the routes' base path (a third-party document's `/v2` need not be repeated).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApplications, readApplicationHere } from './applications.mjs';
import { writeLargeOpenApiDocument } from '../tests/fixtures/large-openapi.mjs';

const require = createRequire(import.meta.url);
const petstore = { file: require.resolve('@readme/oas-examples/3.0/json/petstore.json') };
const documentWithServer = (url) => ({ document: { openapi: '3.1.0', info: { title: 'T', version: '1' }, servers: [{ url }], paths: {} } });

describe('an application base URL', () => {
  it('is the first server URL, path included, without --target', () => {
    expect(loadApplications([petstore])[0].baseUrl).toBe('http://petstore.swagger.io/v2');
  });

  it('keeps the server URL path under --target', () => {
    expect(loadApplications([petstore], ['http://127.0.0.1:9000'])[0].baseUrl).toBe('http://127.0.0.1:9000/v2');
    expect(loadApplications([petstore], ['http://127.0.0.1:9000/'])[0].baseUrl).toBe('http://127.0.0.1:9000/v2');
    expect(loadApplications([documentWithServer('/api/v1')], ['http://127.0.0.1:9000'])[0].baseUrl).toBe('http://127.0.0.1:9000/api/v1');
  });

  it('does not repeat a path --target already ends with, and puts it after a path of the target own', () => {
    expect(loadApplications([petstore], ['http://127.0.0.1:9000/v2'])[0].baseUrl).toBe('http://127.0.0.1:9000/v2');
    expect(loadApplications([petstore], ['http://127.0.0.1:9000/v2/'])[0].baseUrl).toBe('http://127.0.0.1:9000/v2');
    expect(loadApplications([petstore], ['http://127.0.0.1:9000/staging'])[0].baseUrl).toBe('http://127.0.0.1:9000/staging/v2');
  });

  it('is --target as given when the document names no server or one at its root', () => {
    expect(loadApplications([{ document: { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} } }], ['http://127.0.0.1:9000'])[0].baseUrl).toBe('http://127.0.0.1:9000');
    expect(loadApplications([documentWithServer('https://api.example.com')], ['http://127.0.0.1:9000/x'])[0].baseUrl).toBe('http://127.0.0.1:9000/x');
  });
});

describe('a large document (read in a short-lived process, so its parse is not kept as host memory)', () => {
  it('reads to the same application as in this process, and takes --target', () => {
    const file = writeLargeOpenApiDocument({ operations: 5000, sharedSchemas: true, format: 'json' });
    expect(statSync(file).size).toBeGreaterThan(1024 * 1024);
    const [apart] = loadApplications([file], ['http://127.0.0.1:9000']);
    const here = readApplicationHere({ file }, 0, 'http://127.0.0.1:9000');
    expect(apart.routes).toHaveLength(5000);
    expect(apart).toEqual({ id: expect.any(String), file, ...JSON.parse(JSON.stringify(here)) });
  });

  it('that cannot be read stops with the reason naming the file, line and column, as one read here does', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kite-large-')), 'broken.json');
    writeFileSync(file, `{"openapi": "3.1.0", "paths": {${'"/x": {},'.repeat(200_000)} "/y": [}`);
    expect(statSync(file).size).toBeGreaterThan(1024 * 1024);
    expect(() => loadApplications([file])).toThrow(expect.objectContaining({ name: 'OpenApiLoadError', message: `${file}: 1:${statSync(file).size}: invalid JSON: unexpected "}"` }));
  });
});
