// Loading a generated 5,000-operation OpenAPI document (YAML) and serving `GET routes` from it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import YAML from 'yaml';
import { startKite } from '../server/index.mjs';

const OPERATIONS = 5000;
const RESOURCES = OPERATIONS / 5; // each resource: list, create, show, update, delete

/** A realistic document: shared components with $refs, allOf, a cycle, path and query parameters. */
function generateDocument() {
  /** @type {Record<string, any>} */
  const paths = {};
  /** @type {Record<string, any>} */
  const schemas = {
    Address: { type: 'object', required: ['city'], properties: { street: { type: 'string' }, city: { type: 'string', maxLength: 80 }, zip: { type: 'string', pattern: '^[0-9]{5}$' } } },
    Audit: { type: 'object', properties: { created_by: { type: 'integer' }, note: { type: ['string', 'null'] }, parent: { $ref: '#/components/schemas/Audit' } } },
  };
  for (let r = 0; r < RESOURCES; r += 1) {
    const name = `Resource${r}`;
    schemas[name] = {
      allOf: [
        { $ref: '#/components/schemas/Audit' },
        {
          type: 'object',
          required: ['title', 'status'],
          properties: {
            id: { type: 'integer', readOnly: true },
            title: { type: 'string', minLength: 1, maxLength: 200 },
            status: { type: 'string', enum: ['draft', 'published', 'archived'] },
            price: { type: 'number', minimum: 0, multipleOf: 0.01 },
            tags: { type: 'array', items: { type: 'string' } },
            address: { $ref: '#/components/schemas/Address' },
            owner: { oneOf: [{ type: 'integer' }, { type: 'string', format: 'email' }] },
          },
        },
      ],
    };
    const tag = `group-${r % 40}`;
    const body = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
    paths[`/resources-${r}`] = {
      get: { tags: [tag], operationId: `list${r}`, parameters: [{ $ref: '#/components/parameters/Page' }, { name: 'q', in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } },
      post: { tags: [tag], operationId: `create${r}`, requestBody: body, responses: { 201: { description: 'ok' } } },
    };
    paths[`/resources-${r}/{id}`] = {
      parameters: [id],
      get: { tags: [tag], operationId: `show${r}`, responses: { 200: { description: 'ok' } } },
      put: { tags: [tag], operationId: `update${r}`, requestBody: body, responses: { 200: { description: 'ok' } } },
      delete: { tags: [tag], operationId: `delete${r}`, responses: { 204: { description: 'ok' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Generated API', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9/api' }],
    paths,
    components: { schemas, parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } } } },
  };
}

const file = join(mkdtempSync(join(tmpdir(), 'kite-bench-')), 'generated.yaml');
writeFileSync(file, YAML.stringify(generateDocument()));

const loadStart = performance.now();
const kite = await startKite({ port: 0, openapi: [file] });
const loadMs = performance.now() - loadStart;

const times = [];
let bytes = 0;
let routeCount = 0;
for (let i = 0; i < 21; i += 1) {
  const start = performance.now();
  const response = await fetch(`${kite.url}/api/routes`);
  const text = await response.text();
  times.push(performance.now() - start);
  bytes = text.length;
  if (i === 0) routeCount = JSON.parse(text).applications[0].routes.length;
}
const first = times[0];
const median = times.slice(1).sort((a, b) => a - b)[10];

console.log(`document: ${routeCount} operations, YAML`);
console.log(`load (parse YAML + convert to routes + start): ${loadMs.toFixed(0)} ms`);
console.log(`GET routes: first ${first.toFixed(1)} ms, then median ${median.toFixed(1)} ms over 20; ${(bytes / 1024 / 1024).toFixed(2)} MB of JSON (goal < 300 ms once loaded: ${Math.max(first, median) < 300 ? 'met' : 'MISSED'})`);
await kite.close();
