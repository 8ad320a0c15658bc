// A generated OpenAPI 3.1 document with `count` operations in groups of 50 (GET/POST on a
// collection, GET/PUT/DELETE on an item), plus one route whose body schema cannot be read.
// Used by the client benchmark and the client's large-API end-to-end test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function largeOpenApiDocument(count = 5000) {
  const paths = {};
  for (let i = 0; i < count; i += 1) {
    const resource = `resource${Math.floor(i / 5)}`;
    const path = i % 5 < 2 ? `/${resource}` : `/${resource}/{id}`;
    const method = ['get', 'post', 'get', 'put', 'delete'][i % 5];
    paths[path] ??= {};
    paths[path][method] = {
      tags: [`group${Math.floor(i / 50)}`],
      operationId: `${resource}.${['index', 'store', 'show', 'update', 'destroy'][i % 5]}`,
      summary: `Operation ${i}`,
      parameters: path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }] : [],
      ...(method === 'post' || method === 'put'
        ? { requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } } } } } }
        : {}),
    };
  }
  paths['/broken'] = {
    post: { tags: ['broken'], operationId: 'broken.store', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } },
  };
  return { openapi: '3.1.0', info: { title: 'Large API', version: '1.0.0' }, servers: [{ url: 'http://127.0.0.1:9' }], paths };
}

/** Writes the document into a fresh temporary folder and returns its path. */
export function writeLargeOpenApiDocument(count = 5000) {
  const file = join(mkdtempSync(join(tmpdir(), 'kite-large-api-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(largeOpenApiDocument(count)));
  return file;
}
