// The cookie jar of one application: the cookies its responses set (RFC 6265: Domain, Path,
// Expires, Max-Age, Secure, HttpOnly), and the ones a later request to a URL gets back. Kite is the
// client here, so HttpOnly cookies are sent too. Plain data, so it persists as JSON.
import { formatCookieHeader } from '../../../../protocol/cookies.js';
import type { RelayCookie } from '../../../../protocol/types';

export interface JarCookie {
  name: string;
  /** As the server sent it (still encoded), so it goes back unchanged. */
  value: string;
  /** Lower-case host (host-only) or domain, without a leading dot. */
  domain: string;
  hostOnly: boolean;
  path: string;
  /** Milliseconds since the epoch; null for a session cookie (kept until cleared). */
  expires: number | null;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
  created: number;
}

export type CookieJar = JarCookie[];

function attribute(cookie: RelayCookie, name: string): string | true | undefined {
  const key = Object.keys(cookie.attributes).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : cookie.attributes[key];
}

/** Browsers treat loopback hosts as secure, so a Secure cookie from a local app still works. */
export function isSecureUrl(url: URL): boolean {
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
}

/** RFC 6265 5.1.3: the host is the domain or ends in `.domain` (never for IP addresses). */
export function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  const isIp = /^[\d.]+$/.test(host) || host.startsWith('[');
  return !isIp && host.endsWith(`.${domain}`);
}

/** RFC 6265 5.1.4: `/docs` matches `/docs`, `/docs/` and `/docs/web`, not `/docsets`. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** RFC 6265 5.1.4: the directory of the request path. */
export function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

/** When the cookie expires: Max-Age wins over Expires; undefined when neither is usable. */
function expiry(cookie: RelayCookie, now: number): number | undefined {
  const maxAge = attribute(cookie, 'max-age');
  if (typeof maxAge === 'string' && /^-?\d+$/.test(maxAge.trim())) {
    const seconds = Number(maxAge);
    return seconds <= 0 ? -Infinity : now + seconds * 1000;
  }
  const expires = attribute(cookie, 'expires');
  if (typeof expires === 'string') {
    const time = Date.parse(expires);
    if (!Number.isNaN(time)) return time;
  }
  return undefined;
}

/** The jar after a response from `requestUrl` set `cookies`; expired ones delete their namesake. */
export function storeCookies(jar: CookieJar, cookies: RelayCookie[], requestUrl: string, now = Date.now()): CookieJar {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return jar;
  }
  const host = url.hostname.toLowerCase();
  let next = jar;
  for (const cookie of cookies) {
    const domainAttribute = attribute(cookie, 'domain');
    const domain = typeof domainAttribute === 'string' && domainAttribute.trim() !== '' ? domainAttribute.trim().replace(/^\./, '').toLowerCase() : '';
    if (domain && !domainMatches(host, domain)) continue; // a cookie for another site
    const secure = attribute(cookie, 'secure') !== undefined;
    if (secure && !isSecureUrl(url)) continue; // an insecure page may not set a Secure cookie
    const pathAttribute = attribute(cookie, 'path');
    const path = typeof pathAttribute === 'string' && pathAttribute.startsWith('/') ? pathAttribute : defaultPath(url.pathname);
    const sameSite = attribute(cookie, 'samesite');
    const expires = expiry(cookie, now);
    const stored: JarCookie = {
      name: cookie.name,
      value: cookie.value,
      domain: domain || host,
      hostOnly: !domain,
      path,
      expires: expires ?? null,
      secure,
      httpOnly: attribute(cookie, 'httponly') !== undefined,
      ...(typeof sameSite === 'string' ? { sameSite } : {}),
      created: now,
    };
    const old = next.find((item) => sameCookie(item, stored));
    next = next.filter((item) => item !== old);
    if (expires === undefined || expires > now) next = [...next, { ...stored, created: old?.created ?? now }];
  }
  return next;
}

export function sameCookie(a: Pick<JarCookie, 'name' | 'domain' | 'path'>, b: Pick<JarCookie, 'name' | 'domain' | 'path'>): boolean {
  return a.name === b.name && a.domain === b.domain && a.path === b.path;
}

export function withoutExpired(jar: CookieJar, now = Date.now()): CookieJar {
  return jar.filter((cookie) => cookie.expires === null || cookie.expires > now);
}

/** The cookies a request to `url` carries: longer paths first, then the older ones (RFC 6265 5.4). */
export function cookiesFor(jar: CookieJar, url: string, now = Date.now()): JarCookie[] {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return [];
  }
  const host = target.hostname.toLowerCase();
  return withoutExpired(jar, now)
    .filter((cookie) => (cookie.hostOnly ? host === cookie.domain : domainMatches(host, cookie.domain)))
    .filter((cookie) => pathMatches(target.pathname || '/', cookie.path))
    .filter((cookie) => !cookie.secure || isSecureUrl(target))
    .sort((a, b) => b.path.length - a.path.length || a.created - b.created);
}

/**
 * One Cookie header from the jar's cookies and the ones the user typed (typed ones win by name),
 * or undefined when there is none.
 */
export function mergeCookieHeader(jarCookies: Array<{ name: string; value: string }>, typed: Array<{ name: string; value: string }>): string | undefined {
  const typedNames = new Set(typed.map((cookie) => cookie.name));
  const merged = [...jarCookies.filter((cookie) => !typedNames.has(cookie.name)), ...typed];
  return merged.length > 0 ? formatCookieHeader(merged) : undefined;
}
