// The route explorer: routes grouped by resource with method badges, a search over path, name and
// method, a refresh button, and a virtualised list so 5,000 routes scroll and filter at once.
import { elementScroll, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { AlertTriangle, ChevronDown, ChevronRight, RefreshCw } from 'lucide-react';
import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RouteInfo } from '../../../../../protocol/types';
import type { RoutesState } from '../state/use-routes';
import { type ExplorerRow, explorerRoutes, explorerRows, filterRoutes } from './route-list';
import { SearchBox } from '../../../components/SearchBox';

export interface RouteExplorerProps {
  routes: RoutesState;
  selectedRouteId: string;
  onSelect: (route: RouteInfo, application: string) => void;
}

const ROW_HEIGHT = 30;
const GROUP_HEIGHT = 28;

// Memoised: the screen re-renders on every keystroke in the request builder, and these props stay
// the same meanwhile (useRoutes' object, the route id, ClientScreen's useCallback).
export const RouteExplorer = memo(function RouteExplorer({ routes, selectedRouteId, onSelect }: RouteExplorerProps) {
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const deferredSearch = useDeferredValue(search);
  const items = useMemo(() => explorerRoutes(routes.data), [routes.data]);
  const multipleApplications = (routes.data?.applications.length ?? 0) > 1;
  const filtered = useMemo(() => filterRoutes(items, deferredSearch), [items, deferredSearch]);
  // While searching every group is open: a match hidden in a collapsed group would look like none.
  const rows = useMemo(
    () => explorerRows(filtered, deferredSearch.trim() ? new Set() : collapsed, multipleApplications),
    [filtered, collapsed, deferredSearch, multipleApplications],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's first act is to scroll the new list to 0, where it already is; a scroll
  // write forces a layout in the middle of the first render, so that one is skipped.
  const firstScroll = useRef(true);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
    initialRect: { width: 0, height: window.innerHeight },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: (offset, options, instance) => {
      const first = firstScroll.current;
      firstScroll.current = false;
      if (first && offset === 0) return;
      elementScroll(offset, options, instance);
    },
  });

  const toggleGroup = (label: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });

  const renderRow = (row: ExplorerRow) => {
    if (row.kind === 'group') {
      return (
        <button type="button" className="kite-route-group" aria-expanded={!row.collapsed} onClick={() => toggleGroup(row.label)}>
          {row.collapsed ? <ChevronRight size={14} aria-hidden="true" /> : <ChevronDown size={14} aria-hidden="true" />}
          <span className="kite-route-group-label">{row.label}</span>
          <span className="kite-route-group-count">{row.count}</span>
        </button>
      );
    }
    const { route, application } = row.item;
    const method = route.methods[0] ?? 'GET';
    const broken = route.extractionErrors.length > 0;
    const selected = route.id === selectedRouteId;
    return (
      <div className="kite-route" data-selected={selected || undefined}>
        <button
          type="button"
          className="kite-route-button"
          aria-current={selected ? 'true' : undefined}
          title={[route.summary, route.name].filter(Boolean).join(' · ') || route.uri}
          onClick={() => onSelect(route, application)}
        >
          <span className="kite-badge kite-method" data-method={method}>
            {method}
          </span>
          <span className="kite-route-uri">{route.uri}</span>
        </button>
        {broken && (
          <Link
            to="/status"
            className="kite-route-error"
            title={`Schema could not be read: ${route.extractionErrors.map((error) => error.message).join('; ')}. Open Status.`}
            aria-label={`${route.methods[0]} ${route.uri} has an extraction error; open Status`}
          >
            <AlertTriangle size={14} aria-hidden="true" />
          </Link>
        )}
      </div>
    );
  };

  return (
    <div className="kite-explorer">
      <div className="kite-explorer-toolbar">
        <SearchBox label="Search routes" value={search} onChange={setSearch} />
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
      {routes.error && !routes.data && (
        <p className="kite-explorer-message" role="alert">
          Routes could not be loaded: {routes.error}
        </p>
      )}
      {routes.data && items.length === 0 && <p className="kite-explorer-message">The host lists no routes.</p>}
      {items.length > 0 && rows.length === 0 && <p className="kite-explorer-message">No routes match “{deferredSearch}”.</p>}
      {!routes.data && routes.loading && <p className="kite-explorer-message">Loading routes…</p>}
      <div className="kite-explorer-list" ref={scrollRef} role="navigation" aria-label="Routes">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = rows[virtual.index];
            return (
              <div
                key={virtual.key}
                className="kite-explorer-row"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: virtual.size, transform: `translateY(${virtual.start}px)` }}
              >
                {row && renderRow(row)}
              </div>
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

/**
 * Like the library's observeElementRect, but without reading the list's size during the first
 * render: that read forced the page's whole first layout in the middle of rendering it. The
 * ResizeObserver reports the size after layout, before paint; until then `initialRect` (the window
 * height) decides how many rows to draw.
 */
function observeRectAfterLayout(instance: Virtualizer<HTMLDivElement, Element>, onRect: (rect: { width: number; height: number }) => void) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, onRect);
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    if (box) onRect({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}
