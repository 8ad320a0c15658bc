// Where an application's requests go: the document's server URL, or --target with the server URL's
// path kept as the routes' base path (a third-party document's `/v2` need not be repeated).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { loadApplications } from './applications.mjs';

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
