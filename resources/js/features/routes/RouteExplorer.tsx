// The route explorer: routes grouped by resource with method badges and summaries, a search over
// path, name and method (↑/↓ move through the matches, Enter opens one), a refresh button, and a
// virtualised list so 5,000 routes scroll and filter at once.
import { AlertTriangle, ChevronDown, ChevronRight, RefreshCw } from 'lucide-react';
import { memo, startTransition, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListedRoute } from '../../../../protocol/types';
import type { RoutesState } from './use-routes';
import { type ExplorerRoute, type ExplorerRow, type RouteScope, SEARCH_REHEARSALS, apiVersions, createRouteSearch, explorerList, explorerRoutes, indexRoutes, moveActiveRoute, rehearseSearch, scopeRoutes, shortenPath } from './route-list';
import { SearchBox } from '../../components/SearchBox';
import { holdIdleWork, holdWhileTyping } from '../../lib/idle';
import { NO_ROW_SLOTS, type RowSlots, assignRowSlots, scrollToShow, visibleRows } from './row-window';

export interface RouteExplorerProps {
  routes: RoutesState;
  selectedRouteId: string;
  /** A route picked: one click opens it in the preview tab, a double click (`pin`) in a tab of its own. */
  onSelect: (route: ListedRoute, application: string, pin?: boolean) => void;
}

/** Width of a path character and the room the badge and padding take, to fit long paths. */
const PATH_CHAR_PX = 7.3;
const PATH_INSET_PX = 84;

/**
 * The longest idle slice of the search index: an idle period may last 50 ms, and a key pressed in
 * one waits for its callback to end (Graph's slices took 34-43 ms while its routes arrived).
 */
const INDEX_SLICE_MS = 8;

/** The idle time a search rehearsal waits for: one over Graph's 11,422 routes takes ~10 ms cold. */
const REHEARSAL_IDLE_MS = 20;

/** Rows drawn beyond the viewport on each side. */
const OVERSCAN = 12;

// Memoised: the screen re-renders on every keystroke in the request builder, and these props stay
// the same meanwhile (useRoutes' object, the route id, ClientScreen's useCallback).
export const RouteExplorer = memo(function RouteExplorer({ routes, selectedRouteId, onSelect }: RouteExplorerProps) {
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  // The route ↑/↓ in the search box point at; Enter opens it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const idPrefix = useId();
  // The search the list shows: the box's, or behind it while a long search is drawn (see onChange).
  const [listedSearch, setListedSearch] = useState('');
  // The list before this one, whose routes' search texts the next list keeps (explorerRoutes).
  const previousItems = useRef<ExplorerRoute[]>([]);
  const items = useMemo(() => explorerRoutes(routes.listed, previousItems.current), [routes.listed]);
  useEffect(() => {
    previousItems.current = items;
  }, [items]);
  // A route picked from the page's route index opens once the routes, with its details, arrive.
  const pendingPick = useRef<{ route: ListedRoute; application: string; pin?: boolean } | null>(null);
  const pickNow = (route: ListedRoute, application: string, pin?: boolean) => {
    if (routes.data) onSelect(route, application, pin);
    else pendingPick.current = { route, application, pin };
  };
  // The rows get one function for the explorer's life, so a row whose own props stay the same is
  // not drawn again on a keystroke (RouteRow is memoised); it calls the latest pickNow.
  const latestPick = useRef(pickNow);
  latestPick.current = pickNow;
  const pick = useCallback<PickRoute>((route, application, pin) => latestPick.current(route, application, pin), []);
  useEffect(() => {
    const picked = pendingPick.current;
    if (!picked || !routes.data) return;
    pendingPick.current = null;
    onSelect(picked.route, picked.application, picked.pin);
  }, [routes.data, onSelect]);
  // The rows first, the search index after them in the browser's idle periods (a search before it
  // is done indexes the rest itself), then the search rehearsed (rehearseSearch) until a key is typed.
  const rehearsalsLeft = useRef(SEARCH_REHEARSALS);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    let at = 0;
    const slice = (deadline: IdleDeadline) => {
      const until = performance.now() + INDEX_SLICE_MS;
      at = indexRoutes(items, at, () => deadline.timeRemaining() > 1 && performance.now() < until);
      if (at < items.length) handle = requestIdleCallback(slice);
      else if (rehearsalsLeft.current > 0) {
        if (deadline.timeRemaining() >= REHEARSAL_IDLE_MS) {
          rehearsalsLeft.current -= 1;
          rehearseSearch(items);
        }
        handle = requestIdleCallback(slice);
      }
    };
    let handle = requestIdleCallback(slice);
    return () => cancelIdleCallback(handle);
  }, [items]);
  const applications = routes.listed?.applications ?? [];
  const multipleApplications = applications.length > 1;
  const versions = useMemo(() => apiVersions(items), [items]);
  // The switcher's choices; a choice the routes no longer have counts as "all".
  const [chosen, setChosen] = useState<RouteScope>({ application: '', version: '' });
  const scope: RouteScope = {
    application: applications.some((application) => application.id === chosen.application) ? chosen.application : '',
    version: versions.includes(chosen.version) ? chosen.version : '',
  };
  const scoped = useMemo(() => scopeRoutes(items, scope), [items, scope.application, scope.version]);
  // A typed character searches only what the search before it found (createRouteSearch). One that
  // looks through at most ROUTES_SEARCHED_AT_ONCE routes (all of Graph's) lists at once, in the frame
  // that shows the character (a second, deferred render cost a frame more); a search through more
  // routes lists after the character is shown, in a transition the next key overtakes (onChange).
  const [searchRoutes] = useState(createRouteSearch);
  const latestScoped = useRef(scoped);
  latestScoped.current = scoped;
  const filtered = useMemo(() => searchRoutes(scoped, listedSearch), [searchRoutes, scoped, listedSearch]);
  // Until the list shows what was typed, no prefetch starts: the key's own hold ends with the frame
  // showing the character, and a chunk evaluated before the deferred list (the body editor's, 30-70
  // ms) came between the first key over Graph and its list. A layout effect, so the hold is on
  // before that frame.
  const listBehind = listedSearch !== search;
  useLayoutEffect(() => (listBehind ? holdIdleWork() : undefined), [listBehind]);
  // Nor while the search is typed key by key: a prefetch started between two keys came down on the next.
  const [typing] = useState(holdWhileTyping);
  useEffect(() => typing.release, [typing]);
  useEffect(() => typing.drawn(), [typing, listedSearch]);
  // While searching every group is open: a match hidden in a collapsed group would look like none.
  const { rows, offsets } = useMemo(
    () => explorerList(filtered, listedSearch.trim() ? new Set() : collapsed, multipleApplications && !scope.application),
    [filtered, collapsed, listedSearch, multipleApplications, scope.application],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // Only the rows in view are drawn (row-window.ts). The list's size comes from a ResizeObserver
  // after layout, never from a read during the first render (which forced the page's whole first
  // layout in the middle of rendering it); until then the window's height decides.
  const [viewport, setViewport] = useState({ width: 0, height: window.innerHeight });
  const [scrollTop, setScrollTop] = useState(0);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) setViewport({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const shown = visibleRows(offsets, scrollTop, viewport.height, OVERSCAN);
  const drawnRows = rows.slice(shown.first, shown.end);
  // The element each row in view is drawn in (assignRowSlots): a keystroke that changes the rows
  // redraws the old elements. From the slots last committed, so a render that is thrown away
  // (a deferred list overtaken by the next key) gives out nothing. The focused row's slot, kept by
  // the list's focus events, is never given to another row.
  const committedSlots = useRef<RowSlots>(NO_ROW_SLOTS);
  const focusedSlot = useRef<number | null>(null);
  const slots = assignRowSlots(committedSlots.current, drawnRows, focusedSlot.current);
  useLayoutEffect(() => {
    committedSlots.current = slots;
  });

  const toggleGroup = useCallback(
    (label: string) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (next.has(label)) next.delete(label);
        else next.add(label);
        return next;
      }),
    [],
  );

  const activeIndex = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);
  // A route row's DOM id follows its route, not its place in the list: a search that moves a row in
  // view leaves its content as it was (RouteRowContent is memoised).
  const routeRowId = (item: ExplorerRoute) => `${idPrefix}-route-${item.position}`;
  const activeRow = rows[activeIndex];
  const onSearchKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = moveActiveRoute(rows, activeIndex === -1 ? null : activeKey, event.key === 'ArrowDown' ? 1 : -1);
      if (next === -1) return;
      setActiveKey(rows[next]!.key);
      const list = scrollRef.current;
      if (list) list.scrollTop = scrollToShow(offsets, next, list.scrollTop, list.clientHeight);
    } else if (event.key === 'Enter') {
      const row = rows[activeIndex === -1 ? moveActiveRoute(rows, null, 1) : activeIndex];
      if (row?.kind !== 'route') return;
      event.preventDefault();
      pick(row.item.route, row.item.application);
    }
  };

  // Long paths are cut in the middle, keeping their distinctive end (the whole path on hover and in
  // the builder): how many characters fit comes from the list's width (12 px monospace).
  const listWidth = viewport.width;
  const pathChars = listWidth > 0 ? Math.max(16, Math.floor((listWidth - PATH_INSET_PX) / PATH_CHAR_PX)) : 40;

  return (
    <div className="kite-explorer">
      <div className="kite-explorer-toolbar">
        <SearchBox
          label="Search routes"
          value={search}
          onChange={(next) => {
            // Past the first key the search runs compiled anyway, and a rehearsal would come between keys.
            rehearsalsLeft.current = 0;
            typing.typed();
            setSearch(next);
            setActiveKey(null);
            // A quick search is listed in the key's own render, and no second render follows it:
            // useDeferredValue's caught up after the frame, a task that came before the next key
            // on a busy machine. A search through more routes is drawn in a transition.
            if (searchRoutes.isQuick(latestScoped.current, next)) setListedSearch(next);
            else startTransition(() => setListedSearch(next));
          }}
          onKeyDown={onSearchKeyDown}
          aria-keyshortcuts="ArrowDown ArrowUp Enter"
          aria-activedescendant={activeRow?.kind === 'route' ? routeRowId(activeRow.item) : undefined}
        />
        <button
          type="button"
          className="kite-tool-button"
          aria-label="Refresh routes"
          title="Refresh routes"
          data-busy={routes.loading || undefined}
          onClick={routes.refresh}
        >
          <RefreshCw size={14} aria-hidden="true" />
        </button>
      </div>
      {(multipleApplications || versions.length > 1) && (
        <div className="kite-explorer-scope">
          {multipleApplications && (
            <select className="kite-select" aria-label="Application" value={scope.application} onChange={(event) => setChosen({ ...scope, application: event.target.value })}>
              <option value="">All applications</option>
              {applications.map((application) => (
                <option key={application.id} value={application.id}>
                  {application.name || application.id}
                </option>
              ))}
            </select>
          )}
          {versions.length > 1 && (
            <select className="kite-select" aria-label="API version" value={scope.version} onChange={(event) => setChosen({ ...scope, version: event.target.value })}>
              <option value="">All versions</option>
              {versions.map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </select>
          )}
        </div>
      )}
      {routes.error && !routes.data && (
        <p className="kite-explorer-message" role="alert">
          Routes could not be loaded: {routes.error}
        </p>
      )}
      {routes.listed && items.length === 0 && <p className="kite-explorer-message">The host lists no routes.</p>}
      {items.length > 0 && rows.length === 0 && <p className="kite-explorer-message">No routes match “{listedSearch}”.</p>}
      {!routes.listed && routes.loading && <p className="kite-explorer-message">Loading routes…</p>}
      {/* data-search: the search the list shows, which may be behind the box's (a deferred list); the keystroke bench waits on it. */}
      <div
        className="kite-explorer-list"
        ref={scrollRef}
        role="navigation"
        aria-label="Routes"
        data-search={listedSearch}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onFocus={(event) => {
          const slot = (event.target as HTMLElement).closest<HTMLElement>('[data-slot]')?.dataset.slot;
          focusedSlot.current = slot === undefined ? null : Number(slot);
        }}
        onBlur={() => {
          focusedSlot.current = null;
        }}
      >
        <div style={{ height: offsets[rows.length], position: 'relative' }}>
          {drawnRows.map((row, at) => {
            const index = shown.first + at;
            return (
              <RouteRow
                key={slots.slots[at]}
                slot={slots.slots[at]!}
                row={row}
                top={offsets[index]!}
                rowId={row.kind === 'route' ? routeRowId(row.item) : ''}
                selected={row.kind === 'route' && row.item.route.id === selectedRouteId}
                active={index === activeIndex}
                pathChars={pathChars}
                onPick={pick}
                onToggle={toggleGroup}
              />
            );
          })}
        </div>
      </div>
      {items.length > 0 && (
        <div className="kite-explorer-footer kite-muted">
          {filtered.length === items.length ? `${items.length} ${items.length === 1 ? 'route' : 'routes'}` : `${filtered.length} of ${items.length} ${items.length === 1 ? 'route' : 'routes'}`}
        </div>
      )}
    </div>
  );
});

type PickRoute = (route: ListedRoute, application: string, pin?: boolean) => void;

interface RouteRowProps {
  row: ExplorerRow;
  /** The element's slot (assignRowSlots), its key: which row it draws changes with a search. */
  slot: number;
  /** Where the row starts in the list (px). */
  top: number;
  /** The DOM id of a route row ('' for a group header). */
  rowId: string;
  selected: boolean;
  /** The row ↑/↓ in the search box point at. */
  active: boolean;
  pathChars: number;
  onPick: PickRoute;
  onToggle: (label: string) => void;
}

// Memoised: a keystroke draws again only the rows it changes, not the ~50 in view each time; row
// objects stay the same per route (explorerList). A row a search moves only gets a new offset: its
// content is memoised apart.
const RouteRow = memo(function RouteRow({ row, slot, top, rowId, selected, active, pathChars, onPick, onToggle }: RouteRowProps) {
  return (
    <div className="kite-explorer-row" data-slot={slot} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.height, transform: `translateY(${top}px)` }}>
      <RouteRowContent row={row} rowId={rowId} selected={selected} active={active} pathChars={pathChars} onPick={onPick} onToggle={onToggle} />
    </div>
  );
});

// Made once: a group header drawn again (its count changed) leaves its icon as it was.
const COLLAPSED_ICON = <ChevronRight size={14} aria-hidden="true" />;
const EXPANDED_ICON = <ChevronDown size={14} aria-hidden="true" />;

const RouteRowContent = memo(function RouteRowContent({ row, rowId, selected, active, pathChars, onPick, onToggle }: Omit<RouteRowProps, 'top' | 'slot'>) {
  if (row.kind === 'group') {
    return (
      <button type="button" className="kite-route-group" aria-expanded={!row.collapsed} onClick={() => onToggle(row.label)}>
        {row.collapsed ? COLLAPSED_ICON : EXPANDED_ICON}
        <span className="kite-route-group-label">{row.label}</span>
        <span className="kite-route-group-count">{row.count}</span>
      </button>
    );
  }
  const { route, application } = row.item;
  const method = route.methods[0] ?? 'GET';
  const broken = route.extractionErrors.length > 0;
  return (
    <div className="kite-route" id={rowId} data-selected={selected || undefined} data-active={active || undefined}>
      <button
        type="button"
        className="kite-route-button"
        aria-current={selected ? 'true' : undefined}
        aria-label={`${method} ${route.uri}`}
        aria-describedby={route.summary ? `${rowId}-summary` : undefined}
        title={[route.uri, route.summary, route.name].filter(Boolean).join(' · ')}
        onClick={() => onPick(route, application)}
        onDoubleClick={() => onPick(route, application, true)}
      >
        <span className="kite-badge kite-method" data-method={method}>
          {method}
        </span>
        <span className="kite-route-text">
          <span className="kite-route-uri">{shortenPath(route.uri, pathChars)}</span>
          {route.summary && (
            <span className="kite-route-summary" id={`${rowId}-summary`}>
              {route.summary}
            </span>
          )}
        </span>
      </button>
      {broken && (
        <Link
          to="/status"
          className="kite-route-error"
          title={`Schema could not be read: ${route.extractionErrors.map((error) => (error.fix ? `${error.message}. ${error.fix}` : error.message)).join('; ')}. Open Status.`}
          aria-label={`${route.methods[0]} ${route.uri} has an extraction error; open Status`}
        >
          <AlertTriangle size={14} aria-hidden="true" />
        </Link>
      )}
    </div>
  );
});
