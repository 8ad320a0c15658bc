// @ts-check
// XSRF protection for the relay: the page sets an `XSRF-TOKEN` cookie (readable by the app), and a
// relay call must send the same value back in `X-XSRF-TOKEN`. Another site can make the browser
// send the cookie but cannot read it, so it cannot forge the header. Tokens are signed with a
// per-host secret so a cookie planted by a neighbouring origin is not accepted either.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '../protocol/endpoints.js';
import { decodeCookieValue, readCookies } from '../protocol/cookies.js';

/**
 * @param {Buffer} [secret]
 */
export function createXsrf(secret = randomBytes(32)) {
  /** @param {string} nonce */
  const sign = (nonce) => createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 27);

  /** A fresh signed token. */
  function issue() {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${sign(nonce)}`;
  }

  /**
   * Whether a token was signed by this host.
   * @param {string | undefined} token
   */
  function isGenuine(token) {
    if (typeof token !== 'string') return false;
    const [nonce, signature, ...rest] = token.split('.');
    if (!nonce || !signature || rest.length > 0) return false;
    return safeEqual(signature, sign(nonce));
  }

  /**
   * Whether the request's header matches one of its `XSRF-TOKEN` cookies and that cookie is
   * genuine. Another app on the same host name may have set a cookie of the same name, and the
   * browser then sends both, in an order the page cannot choose.
   * @param {import('node:http').IncomingMessage} req
   */
  function verify(req) {
    const headerValue = req.headers[XSRF_HEADER.toLowerCase()];
    const header = Array.isArray(headerValue) ? headerValue[0] : headerValue;
    if (!header) return false;
    // A header that is not URL-encoded is compared as sent.
    const sent = decodeCookieValue(header);
    return readCookies(req.headers.cookie, XSRF_COOKIE).some((cookie) => safeEqual(sent, cookie) && isGenuine(cookie));
  }

  /**
   * Whether the request carries a genuine token among its `XSRF-TOKEN` cookies.
   * @param {import('node:http').IncomingMessage} req
   */
  function holdsGenuine(req) {
    return readCookies(req.headers.cookie, XSRF_COOKIE).some(isGenuine);
  }

  /**
   * The `Set-Cookie` value for a token, scoped to the mount path.
   * @param {string} token
   * @param {string} cookiePath
   */
  function cookieHeader(token, cookiePath) {
    return `${XSRF_COOKIE}=${token}; Path=${cookiePath || '/'}; SameSite=Lax`;
  }

  return { issue, isGenuine, verify, holdsGenuine, cookieHeader };
}

/**
 * @param {string} a
 * @param {string} b
 */
function safeEqual(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
