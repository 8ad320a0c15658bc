// Which application (and base URL) the request is for, from the routes response or the page config.
import type { KiteApplication, RouteInfo, RoutesResponse } from '../../../../../protocol/types';
import { linkRouteSchemas } from '../../../lib/json-schema/refs';

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

/** The route, its schemas carrying the shared schemas (`$defs`) they refer to. */
export function findRoute(routes: RoutesResponse | null, applicationId: string, routeId: string): RouteInfo | undefined {
  if (!routes || !routeId) return undefined;
  const application = routes.applications.find((item) => item.id === (applicationId || routes.application)) ?? routes.applications[0];
  const route = application?.routes.find((item) => item.id === routeId);
  return route && linkRouteSchemas(route, application.$defs);
}
