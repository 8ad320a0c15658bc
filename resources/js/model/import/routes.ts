// Linking an imported request to a known route: when its method and path fit one of an
// application's routes (the page's routes list, or `kite import --openapi`) under its base URL
// (a leading `{{baseUrl}}` read from the imported environments), the request becomes
// that application's (its URL the route's path relative to the application's base URL), as a
// request opened from the route is, so the builder shows the route's schema and docs. Pure.
import type { HttpMethod, RouteInfo } from '../../../../protocol/types';
import { pathSegments, routeFitting } from '../request/route-match';

/** An application whose routes imported requests are matched against. */
export interface KnownApplication {
  id: string;
  /** Its base URL (null or '' when unknown): an absolute request URL under it is its path. */
  baseUrl?: string | null;
  routes: ReadonlyArray<Pick<RouteInfo, 'id' | 'methods' | 'uri'>>;
}

/** The part of a request route matching reads and changes (a builder state or a saved file). */
export interface RoutableRequest {
  method: HttpMethod;
  url: string;
  pathParams: Record<string, string>;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The request's path relative to the application's base URL, or null when it is not under it: a
 * leading `{{variable}}` stands for its value (an import's base URL; unknown, nothing is
 * assumed), an absolute URL must start with the base (a path-only base: its path with it).
 */
function relativePath(url: string, baseUrl: string, valueOf: (name: string) => string | undefined): string | null {
  let path = url.split(/[?#]/)[0];
  const variable = /^\{\{\s*([^}]+?)\s*\}\}(.*)$/.exec(path);
  if (variable) {
    const value = valueOf(variable[1]);
    if (!value || value.includes('{{')) return null;
    path = `${value.replace(/\/+$/, '')}${variable[2]}`;
  }
  const base = baseUrl.replace(/\/+$/, '');
  if (!ABSOLUTE.test(path)) return path.startsWith('/') && !variable ? path : null;
  const under = (prefix: string, full: string) => (full === prefix || full.startsWith(`${prefix}/`) ? full.slice(prefix.length) || '/' : null);
  if (ABSOLUTE.test(base)) return under(base, path);
  return under(base, path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/');
}

/**
 * The route the request fits, with the request's new URL (the route's path) and path values; null
 * when none fits. `valueOf` gives a variable's plain value (the imported environments').
 */
export function linkToRoute(request: RoutableRequest, applications: readonly KnownApplication[], valueOf: (name: string) => string | undefined): { application: KnownApplication; route: Pick<RouteInfo, 'id' | 'uri'>; url: string; pathParams: Record<string, string> } | null {
  for (const application of applications) {
    const path = relativePath(request.url, application.baseUrl ?? '', valueOf);
    if (path === null) continue;
    const route = routeFitting(application.routes, request.method, path);
    if (!route) continue;
    // Each `{param}` of the route takes the request's value at its place: a literal segment, or
    // the value the request gave its own `{name}` there.
    const actual = pathSegments(path);
    const pathParams: Record<string, string> = {};
    pathSegments(route.uri).forEach((segment, index) => {
      const name = /^\{([^}?]+)\??\}$/.exec(segment)?.[1];
      if (!name) return;
      const given = actual[index];
      const own = given && /^\{([^}]+)\}$/.exec(given)?.[1];
      pathParams[name] = given === undefined ? '' : own ? (request.pathParams[own] ?? '') : decodeURIComponentSafe(given);
    });
    return { application, route, url: route.uri.startsWith('/') ? route.uri : `/${route.uri}`, pathParams };
  }
  return null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
