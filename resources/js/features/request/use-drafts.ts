// Keeps what was typed for each route (and method) when the user leaves it, until it is sent or
// reset; picking the route again brings the draft back. The rules live in drafts.ts.
import { useCallback, useRef } from 'react';
import type { RouteInfo } from '../../../../protocol/types';
import { type RequestDefaults, type RequestState, requestForRoute } from '../../model/request/request-state';
import { type Drafts, draftKey, dropDraft, keepDraft, loadDrafts, sameRequest, saveDrafts } from './drafts';
import { browserStorage } from '../../lib/storage';

export function useDrafts(defaults: RequestDefaults) {
  const drafts = useRef<Drafts | null>(null);
  const lastSent = useRef<{ key: string; state: RequestState } | null>(null);
  const all = () => (drafts.current ??= loadDrafts(browserStorage(), defaults));
  const write = (next: Drafts) => {
    if (next !== drafts.current) drafts.current = saveDrafts(browserStorage(), next);
  };
  const keyOf = (state: RequestState, route: RouteInfo | undefined) => {
    const routeId = route?.id ?? state.routeId;
    return routeId ? draftKey(state, routeId) : null;
  };

  /** The request being left is kept, unless it is the route's untouched request or what was just sent. */
  const leave = useCallback(
    (current: RequestState, route: RouteInfo | undefined) => {
      const key = keyOf(current, route);
      if (!key) return;
      const untouched = route !== undefined && sameRequest(current, requestForRoute(route, current.application, defaults));
      const justSent = lastSent.current?.key === key && sameRequest(current, lastSent.current.state);
      write(untouched || justSent ? dropDraft(all(), key) : keepDraft(all(), key, current));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs only
    [defaults],
  );

  /** The request for a route picked in the explorer: its draft, else a fresh one. The authorization stays. */
  const open = useCallback(
    (route: RouteInfo, application: string, current: RequestState): RequestState => {
      const fresh = requestForRoute(route, application, defaults, current);
      const draft = all()[draftKey(fresh, route.id)];
      return draft ? { ...draft, auth: current.auth } : fresh;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs only
    [defaults],
  );

  const sent = useCallback((state: RequestState, route: RouteInfo | undefined) => {
    const key = keyOf(state, route);
    if (!key) return;
    lastSent.current = { key, state };
    write(dropDraft(all(), key));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs only
  }, []);

  /** The route's fresh request; its draft is dropped. */
  const reset = useCallback(
    (route: RouteInfo, current: RequestState): RequestState => {
      const fresh = requestForRoute(route, current.application, defaults, current);
      write(dropDraft(all(), draftKey(fresh, route.id)));
      return fresh;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs only
    [defaults],
  );

  return { leave, open, sent, reset };
}
