// @ts-check
// Reads an OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (converted to OpenAPI 3.0 by
// swagger2openapi, see swagger2.mjs), from a JSON or YAML file. Every problem becomes one
// OpenApiLoadError whose message names the file and, where the parser can tell, line and column.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import YAML from 'yaml';
import { jsonErrorPosition, lineColumnAt } from '../../protocol/json-error-position.js';
import { convertSwagger2 } from './swagger2.mjs';

export class OpenApiLoadError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'OpenApiLoadError';
  }
}

/**
 * @param {string} file
 * @returns {Record<string, any>}
 */
export function loadOpenApiFile(file) {
  return parseOpenApiText(readText(file), file);
}

/**
 * A JSON or YAML file of any content (the target of a `$ref` into another file).
 * @param {string} file
 * @returns {any}
 */
export function loadDataFile(file) {
  const text = readText(file);
  return extname(file).toLowerCase() === '.json' || /^\s*[{[]/.test(text) ? parseJson(text, file) : parseYaml(text, file);
}

/** @param {string} file */
function readText(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : code === 'EACCES' ? 'permission denied' : String(error);
    throw new OpenApiLoadError(`${file}: ${reason}`);
  }
  return text;
}

/**
 * @param {string} text
 * @param {string} file name used in messages; its extension picks JSON or YAML
 * @returns {Record<string, any>}
 */
export function parseOpenApiText(text, file) {
  const json = extname(file).toLowerCase() === '.json' || /^\s*\{/.test(text);
  const parsed = json ? parseJson(text, file) : parseYaml(text, file);
  const document = isSwagger2(parsed) ? convertSwagger2(parsed, file) : parsed;
  checkOpenApi(document, file);
  return document;
}

/**
 * @param {string} text
 * @param {string} file
 */
function parseJson(text, file) {
  try {
    return JSON.parse(text);
  } catch {
    const scanned = jsonErrorPosition(text);
    const position = scanned < 0 ? text.length : scanned;
    const found = position >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[position])}`;
    throw new OpenApiLoadError(`${file}: ${lineColumn(text, position)}: invalid JSON: ${found}`);
  }
}

/**
 * @param {string} text
 * @param {string} file
 */
function parseYaml(text, file) {
  const document = YAML.parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const [first] = document.errors;
  if (first) {
    const pos = first.linePos?.[0];
    const where = pos ? `${pos.line}:${pos.col}: ` : '';
    throw new OpenApiLoadError(`${file}: ${where}invalid YAML: ${first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
  }
  try {
    return document.toJS({ maxAliasCount: 10_000 });
  } catch (error) {
    throw new OpenApiLoadError(`${file}: invalid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** @param {unknown} document */
function isSwagger2(document) {
  return !!document && typeof document === 'object' && String(/** @type {Record<string, unknown>} */ (document).swagger) === '2.0';
}

/**
 * @param {unknown} document
 * @param {string} file
 */
function checkOpenApi(document, file) {
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    throw new OpenApiLoadError(`${file}: not an OpenAPI document (expected an object at the top level)`);
  }
  const version = /** @type {Record<string, unknown>} */ (document).openapi;
  if (typeof version !== 'string') {
    const swagger = /** @type {Record<string, unknown>} */ (document).swagger;
    throw new OpenApiLoadError(
      swagger ? `${file}: Swagger ${swagger} is not supported (2.0, 3.0 and 3.1 are)` : `${file}: not an OpenAPI document (no 'openapi' version field)`,
    );
  }
  if (!/^3\.[01]\./.test(version) && version !== '3.0' && version !== '3.1') {
    throw new OpenApiLoadError(`${file}: OpenAPI ${version} is not supported (3.0 and 3.1 are)`);
  }
  const paths = /** @type {Record<string, unknown>} */ (document).paths;
  if (paths !== undefined && (paths === null || typeof paths !== 'object' || Array.isArray(paths))) {
    throw new OpenApiLoadError(`${file}: 'paths' must be an object`);
  }
}

/**
 * @param {string} text
 * @param {number} position
 */
function lineColumn(text, position) {
  const { line, column } = lineColumnAt(text, position);
  return `${line}:${column}`;
}
