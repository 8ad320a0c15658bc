// Which route a request is, by its method and path: the one rule the builder (activeRoute) and an
// import's route matching (model/import/routes.ts) share. Pure.
import type { HttpMethod, RouteInfo } from '../../../../protocol/types';
import { splitUrl } from './url';

export const pathSegments = (path: string) => splitUrl(path).path.split('/').filter(Boolean);

/** Whether a path (template or concrete) is the route's URI: `{param}` segments match any value. */
export function pathMatches(uri: string, path: string): boolean {
  const expected = pathSegments(uri);
  const actual = pathSegments(path);
  const required = expected.filter((segment) => !/^\{[^}]+\?\}$/.test(segment)).length;
  if (actual.length < required || actual.length > expected.length) return false;
  return actual.every((segment, index) => segment === expected[index] || /^\{[^}]+\}$/.test(expected[index]));
}

/** The route of these that has the method and path: one whose template is the path itself first. */
export function routeFitting<R extends Pick<RouteInfo, 'methods' | 'uri'>>(routes: readonly R[], method: HttpMethod, path: string): R | undefined {
  const candidates = routes.filter((route) => route.methods.includes(method) && pathMatches(route.uri, path));
  const exact = pathSegments(path).join('/');
  return candidates.find((route) => pathSegments(route.uri).join('/') === exact) ?? candidates[0];
}
