// @ts-check
// Paths, header and cookie names of the host protocol, shared by the browser app and every host
// written in JavaScript. Hosts in other languages copy these constants (see protocol/types.ts).

/** Endpoint names under the page config's `apiUrl`. */
export const API_ENDPOINTS = Object.freeze({
  routes: 'routes',
  relay: 'relay',
  status: 'status',
});

/** Cookie the host sets with the page; its value comes back in {@link XSRF_HEADER} on relay calls. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Marker header every call from the app carries. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';

/** Default timeout of one relayed request (ms), when the relay request names none. */
export const DEFAULT_RELAY_TIMEOUT_MS = 30_000;

/**
 * Normalises a mount path: one leading slash, no trailing slash, `''` for the root.
 * @param {string} path
 * @returns {string}
 */
export function normalizeMountPath(path) {
  const trimmed = String(path ?? '').trim().replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (trimmed === '' || trimmed === '/') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * The URL of one endpoint under an `apiUrl` (`/http-client/api` + `routes`).
 * @param {string} apiUrl
 * @param {keyof typeof API_ENDPOINTS} endpoint
 * @returns {string}
 */
export function endpointUrl(apiUrl, endpoint) {
  return `${apiUrl.replace(/\/+$/, '')}/${API_ENDPOINTS[endpoint]}`;
}
