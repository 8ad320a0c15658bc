import type { AfterResponseHook } from 'ky';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../../../protocol/endpoints.js';
import { readCookie } from '../../cookies';
import { CALLER_SHOWS_FAILURE, callerShowsFailure } from './error-toast';

/** The status hosts answer when the XSRF token does not match (after a host restart, an expired session). */
export const XSRF_MISMATCH_STATUS = 419;

/**
 * Retries a call refused with 419 once, with a fresh XSRF token. The host refuses before doing
 * anything (a relay never reached its target), so sending again is safe. The Node host sends a
 * fresh token with its 419; otherwise `refreshToken` loads a page that issues one (every host
 * sets the cookie with its page). No retry when no new token came. `send` is the client's own
 * fetch (timeout included).
 */
export function retryWithFreshXsrfToken(
  refreshToken: () => Promise<unknown>,
  send: (request: Request, init: RequestInit) => Promise<Response>,
): AfterResponseHook {
  return async (request, options, response) => {
    if (response.status !== XSRF_MISMATCH_STATUS) return;
    const sent = request.headers.get(XSRF_HEADER) ?? undefined;
    if (readCookie(XSRF_COOKIE) === sent) await refreshToken().catch(() => undefined);
    const fresh = readCookie(XSRF_COOKIE);
    if (fresh === undefined || fresh === sent) return;
    // `request` is ky's unsent copy of the call, body included; the hooks do not run for it again.
    request.headers.set(XSRF_HEADER, fresh);
    return send(request, { [CALLER_SHOWS_FAILURE]: callerShowsFailure(options) } as RequestInit);
  };
}

/** Loads the page at `pageUrl` (the host sets a fresh XSRF cookie with it); the body is not read. */
export function loadPageForXsrfToken(pageUrl: string): () => Promise<unknown> {
  return () => fetch(pageUrl, { credentials: 'include', headers: { Accept: 'text/html' } }).then((page) => page.body?.cancel());
}
