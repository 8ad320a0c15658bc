// What the route list shows: the routes, or their route index while it lists the same revision.
import type { RouteIndex, RoutesResponse } from '../../../../protocol/types';

/**
 * The route index (the page's, or GET routes/index) stays what the list shows once the routes of
 * the same revision arrive: the list holds nothing more from them, and handing it the new objects
 * would rebuild every row's search text and path over Graph's 11,422 routes on the page's thread
 * (~0.4 s at load 20) just after its first paint. A new revision lists the routes themselves.
 */
export function routesToList(data: RoutesResponse | null, index: RouteIndex | null): RoutesResponse | RouteIndex | null {
  if (index && (!data || data.revision === index.revision)) return index;
  return data;
}
