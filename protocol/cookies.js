// @ts-check
// Cookie parsing shared by the hosts (relay metadata, XSRF check) and the browser app.

/** @typedef {import('./types').RelayCookie} RelayCookie */

/**
 * Parses one `Set-Cookie` header line into name, value and attributes. Attribute names keep the
 * case the server sent; flag attributes (`HttpOnly`, `Secure`) have the value `true`.
 * Returns null for a line without a `name=` pair.
 * @param {string} line
 * @returns {RelayCookie | null}
 */
export function parseSetCookie(line) {
  const raw = String(line);
  const [pair, ...attributeParts] = raw.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  if (name === '') return null;
  const value = stripQuotes(pair.slice(eq + 1).trim());
  /** @type {Record<string, string | true>} */
  const attributes = {};
  for (const part of attributeParts) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const at = trimmed.indexOf('=');
    if (at === -1) attributes[trimmed] = true;
    else attributes[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
  }
  return { name, value, attributes, raw };
}

/**
 * Parses a request `Cookie` header (`a=1; b=2`) into pairs, in order; repeated names are kept.
 * @param {string | undefined | null} header
 * @returns {Array<{ name: string; value: string }>}
 */
export function parseCookieHeader(header) {
  if (!header) return [];
  /** @type {Array<{ name: string; value: string }>} */
  const cookies = [];
  for (const part of String(header).split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name === '') continue;
    cookies.push({ name, value: stripQuotes(part.slice(eq + 1).trim()) });
  }
  return cookies;
}

/**
 * The value of one cookie in a request `Cookie` header, URL-decoded when it is valid encoding.
 * @param {string | undefined | null} header
 * @param {string} name
 * @returns {string | undefined}
 */
export function readCookie(header, name) {
  return readCookies(header, name)[0];
}

/**
 * Every value of one cookie in a request `Cookie` header, in order, URL-decoded like
 * {@link readCookie}. A browser sends several cookies of one name when they differ in path or
 * domain (another app on the same host may set its own `XSRF-TOKEN`).
 * @param {string | undefined | null} header
 * @param {string} name
 * @returns {string[]}
 */
export function readCookies(header, name) {
  return parseCookieHeader(header)
    .filter((cookie) => cookie.name === name)
    .map((cookie) => decodeCookieValue(cookie.value));
}

/**
 * A cookie (or XSRF header) value URL-decoded, or as it is when it is not valid URL encoding.
 * @param {string} value
 * @returns {string}
 */
export function decodeCookieValue(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Builds a request `Cookie` header from pairs.
 * @param {Array<{ name: string; value: string }>} cookies
 * @returns {string}
 */
export function formatCookieHeader(cookies) {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** @param {string} value */
function stripQuotes(value) {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}
