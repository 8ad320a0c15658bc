// @ts-check
// Checks a relay request field by field; the first problem names its field (`body.fields[1].base64`)
// so the app can point at it. Optional lists default to empty.

import { RELAY_TIMEOUT_MAX_MS, RELAY_TIMEOUT_MIN_MS, isRelayTimeoutMs } from '../../protocol/endpoints.js';

/** @typedef {import('../../protocol/types').RelayRequest} RelayRequest */

export const RELAY_METHODS = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BODY_TYPES = ['none', 'json', 'form', 'multipart', 'raw'];
const AUTH_TYPES = ['none', 'current-user', 'bearer', 'basic', 'digest', 'impersonate', 'api-key'];
const API_KEY_LOCATIONS = ['header', 'query', 'cookie'];
/** RFC 9110 token characters: what a header name may contain. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Whether `name` may be an HTTP header name.
 * @param {string} name
 */
export const isHeaderName = (name) => TOKEN.test(name);
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
/** What an HTTP header value may hold: tab, visible ASCII, space and Latin-1 (what Node sends). */
const HEADER_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;
/** C0 control characters and DEL. */
const CONTROL = /[\x00-\x1f\x7f]/;

/** A relay request that cannot be performed, and the field to blame. */
export class RelayRequestError extends Error {
  /**
   * @param {string} field
   * @param {string} message
   */
  constructor(field, message) {
    super(message);
    this.name = 'RelayRequestError';
    this.field = field;
  }
}

/**
 * @param {unknown} input the parsed JSON body of `POST relay`
 * @returns {RelayRequest}
 * @throws {RelayRequestError}
 */
export function validateRelayRequest(input) {
  if (!isObject(input)) throw new RelayRequestError('', 'The relay request must be a JSON object');
  const fail = (/** @type {string} */ field, /** @type {string} */ message) => {
    throw new RelayRequestError(field, message);
  };

  if (input.application !== undefined && (typeof input.application !== 'string' || input.application === '')) fail('application', 'application must be a non-empty string when given');
  if (typeof input.method !== 'string' || !RELAY_METHODS.includes(/** @type {any} */ (input.method))) {
    fail('method', `method must be one of ${RELAY_METHODS.join(', ')}`);
  }
  if (typeof input.url !== 'string') fail('url', 'url must be a string (a path relative to the application, or a full URL)');
  if (/[\x00-\x1f\x7f\\]/.test(/** @type {string} */ (input.url))) fail('url', 'url must not contain backslashes, line breaks or other control characters');

  const headers = pairs(input.headers, 'headers', fail);
  headers.forEach((header, index) => {
    if (!isHeaderName(header.name)) fail(`headers[${index}].name`, `'${header.name}' is not a valid header name`);
    headerText(header.value, `headers[${index}].value`, fail);
  });
  const query = pairs(input.query, 'query', fail);

  const body = input.body;
  if (!isObject(body)) fail('body', `body must be an object with a type (${BODY_TYPES.join(', ')})`);
  const bodyObject = /** @type {Record<string, any>} */ (body);
  if (!BODY_TYPES.includes(bodyObject.type)) fail('body.type', `body.type must be one of ${BODY_TYPES.join(', ')}`);
  if ((bodyObject.type === 'json' || bodyObject.type === 'raw') && typeof bodyObject.text !== 'string') fail('body.text', `body.text must be a string for a ${bodyObject.type} body`);
  if (bodyObject.type === 'raw' && bodyObject.contentType !== undefined) headerText(bodyObject.contentType, 'body.contentType', fail);
  if (bodyObject.type === 'form') pairs(bodyObject.fields, 'body.fields', fail, true);
  if (bodyObject.type === 'multipart') {
    if (!Array.isArray(bodyObject.fields)) fail('body.fields', 'body.fields must be an array');
    bodyObject.fields.forEach((/** @type {unknown} */ field, /** @type {number} */ index) => {
      const at = `body.fields[${index}]`;
      if (!isObject(field)) return fail(at, `${at} must be an object`);
      if (typeof field.name !== 'string') fail(`${at}.name`, `${at}.name must be a string`);
      if (field.kind === 'text') {
        if (typeof field.value !== 'string') fail(`${at}.value`, `${at}.value must be a string`);
      } else if (field.kind === 'file') {
        if (typeof field.filename !== 'string') fail(`${at}.filename`, `${at}.filename must be a string`);
        headerText(field.contentType, `${at}.contentType`, fail);
        if (typeof field.base64 !== 'string' || !BASE64.test(field.base64)) fail(`${at}.base64`, `${at}.base64 must be the file's bytes in base64`);
      } else {
        fail(`${at}.kind`, `${at}.kind must be 'text' or 'file'`);
      }
    });
  }

  const authorization = input.authorization;
  if (!isObject(authorization)) fail('authorization', `authorization must be an object with a type (${AUTH_TYPES.join(', ')})`);
  const auth = /** @type {Record<string, any>} */ (authorization);
  if (!AUTH_TYPES.includes(auth.type)) fail('authorization.type', `authorization.type must be one of ${AUTH_TYPES.join(', ')}`);
  if (auth.type === 'bearer') headerText(auth.token, 'authorization.token', fail);
  if (auth.type === 'digest') {
    // The username travels in a quoted string of the Authorization line; the password only hashed.
    headerText(auth.username, 'authorization.username', fail);
    if (typeof auth.password !== 'string' || CONTROL.test(auth.password)) fail('authorization.password', 'authorization.password must be a string without control characters');
  }
  if (auth.type === 'basic') {
    // Both travel base64-encoded as UTF-8 (RFC 7617), so any character but a control one may be in them.
    if (typeof auth.username !== 'string' || auth.username.includes(':') || CONTROL.test(auth.username)) fail('authorization.username', 'authorization.username must be a string without a colon or control characters');
    if (typeof auth.password !== 'string' || CONTROL.test(auth.password)) fail('authorization.password', 'authorization.password must be a string without control characters');
  }
  if (auth.type === 'impersonate') {
    const id = typeof auth.userId === 'number' && Number.isFinite(auth.userId) ? String(auth.userId) : auth.userId;
    if (typeof id !== 'string' || id.trim() === '') fail('authorization.userId', 'authorization.userId must be the id of the user to act as');
    headerText(id, 'authorization.userId', fail);
    auth.userId = id.trim();
  }
  if (auth.type === 'api-key') {
    if (!API_KEY_LOCATIONS.includes(auth.in)) fail('authorization.in', `authorization.in must be one of ${API_KEY_LOCATIONS.join(', ')}`);
    if (typeof auth.name !== 'string' || !TOKEN.test(auth.name)) fail('authorization.name', 'authorization.name must be the name of the header, query parameter or cookie that carries the key');
    headerText(auth.value, 'authorization.value', fail);
  }

  if (input.timeoutMs !== undefined && !isRelayTimeoutMs(input.timeoutMs)) {
    fail('timeoutMs', `timeoutMs must be a whole number of milliseconds from ${RELAY_TIMEOUT_MIN_MS} to ${RELAY_TIMEOUT_MAX_MS}`);
  }
  // Transaction mode needs an in-process host; this host accepts the flag and ignores it.
  // Holding outgoing HTTP needs an in-process host too: accepted and ignored (the trace never says held).
  for (const flag of /** @type {const} */ (['transaction', 'holdOutgoingHttp'])) {
    if (input[flag] !== undefined && typeof input[flag] !== 'boolean') fail(flag, `${flag} must be true or false`);
  }

  return /** @type {RelayRequest} */ ({ ...input, headers, query, body: bodyObject, authorization: auth });
}

/**
 * Checks a string that ends up in a header line (a header value, a token, a content type): no line
 * breaks, NUL or other control characters (tab aside), nothing outside Latin-1.
 * @param {unknown} value
 * @param {string} field
 * @param {(field: string, message: string) => never} fail
 */
function headerText(value, field, fail) {
  if (typeof value !== 'string') fail(field, `${field} must be a string`);
  if (!HEADER_TEXT.test(/** @type {string} */ (value))) fail(field, `${field} must not contain line breaks, NUL or other control characters, nor characters outside Latin-1`);
}

/**
 * @param {unknown} list
 * @param {string} field
 * @param {(field: string, message: string) => never} fail
 * @param {boolean} [required]
 * @returns {Array<{ name: string; value: string }>}
 */
function pairs(list, field, fail, required = false) {
  if (list === undefined && !required) return [];
  if (!Array.isArray(list)) return fail(field, `${field} must be an array of { name, value }`);
  return list.map((item, index) => {
    if (!isObject(item)) return fail(`${field}[${index}]`, `${field}[${index}] must be an object with name and value`);
    if (typeof item.name !== 'string' || item.name === '') fail(`${field}[${index}].name`, `${field}[${index}].name must be a non-empty string`);
    if (typeof item.value !== 'string') fail(`${field}[${index}].value`, `${field}[${index}].value must be a string`);
    return { name: /** @type {string} */ (item.name), value: /** @type {string} */ (item.value) };
  });
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
