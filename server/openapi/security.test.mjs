import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadOpenApiFile } from './load.mjs';
import { documentedAuthorization, operationSecurity, securitySchemesOf } from './security.mjs';
import { openApiToApplication } from './to-routes.mjs';

const doc = (securitySchemes, security, operationSecurity) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  ...(security ? { security } : {}),
  paths: { '/a': { get: { ...(operationSecurity ? { security: operationSecurity } : {}) } } },
  components: { securitySchemes },
});

describe('the authorization a document declares', () => {
  it('maps http bearer and basic as they are, from the document security first', () => {
    const schemes = { token: { type: 'http', scheme: 'bearer' }, login: { type: 'http', scheme: 'Basic' } };
    expect(documentedAuthorization(doc(schemes, [{ token: [] }], [{ login: [] }]))).toEqual({ type: 'bearer' });
    expect(documentedAuthorization(doc(schemes, undefined, [{ login: [] }]))).toEqual({ type: 'basic' });
  });

  it('gives an API key or OAuth 2 as a bearer token with a note, and nothing without security', () => {
    expect(documentedAuthorization(doc({ key: { type: 'apiKey', in: 'header', name: 'X-Key' } }, [{ key: [] }]))).toEqual({
      type: 'bearer',
      note: 'The API takes an API key (key) in the header parameter X-Key: add it on the Headers tab. A token here goes in Authorization: Bearer.',
    });
    const petstore = loadOpenApiFile(createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'));
    expect(documentedAuthorization(petstore)).toEqual({ type: 'bearer', note: 'The API uses OAuth 2 (petstore_auth): paste an access token.' });
    expect(documentedAuthorization(doc({}, undefined, undefined))).toBeUndefined();
  });
});

describe('the security schemes and requirements a document declares', () => {
  const schemes = {
    key: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Your key' },
    token: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
    oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: { 'pets:read': 'Read pets' } } } },
    broken: { type: 'apiKey', in: 'body' },
  };

  it('keeps the fields Kite uses of every scheme it can use, and leaves out one it cannot', () => {
    expect(securitySchemesOf(doc(schemes))).toEqual({
      key: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Your key' },
      token: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: { 'pets:read': 'Read pets' } } } },
    });
  });

  it("gives each route its operation's security, else the document's, and the application its schemes", () => {
    const document = doc(schemes, [{ key: [] }], [{ oauth: ['pets:read'] }, { token: [] }]);
    document.paths['/b'] = { get: {} };
    expect(operationSecurity(document, document.paths['/a'].get)).toEqual([{ oauth: ['pets:read'] }, { token: [] }]);
    const converted = openApiToApplication(document);
    expect(converted.routes.find((route) => route.uri === '/a')?.security).toEqual([{ oauth: ['pets:read'] }, { token: [] }]);
    expect(converted.routes.find((route) => route.uri === '/b')?.security).toEqual([{ key: [] }]);
    expect(Object.keys(converted.securitySchemes ?? {})).toEqual(['key', 'token', 'oauth']);
  });
});
