// @ts-check
// The protocol's JSON Schemas, compiled once with Ajv (draft 2020-12) for tests and the
// conformance suite.
import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';

const Ajv2020 = /** @type {typeof import('ajv/dist/2020.js').default} */ (/** @type {any} */ (Ajv2020Module).default ?? Ajv2020Module);

export const SCHEMA_NAMES = /** @type {const} */ (['page-config', 'routes-response', 'route-index', 'relay-request', 'relay-response-meta', 'status', 'error', 'workspace-listing', 'environment-file', 'saved-request-file', 'folder-settings-file', 'data-response', 'oauth-token-request', 'oauth-token-response', 'run-request', 'run-event']);

/** @param {typeof SCHEMA_NAMES[number]} name */
export function readSchema(name) {
  return JSON.parse(readFileSync(new URL(`../schemas/${name}.schema.json`, import.meta.url), 'utf8'));
}

export function compileSchemas() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addFormat('uri', (/** @type {string} */ value) => {
    try {
      new URL(value);
      return true;
    } catch {
      return false;
    }
  });
  /** @type {Record<typeof SCHEMA_NAMES[number], import('ajv').ValidateFunction>} */
  const validators = /** @type {any} */ ({});
  for (const name of SCHEMA_NAMES) validators[name] = ajv.compile(readSchema(name));

  // The trailer of a streamed relay frame is a definition inside relay-response-meta.
  const streamTrailer = /** @type {import('ajv').ValidateFunction} */ (ajv.getSchema('https://kite.dev/protocol/relay-response-meta.schema.json#/$defs/streamTrailer'));

  /**
   * Checks a value; returns null when valid, else the first few problems as one line.
   * @param {typeof SCHEMA_NAMES[number] | 'relay-stream-trailer'} name
   * @param {unknown} value
   * @returns {string | null}
   */
  function problems(name, value) {
    const validate = name === 'relay-stream-trailer' ? streamTrailer : validators[name];
    if (validate(value)) return null;
    return (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '(root)'} ${error.message}`)
      .join('; ');
  }
  return { validators, problems };
}
