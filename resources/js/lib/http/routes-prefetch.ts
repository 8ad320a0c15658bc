// The main screen's first routes call starts as the page starts, on the one host client, so that
// it (and its 200 ms minimum) runs while the screen's chunks load instead of after them.
import type { RoutesResponse } from '../../../../protocol/types';
import { hostClient } from './client';

let early: Promise<RoutesResponse> | null = null;

export function prefetchRoutes(): void {
  if (early) return;
  early = hostClient.get('routes').json<RoutesResponse>();
  early.catch(() => {
    // The screen's own load reports the failure; here it only must not be unhandled.
  });
}

/** The prefetched answer, handed out once: every later load asks the host afresh. */
export function takePrefetchedRoutes(): Promise<RoutesResponse> | null {
  const pending = early;
  early = null;
  return pending;
}

/** Whether `pathname` is the main screen under the router base. */
export function isMainScreen(pathname: string, basePath: string): boolean {
  return pathname === basePath || pathname === `${basePath}/` || (basePath === '' && pathname === '/');
}
