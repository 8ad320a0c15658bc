// Which application (and base URL) the request is for, from the routes response or the page config,
// and which of its routes the request being built is.
import type { HttpMethod, KiteApplication, RouteInfo, RouteOnWire, RoutesApplication, RoutesResponse, SecurityScheme } from '../../../../protocol/types';
import { resolveRoute } from '../../../../protocol/route-refs.js';
import { linkRouteSchemas } from '../../model/json-schema/refs';
import { pathMatches, routeFitting } from '../../model/request/route-match';

export { pathMatches } from '../../model/request/route-match';

export function currentApplication(
  routes: RoutesResponse | null,
  applicationId: string,
  configured: KiteApplication[] = [],
): KiteApplication | undefined {
  const all: KiteApplication[] = routes?.applications ?? configured;
  const id = applicationId || routes?.application || all[0]?.id;
  return all.find((application) => application.id === id) ?? all[0];
}

/** A base URL the preview and cURL can show: a path-only base is made absolute on this page's origin. */
export function absoluteBaseUrl(baseUrl: string | undefined, origin = globalThis.location?.origin ?? ''): string {
  if (!baseUrl) return origin;
  return baseUrl.startsWith('/') ? `${origin}${baseUrl}` : baseUrl;
}

function applicationOf(routes: RoutesResponse | null, applicationId: string) {
  if (!routes) return undefined;
  return routes.applications.find((item) => item.id === (applicationId || routes.application)) ?? routes.applications[0];
}

function applicationRoutes(routes: RoutesResponse | null, applicationId: string): RouteOnWire[] {
  return applicationOf(routes, applicationId)?.routes ?? [];
}

/**
 * The one place the app reads a route of the routes response: its shared parameters and responses
 * written in (protocol/route-refs.js) and its schemas carrying the shared schemas (`$defs`) they
 * refer to.
 */
function readRoute(route: RouteOnWire, application: RoutesApplication | undefined): RouteInfo {
  return linkRouteSchemas(resolveRoute(route, application), application?.$defs);
}

/** The route, as readRoute gives it. */
export function findRoute(routes: RoutesResponse | null, applicationId: string, routeId: string): RouteInfo | undefined {
  if (!routeId) return undefined;
  const application = applicationOf(routes, applicationId);
  const route = application?.routes.find((item) => item.id === routeId);
  return route && readRoute(route, application);
}

/**
 * The route the request being built is: the one it was loaded from while its method and path still
 * fit, else the application's route that has this method and path (an exact template first), else
 * none. Changing the method or the path thus moves the header and the schema along.
 */
export function activeRoute(
  routes: RoutesResponse | null,
  request: { application: string; routeId: string; method: HttpMethod; url: string },
): RouteInfo | undefined {
  const fits = (route: RouteInfo) => route.methods.includes(request.method) && pathMatches(route.uri, request.url);
  const loaded = findRoute(routes, request.application, request.routeId);
  if (loaded && fits(loaded)) return loaded;
  const found = routeFitting(applicationRoutes(routes, request.application), request.method, request.url);
  return found && readRoute(found, applicationOf(routes, request.application));
}

/** The security schemes the application's document declares (routes response), if any. */
export function schemesOf(routes: RoutesResponse | null, applicationId: string): Record<string, SecurityScheme> | undefined {
  const applications = routes?.applications ?? [];
  return (applications.find((application) => application.id === (applicationId || routes?.application)) ?? applications[0])?.securitySchemes;
}
