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

/**
 * Id of the `<script type="application/json">` element in which a host puts its RoutesResponse into
 * the page of the main screen, so that the screen shows the routes without a first routes call.
 */
export const PAGE_ROUTES_ELEMENT_ID = 'kite-routes';

/**
 * Largest RoutesResponse (bytes of JSON) a host puts into the page. A larger catalogue is fetched
 * from `routes` instead: the page should not grow by megabytes for an app with thousands of routes.
 */
export const PAGE_ROUTES_MAX_BYTES = 256 * 1024;

/** Default timeout of one relayed request (ms), when the relay request names none. */
export const DEFAULT_RELAY_TIMEOUT_MS = 30_000;

/**
 * Bounds of a relay request's `timeoutMs`: an integer number of milliseconds from MIN to MAX, both
 * included. Anything else (0.5, 0, -1, 1e19, 600001, "100") is a 422 naming the field `timeoutMs`.
 * relay-request.schema.json states the same bounds.
 */
export const RELAY_TIMEOUT_MIN_MS = 1;
export const RELAY_TIMEOUT_MAX_MS = 600_000;

/**
 * Whether `value` is an acceptable relay `timeoutMs`.
 * @param {unknown} value
 * @returns {value is number}
 */
export function isRelayTimeoutMs(value) {
  return typeof value === 'number' && Number.isInteger(value) && value >= RELAY_TIMEOUT_MIN_MS && value <= RELAY_TIMEOUT_MAX_MS;
}

/**
 * Normalises a mount path: one leading slash, no trailing slash, `''` for the root.
 * @param {string} path
 * @returns {string}
 */
export function normalizeMountPath(path) {
  const trimmed = String(path ?? '').trim().replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (trimmed === '') return '';
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

/**
 * Whether `pathname` is the main screen (the page at the mount path itself), where the app opens
 * and where a host puts the routes into the page.
 * @param {string} pathname
 * @param {string} basePath a normalised mount path ({@link normalizeMountPath})
 * @returns {boolean}
 */
export function isMainScreenPath(pathname, basePath) {
  return pathname === basePath || pathname === `${basePath}/`;
}
