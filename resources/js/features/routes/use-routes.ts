// The routes the host lists: taken from the page when the host put them there, else fetched on
// mount (listed meanwhile from the route index the page carried or the host answered first); when autoRefreshRoutes is on, again on window focus
// (at most every 10 s) and after a relay answer reports a routes revision other than the one on
// screen; always with the refresh button. A refresh never touches the request.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RouteIndex, RoutesResponse } from '../../../../protocol/types';
import { fetchRoutes } from '../../lib/http/host-api';
import { takePageRouteIndex, takePageRoutes, takePrefetchedRouteIndex, takePrefetchedRoutes } from '../../lib/http/routes-prefetch';
import { startFetchWorker } from '../../lib/http/worker-fetch';
import { afterNextFrame, nextBackgroundTask } from '../../lib/idle';
import { shouldRefreshForRevision, shouldRefreshOnFocus } from './route-list';
import { routesToList } from './routes-to-list';

export interface RoutesState {
  data: RoutesResponse | null;
  /** What the route list shows: the routes, or until they come their route index (from the page or GET routes/index). */
  listed: RoutesResponse | RouteIndex | null;
  loading: boolean;
  error: string | null;
  refresh: () => void;
  /** Hands over a relay answer's `meta.routesRevision`; refetches when the host's routes changed. */
  noticeRevision: (reported: string | undefined) => void;
}

/** How long the routes wait for the fetch worker at most: one that neither starts nor fails (its script held by the network) does not hold the list; the page fetches them then. */
export const FETCH_WORKER_WAIT_MS = 3_000;

function fetchWorkerOrGiveUp(): Promise<unknown> {
  return Promise.race([startFetchWorker(), new Promise((resolve) => setTimeout(resolve, FETCH_WORKER_WAIT_MS))]);
}

export function useRoutes(autoRefresh: boolean): RoutesState {
  // Read once, on the first render: the page's routes are as fresh as the page.
  const [fromPage] = useState(takePageRoutes);
  const [index, setIndex] = useState(takePageRouteIndex);
  const [indexCall] = useState(takePrefetchedRouteIndex);
  const [data, setData] = useState<RoutesResponse | null>(fromPage);
  const [loading, setLoading] = useState(fromPage === null);
  const [error, setError] = useState<string | null>(null);
  const lastFetchedAt = useRef(fromPage ? Date.now() : 0);
  const inFlight = useRef<AbortController | null>(null);
  const shownRevision = useRef<string | undefined>(undefined);
  shownRevision.current = data?.revision;
  const autoRefreshRef = useRef(autoRefresh);
  autoRefreshRef.current = autoRefresh;
  const fetchedForRevision = useRef<string | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastFetchedAt.current = Date.now();
    setLoading(true);
    // Received by the fetch worker once it runs: a catalogue's routes can be megabytes.
    (takePrefetchedRoutes() ?? fetchRoutes(undefined, controller.signal, true))
      // Handed to the screen in a task that every task due goes before: the whole screen renders
      // with them (Graph's: 80 ms of CPU at load 9), and came before a key's deferred list.
      .then((next) => nextBackgroundTask().then(() => next))
      .then((next) => {
        if (controller.signal.aborted) return;
        // Same revision: keep the old object, so nothing below re-renders for no news.
        setData((previous) => (previous && previous.revision === next.revision ? previous : next));
        setError(null);
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason instanceof Error ? reason.message : String(reason));
      })
      .finally(() => {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(false);
        }
      });
  }, []);

  // The first routes call: at once without a route index; with one (the page's, or the one asked
  // for as the page started), once the list has been drawn from it and the fetch worker runs, so
  // that their bytes are received off the page's thread. Graph's 9 MB of routes take the page's
  // thread for a second or more (their parse, the screen's render with them), which must not come
  // between the list's first paint and its first click.
  const [indexFailed, setIndexFailed] = useState(false);
  const waitsForIndex = !index && indexCall !== null && !indexFailed;
  useEffect(() => {
    if (fromPage || waitsForIndex) return undefined;
    let cancelled = false;
    if (index) void afterNextFrame().then(fetchWorkerOrGiveUp).then(() => !cancelled && load());
    else load();
    return () => {
      cancelled = true;
      inFlight.current?.abort();
    };
    // `index` only tells how to start the first call, and it changes only to end waitsForIndex.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [load, fromPage, waitsForIndex]);

  useEffect(() => {
    let current = true;
    indexCall?.then(
      (answered) => current && setIndex(answered),
      () => current && setIndexFailed(true),
    );
    return () => {
      current = false;
    };
  }, [indexCall]);

  useEffect(() => {
    if (!autoRefresh) return undefined;
    const onFocus = () => {
      if (document.visibilityState === 'hidden') return;
      if (shouldRefreshOnFocus(lastFetchedAt.current, Date.now(), true)) load();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [autoRefresh, load]);

  const noticeRevision = useCallback(
    (reported: string | undefined) => {
      if (!shouldRefreshForRevision({ reported, shown: shownRevision.current, alreadyFetchedFor: fetchedForRevision.current, enabled: autoRefreshRef.current })) return;
      fetchedForRevision.current = reported ?? null;
      load();
    },
    [load],
  );

  // One object while nothing in it changes, so the memoised explorer skips the screen's re-renders.
  const listed = routesToList(data, index);
  return useMemo(() => ({ data, listed, loading, error, refresh: load, noticeRevision }), [data, listed, loading, error, load, noticeRevision]);
}
