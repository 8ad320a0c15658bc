// The import and export model for Node (dist/node/import.mjs, built by build.mjs): what
// `kite import` and `kite export` (server/cli.mjs) use.
export { importSources, MAX_IMPORT_BYTES, type ImportSource } from './read';
export type { ImportReport, ImportResult } from './batch';
export { requestsInFolder, toPostmanCollection, toPostmanEnvironment } from './postman-export';
export { toOpenApiDocument } from './openapi-export';
export { planWrites, reportLines } from './plan';
