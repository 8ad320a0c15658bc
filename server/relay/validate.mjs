// @ts-check
// Checks a relay request field by field; the first problem names its field (`body.fields[1].base64`)
// so the app can point at it. Optional lists default to empty.

import { RELAY_TIMEOUT_MAX_MS, RELAY_TIMEOUT_MIN_MS, isRelayTimeoutMs } from '../../protocol/endpoints.js';

/** @typedef {import('../../protocol/types').RelayRequest} RelayRequest */

export const RELAY_METHODS = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BODY_TYPES = ['none', 'json', 'form', 'multipart', 'raw'];
const AUTH_TYPES = ['none', 'current-user', 'bearer', 'basic', 'impersonate'];
/** RFC 9110 token characters: what a header name may contain. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Whether `name` may be an HTTP header name.
 * @param {string} name
 */
export const isHeaderName = (name) => TOKEN.test(name);
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

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
  if (/[\r\n\0]/.test(/** @type {string} */ (input.url))) fail('url', 'url must not contain line breaks');

  const headers = pairs(input.headers, 'headers', fail);
  headers.forEach((header, index) => {
    if (!isHeaderName(header.name)) fail(`headers[${index}].name`, `'${header.name}' is not a valid header name`);
    if (/[\r\n\0]/.test(header.value)) fail(`headers[${index}].value`, 'A header value must not contain line breaks');
  });
  const query = pairs(input.query, 'query', fail);

  const body = input.body;
  if (!isObject(body)) fail('body', `body must be an object with a type (${BODY_TYPES.join(', ')})`);
  const bodyObject = /** @type {Record<string, any>} */ (body);
  if (!BODY_TYPES.includes(bodyObject.type)) fail('body.type', `body.type must be one of ${BODY_TYPES.join(', ')}`);
  if ((bodyObject.type === 'json' || bodyObject.type === 'raw') && typeof bodyObject.text !== 'string') fail('body.text', `body.text must be a string for a ${bodyObject.type} body`);
  if (bodyObject.type === 'raw' && bodyObject.contentType !== undefined && (typeof bodyObject.contentType !== 'string' || /[\r\n]/.test(bodyObject.contentType))) {
    fail('body.contentType', 'body.contentType must be a single-line string');
  }
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
        if (typeof field.contentType !== 'string') fail(`${at}.contentType`, `${at}.contentType must be a string`);
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
  if (auth.type === 'bearer' && (typeof auth.token !== 'string' || /[\r\n]/.test(auth.token))) fail('authorization.token', 'authorization.token must be a single-line string');
  if (auth.type === 'basic') {
    if (typeof auth.username !== 'string' || auth.username.includes(':') || /[\r\n]/.test(auth.username)) fail('authorization.username', 'authorization.username must be a string without a colon');
    if (typeof auth.password !== 'string') fail('authorization.password', 'authorization.password must be a string');
  }
  if (auth.type === 'impersonate') {
    const id = typeof auth.userId === 'number' && Number.isFinite(auth.userId) ? String(auth.userId) : auth.userId;
    if (typeof id !== 'string' || id.trim() === '' || /[\r\n]/.test(id)) fail('authorization.userId', 'authorization.userId must be the id of the user to act as');
    auth.userId = id.trim();
  }

  if (input.timeoutMs !== undefined && !isRelayTimeoutMs(input.timeoutMs)) {
    fail('timeoutMs', `timeoutMs must be a whole number of milliseconds from ${RELAY_TIMEOUT_MIN_MS} to ${RELAY_TIMEOUT_MAX_MS}`);
  }

  return /** @type {RelayRequest} */ ({ ...input, headers, query, body: bodyObject, authorization: auth });
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
