// @ts-check
// Where a relay request goes and whether it may: the URL built from the application's base URL,
// the allow-list of origins, and the same-site test that decides whether browser cookies follow.
import { isIP } from 'node:net';
import { RelayRequestError } from './validate.mjs';

/**
 * The full target URL: `url` relative to `baseUrl` (a leading slash is relative too, since routes
 * are listed relative to the application), or a full URL; then the query pairs appended.
 * @param {string} baseUrl
 * @param {string} url
 * @param {Array<{ name: string; value: string }>} query
 * @returns {URL}
 */
export function buildTargetUrl(baseUrl, url, query) {
  let target;
  try {
    target = /^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url) : new URL(`${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`);
  } catch {
    throw new RelayRequestError('url', `'${url}' does not make a valid URL with the base ${baseUrl}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new RelayRequestError('url', `Only http and https URLs can be relayed, not ${target.protocol}`);
  if (query.length) {
    const extra = query.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
    target.search = target.search ? `${target.search}&${extra}` : `?${extra}`;
  }
  target.hash = '';
  return target;
}

/**
 * @param {string} url
 * @returns {string} the URL's origin, e.g. `http://127.0.0.1:8080`
 */
export function originOf(url) {
  return new URL(url).origin;
}

/** Percent-escapes of RFC 3986 unreserved characters, which mean the character itself. */
const ESCAPED_UNRESERVED = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * A URL path as the target may understand it, for the allow-list check: escapes of unreserved
 * characters decoded (`%2e%2e` is `..`), dot segments resolved; with `splitEncoded`, encoded
 * slashes and backslashes (`%2F`, `%5C`) also count as separators, as some servers decode them
 * before routing.
 * @param {string} pathname
 * @param {boolean} splitEncoded
 * @returns {string[]} the segments
 */
export function canonicalSegments(pathname, splitEncoded) {
  const decoded = pathname.replace(ESCAPED_UNRESERVED, (escape, hex) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
  const raw = (splitEncoded ? decoded.replace(/%2F|%5C/g, '/') : decoded).split(/[/\\]/);
  /** @type {string[]} */
  const segments = [];
  for (const segment of raw) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments;
}

/**
 * Whether `target` lies under `base`: the same origin, and its path, however it is read (see
 * {@link canonicalSegments}), at or below the base's path on a segment boundary, so that
 * `/public/../secret`, `/public/%2e%2e/secret` and `/publicity` are not under `/public`.
 * @param {URL} target
 * @param {string} base a base URL (an application's, or one given with `--allow`)
 */
export function isUnderBase(target, base) {
  const baseUrl = new URL(base);
  if (baseUrl.origin !== target.origin) return false;
  return [false, true].every((splitEncoded) => {
    const prefix = canonicalSegments(baseUrl.pathname, splitEncoded);
    const path = canonicalSegments(target.pathname, splitEncoded);
    return prefix.every((segment, index) => path[index] === segment);
  });
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * Whether cookies the browser sent to the host may follow a request to `target`: the same host
 * name, both loopback, or the same registrable domain (approximated by the last two labels, which
 * is right for `app.test`/`api.app.test` and for most public domains).
 * @param {string} hostHeader the Host header of the browser's request to Kite
 * @param {URL} target
 */
export function isSameSite(hostHeader, target) {
  const browserHost = hostnameOf(hostHeader);
  const targetHost = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!browserHost) return false;
  if (browserHost === targetHost) return true;
  if (LOOPBACK.test(browserHost) && LOOPBACK.test(targetHost)) return true;
  if (isIP(browserHost) || isIP(targetHost)) return false;
  const site = (/** @type {string} */ host) => host.split('.').slice(-2).join('.');
  return browserHost.includes('.') && site(browserHost) === site(targetHost);
}

/** @param {string} hostHeader */
function hostnameOf(hostHeader) {
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}
