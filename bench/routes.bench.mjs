// Loading a generated 5,000-operation OpenAPI document (YAML) and serving `GET routes` from it.
import { performance } from 'node:perf_hooks';
import { startKite } from '../server/index.mjs';
import { writeLargeOpenApiDocument } from '../tests/fixtures/large-openapi.mjs';
import { median } from './support.mjs';

// A realistic document: shared components with $refs, allOf, a cycle, path and query parameters.
const file = writeLargeOpenApiDocument({ operations: 5000, sharedSchemas: true, format: 'yaml' });

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
const rest = median(times.slice(1));

console.log(`document: ${routeCount} operations, YAML`);
console.log(`load (parse YAML + convert to routes + start): ${loadMs.toFixed(0)} ms`);
console.log(`GET routes: first ${first.toFixed(1)} ms, then median ${rest.toFixed(1)} ms over 20; ${(bytes / 1024 / 1024).toFixed(2)} MB of JSON (goal < 300 ms once loaded: ${Math.max(first, rest) < 300 ? 'met' : 'MISSED'})`);
await kite.close();
