// The main screen's first routes, before its first render: from the page itself when the host put
// them there (no call, so nothing to wait for), else from a routes call started as the page starts,
// on the one host client, so that it (and its 200 ms minimum) runs while the screen's chunks load.
// A catalogue too large for the page comes with its route index there, or (Graph's index is
// 2.8 MB) with a GET routes/index call the page started while the entry loaded
// (PAGE_ROUTE_INDEX_CALL; the host client takes it over, with its steps: the 200 ms minimum, the
// error toast). The list draws from the index; the routes are asked for once it has been drawn
// (features/routes/use-routes.ts), so their parse does not take the page's thread meanwhile.
import { PAGE_ROUTE_INDEX_CALL, PAGE_ROUTES_ELEMENT_ID } from '../../../../protocol/endpoints.js';
import type { RouteIndex, RoutesResponse } from '../../../../protocol/types';
import { completeRouteIndex, completeRoutes, routesFormatProblem } from '../../../../protocol/route-refs.js';
import { kiteConfig } from '../config';
import { absoluteApiUrl, createHostClient, fetchRouteIndex, fetchRoutes } from './client';

let early: Promise<RoutesResponse> | null = null;
let earlyIndex: Promise<RouteIndex> | null = null;
let embedded: RoutesResponse | null = null;
let embeddedIndex: RouteIndex | null = null;

export function prefetchRoutes(): void {
  if (early || earlyIndex || embedded || embeddedIndex) return;
  const carried = readPageRoutes(document);
  if (carried && 'index' in carried) embeddedIndex = carried;
  else embedded = carried;
  // With a route index (carried, or asked for by the page) the routes are asked for once the list
  // has been drawn from it (useRoutes).
  if (embedded || embeddedIndex) return;
  const indexClient = pageRouteIndexClient(window);
  if (indexClient) {
    earlyIndex = fetchRouteIndex(indexClient);
    earlyIndex.catch(() => {
      // Without its index the list waits for the routes call, which reports its own failure.
    });
    return;
  }
  early = fetchRoutes();
  early.catch(() => {
    // The screen's own load reports the failure; here it only must not be unhandled.
  });
}

/**
 * The RoutesResponse (or the route index, `index: true`) the host put into the page, or null when
 * there is none or it cannot be read (the routes are then fetched: a damaged page costs a call,
 * never the screen).
 */
export function readPageRoutes(doc: Document): RoutesResponse | RouteIndex | null {
  const element = doc.getElementById(PAGE_ROUTES_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const value: unknown = JSON.parse(element.textContent);
    // A format this page cannot read is fetched instead, where the screen names the problem.
    if (isRoutesResponse(value) && routesFormatProblem(value) === null) {
      return (value as { index?: unknown }).index === true ? completeRouteIndex(value as unknown as Parameters<typeof completeRouteIndex>[0]) : completeRoutes(value);
    }
    console.warn('Kite: the routes in the page are not a routes response; fetching them instead.');
  } catch (error) {
    console.warn('Kite: the routes in the page could not be read; fetching them instead.', error);
  }
  return null;
}

/**
 * A host client whose first call answers with the route index call the page started, if it did
 * (every later call goes out as usual); undefined when the page started none.
 */
function pageRouteIndexClient(win: Window): ReturnType<typeof createHostClient> | undefined {
  let started = (win as unknown as Record<string, unknown>)[PAGE_ROUTE_INDEX_CALL];
  if (!(started instanceof Promise)) return undefined;
  return createHostClient({
    prefixUrl: absoluteApiUrl(kiteConfig.apiUrl),
    fetch: (input, init) => {
      const call = started as Promise<Response> | null;
      started = null;
      return call ?? globalThis.fetch(input, init);
    },
  });
}

function isRoutesResponse(value: unknown): value is RoutesResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { applications, revision } = value as Partial<RoutesResponse>;
  return Array.isArray(applications) && applications.every((app) => Array.isArray(app?.routes)) && typeof revision === 'string';
}

/** The routes the page carried, handed out once: every later load asks the host afresh. */
export function takePageRoutes(): RoutesResponse | null {
  const routes = embedded;
  embedded = null;
  return routes;
}

/** The route index the page carried in place of its routes, handed out once. */
export function takePageRouteIndex(): RouteIndex | null {
  const index = embeddedIndex;
  embeddedIndex = null;
  return index;
}

/** The prefetched answer, handed out once: every later load asks the host afresh. */
export function takePrefetchedRoutes(): Promise<RoutesResponse> | null {
  const pending = early;
  early = null;
  return pending;
}

/** The route index asked for as the page started (none when the page carried one, or all routes), handed out once. */
export function takePrefetchedRouteIndex(): Promise<RouteIndex> | null {
  const pending = earlyIndex;
  earlyIndex = null;
  return pending;
}

