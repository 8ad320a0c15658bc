// @ts-check
// Turns a validated relay request into the outgoing request's headers and body bytes, injecting
// the credentials its authorization type asks for.
import { buildMultipart } from '../multipart.mjs';
import { formatCookieHeader, parseCookieHeader } from '../../protocol/cookies.js';

/** @typedef {import('../../protocol/types').RelayRequest} RelayRequest */

/** Headers that describe one connection, not the request; Node sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'content-length', 'expect']);
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * @typedef {object} OutgoingContext
 * @property {string | null} impersonateHeader
 * @property {Array<{ name: string; value: string }>} browserCookies cookies the browser sent to Kite, Kite's own removed
 * @property {boolean} sameSite whether the target may receive the browser's cookies
 * @property {string} userAgent
 */

/**
 * @param {RelayRequest} request
 * @param {OutgoingContext} context
 * @returns {{ headers: Array<[string, string]>; body: Buffer | null }}
 */
export function buildOutgoing(request, context) {
  const body = encodeBody(request.body);
  const auth = request.authorization;
  const impersonate = context.impersonateHeader?.toLowerCase();

  /** @type {Array<[string, string]>} */
  let headers = request.headers
    .filter(({ name }) => !HOP_BY_HOP.has(name.toLowerCase()))
    .map(({ name, value }) => [name, value]);
  const has = (/** @type {string} */ name) => headers.some(([n]) => n.toLowerCase() === name);
  const drop = (/** @type {(name: string) => boolean} */ test) => {
    headers = headers.filter(([name]) => !test(name.toLowerCase()));
  };

  if (auth.type === 'none' || auth.type === 'api-key') {
    // `none` sends no credentials at all, also none typed into the header list; `api-key` only its key.
    drop((name) => CREDENTIAL_HEADERS.has(name) || name === impersonate);
    if (auth.type === 'api-key' && auth.in === 'header') {
      drop((name) => name === auth.name.toLowerCase());
      headers.push([auth.name, auth.value]);
    }
    if (auth.type === 'api-key' && auth.in === 'cookie') headers.push(['Cookie', formatCookieHeader([{ name: auth.name, value: auth.value }])]);
  } else if (auth.type === 'bearer') {
    drop((name) => name === 'authorization');
    headers.push(['Authorization', `Bearer ${auth.token}`]);
  } else if (auth.type === 'basic') {
    drop((name) => name === 'authorization');
    headers.push(['Authorization', `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`]);
  } else if (auth.type === 'digest') {
    // The answer to the target's challenge is added by ./digest.mjs once the challenge has come.
    drop((name) => name === 'authorization');
  } else if (auth.type === 'impersonate' && context.impersonateHeader) {
    drop((name) => name === impersonate);
    headers.push([context.impersonateHeader, auth.userId]);
  } else if (auth.type === 'current-user' && context.sameSite && context.browserCookies.length) {
    const typed = headers.filter(([name]) => name.toLowerCase() === 'cookie').flatMap(([, value]) => parseCookieHeader(value));
    drop((name) => name === 'cookie');
    const typedNames = new Set(typed.map((cookie) => cookie.name));
    // Cookies typed by the user win over the browser's of the same name.
    const merged = [...context.browserCookies.filter((cookie) => !typedNames.has(cookie.name)), ...typed];
    headers.push(['Cookie', formatCookieHeader(merged)]);
  }

  if (body) {
    if (body.contentType && (body.forceContentType || !has('content-type'))) {
      drop((name) => name === 'content-type');
      headers.push(['Content-Type', body.contentType]);
    }
    headers.push(['Content-Length', String(body.bytes.length)]);
  }
  if (!has('user-agent')) headers.push(['User-Agent', context.userAgent]);
  if (!has('accept')) headers.push(['Accept', '*/*']);
  return { headers, body: body?.bytes ?? null };
}

/**
 * The query the target gets: the typed one, with an `api-key` authorization's key in place of any
 * typed parameter of its name.
 * @param {RelayRequest} request
 * @returns {RelayRequest['query']}
 */
export function sentQuery(request) {
  const auth = request.authorization;
  if (auth.type !== 'api-key' || auth.in !== 'query') return request.query;
  return [...request.query.filter(({ name }) => name !== auth.name), { name: auth.name, value: auth.value }];
}

/**
 * @param {RelayRequest['body']} body
 * @returns {{ bytes: Buffer; contentType?: string; forceContentType?: boolean } | null}
 */
export function encodeBody(body) {
  switch (body.type) {
    case 'none':
      return null;
    case 'json':
      return { bytes: Buffer.from(body.text, 'utf8'), contentType: 'application/json' };
    case 'raw':
      return { bytes: Buffer.from(body.text, 'utf8'), contentType: body.contentType || 'text/plain; charset=utf-8' };
    case 'form': {
      const encoded = body.fields.map(({ name, value }) => `${formEncode(name)}=${formEncode(value)}`).join('&');
      return { bytes: Buffer.from(encoded, 'utf8'), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const built = buildMultipart(
        body.fields.map((field) =>
          field.kind === 'file'
            ? { name: field.name, kind: 'file', filename: field.filename, contentType: field.contentType, data: Buffer.from(field.base64, 'base64') }
            : field,
        ),
      );
      // The boundary lives in the Content-Type, so a typed Content-Type cannot replace it.
      return { bytes: built.body, contentType: built.contentType, forceContentType: true };
    }
    default:
      return null;
  }
}

/** application/x-www-form-urlencoded encoding of one name or value (spaces as `+`). */
function formEncode(/** @type {string} */ text) {
  return encodeURIComponent(text).replace(/%20/g, '+');
}
