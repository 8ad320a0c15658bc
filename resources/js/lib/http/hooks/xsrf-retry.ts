import { XSRF_COOKIE, XSRF_HEADER } from '../../../../../protocol/endpoints.js';
import { readCookie } from '../../cookies';
import type { ResponseStep } from '../host-fetch';

/** The status hosts answer when the XSRF token does not match (after a host restart, an expired session). */
export const XSRF_MISMATCH_STATUS = 419;

/**
 * Retries a call refused with 419 once, with a fresh XSRF token. The host refuses before doing
 * anything (a relay never reached its target), so sending again is safe. The Node host sends a
 * fresh token with its 419; otherwise `refreshToken` loads a page that issues one (every host
 * sets the cookie with its page). No retry when no new token came. The retry goes out on the
 * client's own fetch (timeout included) with the call's options; no step runs for it twice.
 */
export function retryWithFreshXsrfToken(refreshToken: () => Promise<unknown>): ResponseStep {
  return async (response, call) => {
    if (response.status !== XSRF_MISMATCH_STATUS) return;
    const sent = call.spare.headers.get(XSRF_HEADER) ?? undefined;
    if (readCookie(XSRF_COOKIE) === sent) await refreshToken().catch(() => undefined);
    const fresh = readCookie(XSRF_COOKIE);
    if (fresh === undefined || fresh === sent) return;
    call.spare.headers.set(XSRF_HEADER, fresh);
    return call.send(call.spare, call.init);
  };
}

/** Loads the page at `pageUrl` (the host sets a fresh XSRF cookie with it); the body is not read. */
export function loadPageForXsrfToken(pageUrl: string): () => Promise<unknown> {
  return () => fetch(pageUrl, { credentials: 'include', headers: { Accept: 'text/html' } }).then((page) => page.body?.cancel());
}
