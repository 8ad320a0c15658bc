// The HTTP Client screen: route explorer and history (left), request builder (centre), response
// (right). This component only wires the parts together; each part lives in its own module. Each
// pane has its own error boundary: one that fails leaves the others, and the request, in place.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { History as HistoryIcon, ListTree } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import type { RouteInfo } from '../../../../protocol/types';
import { kiteConfig } from '../../lib/config';
import { preferencesAtom } from '../../lib/preferences/atoms';
import type { HistoryEntry } from '../history/history-entry';
import { HistoryPanel } from '../history/HistoryPanel';
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
import { ErrorBoundary } from '../../components/ErrorBoundary';

const SAVE_DEBOUNCE_MS = 400;

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

  // Ctrl/Cmd+Enter sends from anywhere on the screen, the body editor included.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
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

  return (
    <div className="kite-client">
      <aside className="kite-client-pane kite-client-left" aria-label="Routes and history">
        <div className="kite-pane-tabs" role="tablist" aria-label="Left pane">
          <button type="button" role="tab" className="kite-pane-tab" aria-selected={leftTab === 'routes'} onClick={() => setLeftTab('routes')}>
            <ListTree size={14} aria-hidden="true" /> Routes
          </button>
          <button type="button" role="tab" className="kite-pane-tab" aria-selected={leftTab === 'history'} onClick={() => setLeftTab('history')}>
            <HistoryIcon size={14} aria-hidden="true" /> History
            {history.entries.length > 0 && <span className="kite-tab-count">{history.entries.length}</span>}
          </button>
        </div>
        {leftTab === 'routes' ? (
          <ErrorBoundary key="routes" name="The route list">
            <RouteExplorer routes={routes} selectedRouteId={state.routeId} onSelect={selectRoute} />
          </ErrorBoundary>
        ) : (
          <ErrorBoundary key="history" name="History">
            <HistoryPanel history={history} selectedId={historyId} onRestore={restore} />
          </ErrorBoundary>
        )}
      </aside>
      <section className="kite-client-pane kite-client-centre" aria-label="Request">
        <ErrorBoundary name="The request builder">
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
        </ErrorBoundary>
      </section>
      <section className="kite-client-pane kite-client-right" aria-label="Response">
        <ErrorBoundary name="The response">
          <LazyResponseViewer result={response.result} failure={response.failure} pending={response.pending} />
        </ErrorBoundary>
      </section>
    </div>
  );
}
