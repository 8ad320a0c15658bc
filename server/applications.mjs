// @ts-check
// The applications a host serves: each an OpenAPI document (or the built-in demo) with the base
// URL the relay sends to and its routes, converted at start-up and again when a file is edited.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOpenApiFile, OpenApiLoadError } from './openapi/load.mjs';
import { openApiToApplication } from './openapi/to-routes.mjs';
import { documentedAuthorization } from './openapi/security.mjs';
import { demoOpenApiDocument } from './demo/openapi.mjs';

/** @typedef {import('../protocol/types').RouteInfo} RouteInfo */
/** @typedef {import('../protocol/types').JsonSchema} JsonSchema */

/**
 * @typedef {object} OpenApiSource
 * @property {string} [file] a JSON or YAML file
 * @property {Record<string, any>} [document] an already parsed document
 * @property {string} [target] the base URL the relay sends to (default: the first `servers` entry)
 * @property {string} [id]
 * @property {string} [name]
 */

/**
 * @typedef {object} LoadedApplication
 * @property {string} id
 * @property {string} name
 * @property {string | null} baseUrl null while it depends on where the server listens (the demo)
 * @property {import('../protocol/types').RouteOnWire[]} routes
 * @property {Record<string, JsonSchema>} $defs the schemas its routes share (`#/$defs/Name`)
 * @property {Record<string, import('../protocol/types').RouteParameter>} [parameters] the parameters its routes share (`#/parameters/ID`)
 * @property {Record<string, import('../protocol/types').RouteResponseDoc>} [responses] the responses its routes share (`#/responses/ID`)
 * @property {string} [file] the OpenAPI file it was read from, watched for edits
 * @property {import('../protocol/types').DocumentedAuthorization} [defaultAuthorization] what its document's security declares
 * @property {Record<string, import('../protocol/types').SecurityScheme>} [securitySchemes] the document's security schemes
 */

/**
 * @param {Array<string | OpenApiSource>} sources
 * @param {string[]} targets `--target` values, matched to sources by position
 * @returns {LoadedApplication[]}
 * @throws {OpenApiLoadError}
 */
export function loadApplications(sources, targets = []) {
  /** @type {Set<string>} */
  const ids = new Set();
  return sources.map((raw, index) => {
    const source = sourceOf(raw);
    const { name, baseUrl, routes, $defs, parameters, responses, securitySchemes, defaultAuthorization } = readApplication(source, index, source.target ?? targets[index]);
    const id = uniqueId(source.id ?? slug(name), ids);
    return { id, name, baseUrl, routes, $defs, ...sharedEntries(parameters, responses), file: source.file, ...(securitySchemes ? { securitySchemes } : {}), ...(defaultAuthorization ? { defaultAuthorization } : {}) };
  });
}

/**
 * Reads an application's file again after an edit. Its id stays, so requests being built keep
 * naming it; its name, base URL and routes follow the document.
 * @param {LoadedApplication} previous
 * @param {string | OpenApiSource} raw the source it was loaded from
 * @param {number} index
 * @param {string} [target]
 * @returns {LoadedApplication}
 * @throws {OpenApiLoadError}
 */
export function reloadApplication(previous, raw, index, target) {
  const source = sourceOf(raw);
  const { name, baseUrl, routes, $defs, parameters, responses, securitySchemes, defaultAuthorization } = readApplication(source, index, source.target ?? target);
  const { defaultAuthorization: _before, securitySchemes: _schemes, parameters: _parameters, responses: _responses, ...rest } = previous;
  return { ...rest, name, baseUrl, routes, $defs, ...sharedEntries(parameters, responses), ...(securitySchemes ? { securitySchemes } : {}), ...(defaultAuthorization ? { defaultAuthorization } : {}) };
}

/**
 * The shared parameters and responses a converted document has (none when no route shares any).
 * @param {LoadedApplication['parameters']} parameters
 * @param {LoadedApplication['responses']} responses
 */
const sharedEntries = (parameters, responses) => ({ ...(parameters ? { parameters } : {}), ...(responses ? { responses } : {}) });

/** @param {string | OpenApiSource} raw */
function sourceOf(raw) {
  return typeof raw === 'string' ? { file: raw } : raw;
}

/**
 * A document file from this size on is read in a short-lived Node process: parsing and converting
 * Microsoft Graph's 19 MB document leaves ~150 MB of garbage and heap the host would keep as RSS;
 * the process hands back only the application (its JSON), and smaller files are not worth its start.
 */
const READ_APART_BYTES = 1024 * 1024;
const READER = fileURLToPath(new URL('./read-application-worker.mjs', import.meta.url));

/**
 * @param {OpenApiSource} source
 * @param {number} index
 * @param {string | undefined} target
 */
function readApplication(source, index, target) {
  return !source.document && source.file && fileSize(source.file) >= READ_APART_BYTES ? readApart(source, index, target) : readApplicationHere(source, index, target);
}

/** @param {string} file */
function fileSize(file) {
  try {
    return statSync(file).size;
  } catch {
    return 0; // reading it here names the problem
  }
}

/**
 * {@link readApplicationHere} in a child process (read-application-worker.mjs).
 * @param {OpenApiSource} source
 * @param {number} index
 * @param {string | undefined} target
 * @returns {ReturnType<typeof readApplicationHere>}
 */
function readApart(source, index, target) {
  const run = spawnSync(process.execPath, [READER, JSON.stringify({ source, index, target })], { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' });
  /** @type {any} */
  let answer;
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    // A crash prints more than its reason (an out-of-memory report starts with the last collections).
    const lines = (run.stderr || run.error?.message || `exit ${run.status}`).split('\n').map((line) => line.trim()).filter(Boolean);
    const reason = lines.find((line) => /error/i.test(line)) ?? lines[0] ?? '';
    throw new OpenApiLoadError(`${source.file}: could not be read: ${reason}`);
  }
  if (run.status !== 0 || typeof answer?.error === 'string') throw new OpenApiLoadError(answer?.error ?? `${source.file}: could not be read (exit ${run.status})`);
  return answer;
}

/**
 * Reads and converts a document in this process.
 * @param {OpenApiSource} source
 * @param {number} index
 * @param {string | undefined} target
 */
export function readApplicationHere(source, index, target) {
  const label = source.file ?? `openapi[${index}]`;
  const document = source.document ?? (source.file ? loadOpenApiFile(source.file) : undefined);
  if (!document) throw new OpenApiLoadError(`${label}: give a file or a document`);
  const baseUrl = target !== undefined ? underServerPath(checkTarget(target, label), document) : serverUrl(document, label);
  const title = typeof document.info?.title === 'string' && document.info.title.trim() ? document.info.title.trim() : source.file ? basename(source.file, extname(source.file)) : `Application ${index + 1}`;
  const name = source.name ?? title;
  let converted;
  try {
    converted = openApiToApplication(document, { file: source.file });
  } catch (error) {
    throw new OpenApiLoadError(`${label}: could not read its paths: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    JSON.stringify(converted);
  } catch (error) {
    throw new OpenApiLoadError(`${label}: its routes cannot be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { name, baseUrl, ...converted, defaultAuthorization: documentedAuthorization(document) };
}

/**
 * The built-in demo: its base URL is filled in per request from the address the server listens on.
 * @returns {LoadedApplication}
 */
export function demoApplication() {
  return { id: 'demo', name: 'Kite Demo API', baseUrl: null, ...openApiToApplication(demoOpenApiDocument()) };
}

/**
 * @param {string} target
 * @param {string} label
 */
function checkTarget(target, label) {
  let url;
  try {
    url = new URL(target);
  } catch {
    throw new OpenApiLoadError(`--target '${target}' (for ${label}) is not a URL; give one like http://127.0.0.1:8000`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OpenApiLoadError(`--target '${target}' (for ${label}) must be an http or https URL`);
  return url.href.replace(/\/+$/, '');
}

/**
 * `--target` with the path of the document's server URL after it: the document's paths are relative
 * to it (petstore's `/pet` is served at `/v2/pet`), so a target needs only its origin. A target that
 * already ends with that path is kept as it is.
 * @param {string} target checked, without a trailing slash
 * @param {Record<string, any>} document
 */
function underServerPath(target, document) {
  const server = Array.isArray(document.servers) ? document.servers[0] : undefined;
  if (!server || typeof server.url !== 'string') return target;
  const path = new URL(withServerVariables(server), 'http://server.invalid').pathname.replace(/\/+$/, '');
  if (path === '' || new URL(target).pathname.replace(/\/+$/, '').endsWith(path)) return target;
  return `${target}${path}`;
}

/**
 * A server's URL with its variables filled in from their defaults; a Swagger 2.0 document without
 * `schemes` converts to a protocol-relative server (`//host/base`), read as https.
 * @param {{ url: string; variables?: Record<string, { default?: unknown }> }} server
 */
function withServerVariables(server) {
  return server.url.replace(/^\/\//, 'https://').replace(/\{([^}]+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) => {
    const value = server.variables?.[name]?.default;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/**
 * The document's first `servers` entry with its variables filled in from their defaults.
 * @param {Record<string, any>} document
 * @param {string} label
 */
function serverUrl(document, label) {
  const server = Array.isArray(document.servers) ? document.servers[0] : undefined;
  if (!server || typeof server.url !== 'string') throw new OpenApiLoadError(`${label}: has no 'servers' entry to send requests to; pass --target URL`);
  const url = withServerVariables(server);
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new OpenApiLoadError(`${label}: its first server URL '${server.url}' is not a full URL; pass --target URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new OpenApiLoadError(`${label}: its first server URL '${server.url}' is not http or https; pass --target URL`);
  return parsed.href.replace(/\/+$/, '');
}

/** @param {string} text */
function slug(text) {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'app'
  );
}

/**
 * @param {string} id
 * @param {Set<string>} taken
 */
function uniqueId(id, taken) {
  let candidate = id;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${id}-${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * Changes whenever any application's routes change.
 * @param {LoadedApplication[]} applications
 */
export function routesRevision(applications) {
  const hash = createHash('sha256');
  for (const app of applications) hash.update(JSON.stringify([app.id, app.name, app.routes, app.$defs, app.parameters, app.responses]));
  return hash.digest('base64url').slice(0, 16);
}
