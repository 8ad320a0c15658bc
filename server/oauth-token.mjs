// @ts-check
// POST {apiUrl}/oauth/token: the host sends an OAuth 2.0 token request for the app (a browser cannot
// reach most token endpoints: CORS) and answers the endpoint's status and body as they came. The app
// builds the form and reads the answer (resources/js/model/auth); the token URL must be under the
// relay's allow-list, as a relay target must.
import { OAUTH_TOKEN_MAX_BODY_BYTES, OAUTH_TOKEN_TIMEOUT_MAX_MS, OAUTH_TOKEN_TIMEOUT_MS } from '../protocol/endpoints.js';

/** @typedef {import('../protocol/types').OAuthTokenRequest} OAuthTokenRequest */
/** @typedef {import('../protocol/types').OAuthTokenResponse} OAuthTokenResponse */

export class TokenRequestError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {string} [field]
   */
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

const CONTROL = /[\u0000-\u001f\u007f]/;
const invalid = (/** @type {string} */ field, /** @type {string} */ message) => new TokenRequestError(422, 'INVALID_TOKEN_REQUEST', message, field);

/**
 * The token request, checked field by field (a bad one is a 422 naming it).
 * @param {unknown} input
 * @returns {{ tokenUrl: URL; form: Array<{ name: string; value: string }>; basicAuth?: { username: string; password: string }; timeoutMs: number }}
 */
export function validateTokenRequest(input) {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid('', 'The token request must be a JSON object');
  const request = /** @type {Record<string, any>} */ (input);
  if (typeof request.tokenUrl !== 'string' || request.tokenUrl === '') throw invalid('tokenUrl', 'tokenUrl must be the token endpoint\'s full URL');
  let tokenUrl;
  try {
    tokenUrl = new URL(request.tokenUrl);
  } catch {
    throw invalid('tokenUrl', `tokenUrl '${request.tokenUrl}' is not a full URL (http:// or https://)`);
  }
  if (tokenUrl.protocol !== 'http:' && tokenUrl.protocol !== 'https:') throw invalid('tokenUrl', `tokenUrl must be http or https, not ${tokenUrl.protocol}`);
  if (!Array.isArray(request.form) || request.form.length === 0) throw invalid('form', 'form must be a non-empty list of { name, value } fields');
  request.form.forEach((/** @type {any} */ field, /** @type {number} */ index) => {
    if (!field || typeof field.name !== 'string' || field.name === '' || typeof field.value !== 'string') throw invalid(`form[${index}]`, `form[${index}] must be { name, value } with string values`);
  });
  const basic = request.basicAuth;
  if (basic !== undefined) {
    if (!basic || typeof basic.username !== 'string' || typeof basic.password !== 'string' || basic.username.includes(':') || CONTROL.test(basic.username + basic.password)) {
      throw invalid('basicAuth', 'basicAuth must be { username, password }: strings without control characters, no colon in the username');
    }
  }
  const timeoutMs = request.timeoutMs ?? OAUTH_TOKEN_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > OAUTH_TOKEN_TIMEOUT_MAX_MS) throw invalid('timeoutMs', `timeoutMs must be a whole number of milliseconds from 1 to ${OAUTH_TOKEN_TIMEOUT_MAX_MS}`);
  return { tokenUrl, form: request.form.map(({ name, value }) => ({ name, value })), ...(basic ? { basicAuth: { username: basic.username, password: basic.password } } : {}), timeoutMs };
}

/**
 * Posts the form and reads at most OAUTH_TOKEN_MAX_BODY_BYTES of the answer; an endpoint that is
 * down is a 502, one slower than the timeout a 504, both naming the endpoint.
 * @param {ReturnType<typeof validateTokenRequest>} request
 * @param {string} userAgent
 * @returns {Promise<OAuthTokenResponse>}
 */
export async function sendTokenRequest(request, userAgent) {
  /** @type {Record<string, string>} */
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'User-Agent': userAgent };
  if (request.basicAuth) {
    // RFC 6749 2.3.1: client id and secret are form-encoded before they are joined.
    const encode = (/** @type {string} */ text) => encodeURIComponent(text).replace(/%20/g, '+');
    headers.Authorization = `Basic ${Buffer.from(`${encode(request.basicAuth.username)}:${encode(request.basicAuth.password)}`, 'utf8').toString('base64')}`;
  }
  const body = new URLSearchParams(request.form.map(({ name, value }) => [name, value])).toString();
  const endpoint = request.tokenUrl.href;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(endpoint, { method: 'POST', headers, body, redirect: 'manual', signal: timeout });
    const bytes = [];
    let size = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > OAUTH_TOKEN_MAX_BODY_BYTES) break;
        bytes.push(chunk);
      }
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: Buffer.concat(bytes).toString('utf8') };
  } catch (error) {
    if (timeout.aborted) throw new TokenRequestError(504, 'TARGET_TIMEOUT', `The token endpoint ${endpoint} did not answer within ${request.timeoutMs} ms`);
    const cause = /** @type {any} */ (error)?.cause;
    throw new TokenRequestError(502, 'TARGET_UNREACHABLE', `The token endpoint ${endpoint} could not be reached: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`);
  }
}
