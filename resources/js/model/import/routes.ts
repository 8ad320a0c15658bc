// Linking an imported request to a known route: when its method and path fit one of an
// application's routes (the page's routes list, or `kite import --openapi`), the request becomes
// that application's (its URL the route's path relative to the application's base URL), as a
// request opened from the route is, so the builder shows the route's schema and docs. Pure.
import type { RouteInfo } from '../../../../protocol/types';
import type { RequestState } from '../request/request-state';
import { pathSegments, routeFitting } from '../request/route-match';

/** An application whose routes imported requests are matched against. */
export interface KnownApplication {
  id: string;
  /** Its base URL (null or '' when unknown): an absolute request URL under it is its path. */
  baseUrl?: string | null;
  routes: ReadonlyArray<Pick<RouteInfo, 'id' | 'methods' | 'uri'>>;
}

/**
 * The request's path relative to the application: after a leading `{{variable}}` (the base URL an
 * import names), after the application's base URL, or an absolute URL's path; null when it is
 * another server's or has no path.
 */
function relativePath(url: string, baseUrl: string): string | null {
  const path = url.split(/[?#]/)[0];
  const variable = /^\{\{[^}]+\}\}(\/.*)?$/.exec(path);
  if (variable) return variable[1] ?? '/';
  const base = baseUrl.replace(/\/+$/, '');
  if (base && /^[a-z][a-z0-9+.-]*:\/\//i.test(base) && path.startsWith(base) && /^(\/|$)/.test(path.slice(base.length))) return path.slice(base.length) || '/';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return base ? null : path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  return path.startsWith('/') ? path : null;
}

/** The route the request fits, with the changed request; null when none fits. */
export function linkToRoute(state: RequestState, applications: readonly KnownApplication[]): { application: KnownApplication; route: Pick<RouteInfo, 'id' | 'uri'>; state: RequestState } | null {
  for (const application of applications) {
    const path = relativePath(state.url, application.baseUrl ?? '');
    if (path === null) continue;
    const route = routeFitting(application.routes, state.method, path);
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
      pathParams[name] = given === undefined ? '' : own ? (state.pathParams[own] ?? '') : decodeURIComponentSafe(given);
    });
    const uri = route.uri.startsWith('/') ? route.uri : `/${route.uri}`;
    return { application, route, state: { ...state, application: application.id, routeId: route.id, url: uri, pathParams } };
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
