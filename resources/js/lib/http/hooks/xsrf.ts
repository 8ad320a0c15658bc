import type { BeforeRequestHook } from 'ky';
import { readCookie } from '../../cookies';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Sends the host's XSRF cookie back in a header: hosts refuse relay calls without it. */
export const sendXsrfToken: BeforeRequestHook = (request) => {
  const token = readCookie(XSRF_COOKIE);
  if (token !== undefined && !request.headers.has(XSRF_HEADER)) request.headers.set(XSRF_HEADER, token);
};
