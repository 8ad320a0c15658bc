// @ts-check
// Parameters and responses many routes share travel once. Shared runtime: the Node host emits them
// (server/openapi/to-routes.mjs), the app and `kite run` read routes through `resolveRoute`.
//
// An application may carry `parameters` and `responses` maps (id → RouteParameter /
// RouteResponseDoc); a route's entry may then be `{ "$ref": "#/parameters/ID" }` or
// `{ "$ref": "#/responses/ID" }` in place of the entry itself. A response using them says
// `format: 2` (ROUTES_FORMAT); a reader that meets a format above the one it knows refuses the
// response, naming both, instead of showing routes it misreads.
//
// Format 2 also leaves out what a reader derives (`routeAsSent` / `completeRoutes`): a route's
// `id` when it is `METHOD uri` (its first method), an empty `schema` and empty `extractionErrors`.
// Every reader fills them in where the response comes in, so the rest of it sees whole routes.

/** @typedef {import('./types').RouteInfo} RouteInfo */
/** @typedef {import('./types').RouteParameter} RouteParameter */
/** @typedef {import('./types').RouteResponseDoc} RouteResponseDoc */
/** @typedef {import('./types').RoutesApplication} RoutesApplication */
/** @typedef {import('./types').RouteOnWire} RouteOnWire */
/** @typedef {import('./types').RouteAsSent} RouteAsSent */

/** The routes format this code reads and writes: 2 = shared parameters and responses (absent = 1, inline). */
export const ROUTES_FORMAT = 2;
export const SHARED_PARAMETER_PREFIX = '#/parameters/';
export const SHARED_RESPONSE_PREFIX = '#/responses/';

/**
 * Why this reader cannot read the response, or null when it can.
 * @param {{ format?: unknown }} response
 * @returns {string | null}
 */
export function routesFormatProblem(response) {
  const format = response.format ?? 1;
  if (typeof format === 'number' && Number.isInteger(format) && format >= 1 && format <= ROUTES_FORMAT) return null;
  return `The host sends its routes in format ${JSON.stringify(format)}, which this page cannot read (it reads formats 1 to ${ROUTES_FORMAT}). Reload the page; if the host serves published assets, publish them again.`;
}

/**
 * Whether a route's parameter or response entry is a reference to a shared one.
 * @param {unknown} entry
 * @returns {entry is import('./types').SharedRef}
 */
export const isSharedRef = (entry) => typeof entry === 'object' && entry !== null && typeof (/** @type {any} */ (entry).$ref) === 'string';

/**
 * @template T
 * @param {ReadonlyArray<T | import('./types').SharedRef>} entries
 * @param {Record<string, T> | undefined} shared
 * @param {string} prefix
 * @param {string} what
 * @param {import('./types').ExtractionError[]} errors where a reference to nothing is reported
 * @returns {T[]}
 */
function resolveEntries(entries, shared, prefix, what, errors) {
  /** @type {T[]} */
  const result = [];
  for (const entry of entries) {
    if (!isSharedRef(entry)) {
      result.push(/** @type {T} */ (entry));
      continue;
    }
    const ref = /** @type {import('./types').SharedRef} */ (entry).$ref;
    const id = ref.startsWith(prefix) ? decodeURIComponent(ref.slice(prefix.length)) : undefined;
    const found = id === undefined || !shared || !Object.hasOwn(shared, id) ? undefined : shared[id];
    if (found) result.push(found);
    else errors.push({ message: `The host refers to the shared ${what} '${ref}', which it did not send; the route is shown without it.` });
  }
  return result;
}

/** @type {WeakMap<object, RouteInfo>} */
const resolved = new WeakMap();

/**
 * The route with its shared parameters and responses written in (the same object when it refers
 * to none; the same result for the same route, so screens comparing by identity see no change).
 * A reference to nothing is left out and named in the route's `extractionErrors`.
 * @param {import('./types').RouteOnWire} route
 * @param {Pick<RoutesApplication, 'parameters' | 'responses'> | undefined} application
 * @returns {RouteInfo}
 */
export function resolveRoute(route, application) {
  const refers = route.parameters.some(isSharedRef) || (route.responses ?? []).some(isSharedRef);
  if (!refers) return /** @type {RouteInfo} */ (route);
  const known = resolved.get(route);
  if (known) return known;
  /** @type {import('./types').ExtractionError[]} */
  const errors = [];
  const parameters = resolveEntries(route.parameters, application?.parameters, SHARED_PARAMETER_PREFIX, 'parameter', errors);
  const responses = route.responses === undefined ? undefined : resolveEntries(route.responses, application?.responses, SHARED_RESPONSE_PREFIX, 'response', errors);
  /** @type {RouteInfo} */
  const result = { ...route, parameters, responses, extractionErrors: errors.length ? [...route.extractionErrors, ...errors] : route.extractionErrors };
  resolved.set(route, result);
  return result;
}

/** The id a route has when its response leaves it out: its first method and its uri. */
const derivedId = (/** @type {{ methods: string[]; uri: string }} */ route) => `${route.methods[0]} ${route.uri}`;

/**
 * The route as a format 2 response sends it: `id`, `schema` and `extractionErrors` left out where
 * they are what `completeRoutes` derives (Graph's 11,422 routes carry 1 MB of `METHOD uri` ids).
 * @param {RouteOnWire} route
 * @returns {RouteAsSent}
 */
export function routeAsSent(route) {
  const { id, schema, extractionErrors, ...rest } = route;
  return {
    ...(id === derivedId(route) ? {} : { id }),
    ...rest,
    ...(Object.keys(schema).length ? { schema } : {}),
    ...(extractionErrors.length ? { extractionErrors } : {}),
  };
}

/**
 * Fills in, in place, what the routes response left out (`routeAsSent`), so every route has its
 * `id`, `schema` and `extractionErrors`. A route sent whole is left as it is (the Laravel host and
 * format 1 send every field).
 * @param {import('./types').RoutesResponseAsSent} response as parsed from the host's JSON
 * @returns {import('./types').RoutesResponse} the same object
 */
export function completeRoutes(response) {
  for (const application of response.applications) {
    for (const route of application.routes) {
      route.id ??= derivedId(route);
      route.schema ??= {};
      route.extractionErrors ??= [];
    }
  }
  return /** @type {any} */ (response);
}

/**
 * The route index of a routes response as a host's page carries it when the whole response is over
 * PAGE_ROUTES_MAX_BYTES: per route only what the route list shows and searches (GitHub's 845
 * routes: 1.3 MB whole, about 0.13 MB as an index), so the list draws before any routes call.
 * Derived fields stay left out as in `routeAsSent`; `completeRouteIndex` fills them in.
 * @param {import('./types').RoutesResponseAsSent} response as the host sends it
 * @returns {import('./types').RouteIndexAsSent}
 */
export function routeIndexAsSent(response) {
  return {
    index: true,
    format: ROUTES_FORMAT,
    application: response.application,
    applications: response.applications.map((application) => ({
      id: application.id,
      name: application.name,
      routes: application.routes.map(({ id, methods, uri, name, summary, tags, group, extractionErrors }) => ({ id, methods, uri, name, summary, tags, group, extractionErrors })),
    })),
    revision: response.revision,
  };
}

/**
 * Fills in, in place, what a route index left out: each route's `id` and `extractionErrors`.
 * @param {import('./types').RouteIndexAsSent} index as parsed from the page
 * @returns {import('./types').RouteIndex} the same object
 */
export function completeRouteIndex(index) {
  for (const application of index.applications) {
    for (const route of application.routes) {
      route.id ??= derivedId(route);
      route.extractionErrors ??= [];
    }
  }
  return /** @type {any} */ (index);
}
