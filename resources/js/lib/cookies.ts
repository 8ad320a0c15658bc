// Reading and writing document cookies, the one place that knows their encoding.
import { readCookie as readCookieFromHeader } from '../../../protocol/cookies.js';

/**
 * The decoded value of cookie `name`, or undefined when it is not set. Parsed as the hosts parse
 * the `Cookie` header (protocol/cookies.js), so the XSRF token the app sends back is the one they read.
 */
export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string | undefined {
  return readCookieFromHeader(cookieString, name);
}

/** Writes cookie `name` for `maxAgeSeconds` on path `/` (SameSite=Lax). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}
