import type { BeforeRequestHook } from 'ky';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../../../protocol/endpoints.js';
import { readCookie } from '../../cookies';

/** Sends the host's XSRF cookie back in a header: hosts refuse relay calls without it. */
export const sendXsrfToken: BeforeRequestHook = (request) => {
  const token = readCookie(XSRF_COOKIE);
  if (token !== undefined && !request.headers.has(XSRF_HEADER)) request.headers.set(XSRF_HEADER, token);
};
