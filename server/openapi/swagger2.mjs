// @ts-check
// Swagger 2.0 → OpenAPI 3.0 with swagger2openapi: `consumes` become the request bodies' content
// types, `formData` parameters become form and multipart bodies, and `host`, `basePath` and
// `schemes` become `servers` (the target when --target is absent). swagger2openapi answers through
// a promise while the host reads its documents synchronously (at start-up and on every edit), so
// the conversion runs in a short-lived Node process that this one waits for.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { OpenApiLoadError } from './load.mjs';

const WORKER = fileURLToPath(new URL('./swagger2-worker.mjs', import.meta.url));

/**
 * @param {Record<string, any>} swagger a parsed Swagger 2.0 document
 * @param {string} file named in messages
 * @returns {Record<string, any>} the OpenAPI 3.0 document
 */
export function convertSwagger2(swagger, file) {
  const run = spawnSync(process.execPath, [WORKER], { input: JSON.stringify(swagger), maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' });
  if (run.status !== 0) {
    const reason = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n')[0];
    throw new OpenApiLoadError(`${file}: could not convert Swagger 2.0 to OpenAPI 3.0: ${reason}`);
  }
  return JSON.parse(run.stdout);
}
