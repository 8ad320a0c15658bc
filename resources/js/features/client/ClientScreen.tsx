// The HTTP Client screen: route explorer and history (left), request builder with the route's
// docs (centre), response (right), in resizable panes (layout/). This component only wires the
// parts together; each part lives in its own module.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { ChevronRight, History as HistoryIcon, ListTree } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { toast } from '../../lib/toast';
import type { RouteInfo } from '../../../../protocol/types';
import { kiteConfig } from '../../lib/config';
import { preferencesAtom } from '../../lib/preferences/atoms';
import type { HistoryEntry } from '../history/history-entry';
import { useHistory } from '../history/use-history';
import { newSeed } from './body/autofill';
import { autofillRequest } from './body/autofill-request';
import { toCurl } from './request/curl';
import { normalizeRequestState, saveRequestState } from './request/persistence';
import { RequestBuilder } from './request/RequestBuilder';
import { requestForRoute } from './request/request-state';
import { resolveGlobalHeaders } from './request/relay-request';
import { LazyResponseViewer } from './response/LazyResponseViewer';
import { RouteExplorer } from './routes/RouteExplorer';
import { absoluteBaseUrl, currentApplication, findRoute } from './state/application';
import { autofillKit, generateValue } from './state/generator-kits';
import { flushPendingEdits } from './state/pending-edits';
import { browserStorage, requestStateAtom, updateRequestAtom } from './state/request-atoms';
import { useRoutes } from './state/use-routes';
import { useSender } from './state/use-sender';
import { copyText } from '../../lib/clipboard';
import { type PaneLayout, ROUTES_WIDTH, SPLIT, loadPaneLayout, paneGrid, savePaneLayout } from './layout/pane-layout';
import { PaneSeparator } from './layout/PaneSeparator';

const SAVE_DEBOUNCE_MS = 400;

// The route docs (Radix Collapsible, Markdown as text) and the history list are their own chunks,
// fetched when the browser is idle: the first screen shows neither.
const loadRouteDocs = () => import('./docs/RouteDocs');
const RouteDocs = lazy(loadRouteDocs);
const loadHistoryPanel = () => import('../history/HistoryPanel');
const HistoryPanel = lazy(() => loadHistoryPanel().then((chunk) => ({ default: chunk.HistoryPanel })));

export default function ClientScreen() {
  const preferences = useAtomValue(preferencesAtom);
  const store = useStore();
  const state = useAtomValue(requestStateAtom);
  const update = useSetAtom(updateRequestAtom);
  const routes = useRoutes(preferences.autoRefreshRoutes);
  const history = useHistory(preferences.maxHistoryLogs);
  const application = currentApplication(routes.data, state.application, kiteConfig.applications);
  const baseUrl = absoluteBaseUrl(application?.baseUrl);
  const route = findRoute(routes.data, state.application, state.routeId);
  const { response, setResponse, send, cancel, historyId, setHistoryId } = useSender(history, baseUrl, routes.noticeRevision);
  const [leftTab, setLeftTab] = useState<'routes' | 'history'>('routes');
  const globalHeaders = kiteConfig.globalHeaders ?? [];
  const [layout, setLayout] = useState<PaneLayout>(() => loadPaneLayout(browserStorage()));
  const patchLayout = useCallback((patch: Partial<PaneLayout>) => setLayout((previous) => ({ ...previous, ...patch })), []);
  useEffect(() => savePaneLayout(browserStorage(), layout), [layout]);
  const rootRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = rootRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const grid = paneGrid(layout, width);
  useEffect(() => whenIdle(() => void Promise.all([loadRouteDocs(), loadHistoryPanel()]).catch(() => {}), 1500), []);

  // The request survives a reload: saved shortly after each change, and when the page goes away.
  useEffect(() => {
    const timer = setTimeout(() => saveRequestState(browserStorage(), state), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  useEffect(() => {
    const onPageHide = () => {
      flushPendingEdits();
      saveRequestState(browserStorage(), store.get(requestStateAtom));
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [store]);

  // Ctrl/Cmd+Enter sends from anywhere on the screen, the body editor included; Ctrl/Cmd+L goes
  // to the URL, as in a browser's address bar.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      if (event.key === 'l' || event.key === 'L') {
        const url = rootRef.current?.querySelector<HTMLInputElement>('input[aria-label="URL"]');
        if (!url) return;
        event.preventDefault();
        url.focus();
        url.select();
        return;
      }
      if (event.key !== 'Enter') return;
      event.preventDefault();
      void send();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [send]);

  const selectRoute = useCallback(
    (next: RouteInfo, applicationId: string) => {
      flushPendingEdits();
      update((previous) => requestForRoute(next, applicationId, preferences, previous));
    },
    [update, preferences],
  );

  const restore = useCallback(
    async (entry: HistoryEntry) => {
      update(normalizeRequestState(entry.request, preferences));
      setHistoryId(entry.id);
      const body = entry.hasBody ? await history.body(entry.id).catch(() => undefined) : undefined;
      setResponse({
        result: entry.meta
          ? {
              meta: { ...entry.meta, bodyBytes: body?.byteLength ?? 0, truncated: entry.meta.truncated || entry.bodyCut || (!body && entry.meta.bodyBytes > 0) },
              body: body ?? new ArrayBuffer(0),
              durationMs: entry.durationMs,
              receivedAt: entry.time,
            }
          : null,
        failure: entry.failure ?? null,
        pending: false,
      });
    },
    [update, preferences, history, setResponse, setHistoryId],
  );

  const runAutofill = useCallback(
    async (seed?: number) => {
      flushPendingEdits();
      try {
        const kit = await autofillKit();
        const current = store.get(requestStateAtom);
        const currentRoute = findRoute(routes.data, current.application, current.routeId);
        const { patch, filled } = autofillRequest(current, currentRoute, kit, seed ?? newSeed());
        if (filled.length === 0) {
          toast.info(currentRoute ? 'This route has no schema to fill from.' : 'Pick a route to fill from its schema.');
          return;
        }
        update(patch);
      } catch (error) {
        toast.error('Auto-fill failed', { description: error instanceof Error ? error.message : String(error) });
      }
    },
    [store, routes.data, update],
  );

  const copyCurl = useCallback(async () => {
    flushPendingEdits();
    const current = store.get(requestStateAtom);
    try {
      const headers = await resolveGlobalHeaders(globalHeaders, current.disabledGlobalHeaders, generateValue);
      if (!(await copyText(toCurl(current, { baseUrl, globalHeaders: headers })))) throw new Error('The browser refused to copy to the clipboard.');
      toast.success('Copied as cURL');
    } catch (error) {
      toast.error('The cURL command could not be copied', { description: error instanceof Error ? error.message : String(error) });
    }
  }, [store, baseUrl, globalHeaders]);

  const routesCollapsed = layout.routesCollapsed;
  return (
    <div
      ref={rootRef}
      className="kite-client"
      data-narrow={grid.narrow || undefined}
      data-routes-collapsed={routesCollapsed || undefined}
      style={{ gridTemplateColumns: grid.columns, gridTemplateRows: grid.rows }}
    >
      <aside id="kite-routes-pane" className="kite-client-pane kite-client-left" aria-label="Routes and history">
        {routesCollapsed ? (
          <button type="button" className="kite-tool-button kite-routes-open" aria-label="Show routes" title="Show routes" onClick={() => patchLayout({ routesCollapsed: false })}>
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        ) : (
          <>
            <div className="kite-pane-tabs" role="tablist" aria-label="Left pane">
              <button type="button" role="tab" className="kite-pane-tab" aria-selected={leftTab === 'routes'} onClick={() => setLeftTab('routes')}>
                <ListTree size={14} aria-hidden="true" /> Routes
              </button>
              <button type="button" role="tab" className="kite-pane-tab" aria-selected={leftTab === 'history'} onClick={() => setLeftTab('history')}>
                <HistoryIcon size={14} aria-hidden="true" /> History
                {history.entries.length > 0 && <span className="kite-tab-count">{history.entries.length}</span>}
              </button>
              <button type="button" className="kite-tool-button kite-routes-close" aria-label="Hide routes" title="Hide routes" onClick={() => patchLayout({ routesCollapsed: true })}>
                <ChevronRight size={14} aria-hidden="true" className="kite-flip" />
              </button>
            </div>
            {leftTab === 'routes' ? (
              <RouteExplorer routes={routes} selectedRouteId={state.routeId} onSelect={selectRoute} />
            ) : (
              <Suspense fallback={<p className="kite-explorer-message">Loading history…</p>}>
                <HistoryPanel history={history} selectedId={historyId} onRestore={restore} />
              </Suspense>
            )}
          </>
        )}
      </aside>
      {!routesCollapsed && (
        <PaneSeparator
          className="kite-separator-routes"
          label="Resize the routes pane"
          orientation="vertical"
          value={layout.routesWidth}
          range={ROUTES_WIDTH}
          controls="kite-routes-pane"
          perPixel={() => 1}
          onChange={(routesWidth) => patchLayout({ routesWidth })}
          onToggle={() => patchLayout({ routesCollapsed: true })}
        />
      )}
      <section id="kite-request-pane" className="kite-client-pane kite-client-centre" aria-label="Request">
        <RequestBuilder
          state={state}
          update={update}
          route={route}
          baseUrl={baseUrl}
          globalHeaders={globalHeaders}
          pending={response.pending}
          onSend={() => void send()}
          onCancel={cancel}
          onAutofill={(seed) => void runAutofill(seed)}
          onCopyCurl={() => void copyCurl()}
        />
        <Suspense fallback={<div className="kite-docs kite-docs-loading" />}>
          <RouteDocs route={route} open={layout.docsOpen} onOpenChange={(docsOpen) => patchLayout({ docsOpen })} />
        </Suspense>
      </section>
      <PaneSeparator
        className="kite-separator-split"
        label="Resize the request and response panes"
        orientation={grid.narrow ? 'horizontal' : 'vertical'}
        value={layout.split}
        range={SPLIT}
        controls="kite-request-pane"
        perPixel={() => {
          const box = rootRef.current?.getBoundingClientRect();
          const room = grid.narrow ? (box?.height ?? 0) : (box?.width ?? 0) - (routesCollapsed ? 36 : layout.routesWidth);
          return room > 0 ? 100 / room : 0;
        }}
        onChange={(split) => patchLayout({ split })}
      />
      <section className="kite-client-pane kite-client-right" aria-label="Response">
        <LazyResponseViewer result={response.result} failure={response.failure} pending={response.pending} />
      </section>
    </div>
  );
}
