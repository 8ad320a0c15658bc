// The HTTP Client screen: route explorer and history (left), request builder (centre), response
// (right). This component only wires the parts together; each part lives in its own module.
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
import { curlNotes, toCurl } from './request/curl';
import { normalizeRequestState, saveRequestState } from './request/persistence';
import { RequestBuilder } from './request/RequestBuilder';
import { resolveGlobalHeaders } from './request/relay-request';
import { LazyResponseViewer } from './response/LazyResponseViewer';
import { RouteExplorer } from './routes/RouteExplorer';
import { absoluteBaseUrl, activeRoute, currentApplication } from './state/application';
import { generateValue } from './state/generator-kits';
import { flushPendingEdits, settlePendingEdits } from './state/pending-edits';
import { browserStorage, requestStateAtom, updateRequestAtom } from './state/request-atoms';
import { useAutofill } from './state/use-autofill';
import { useDrafts } from './state/use-drafts';
import { useRoutes } from './state/use-routes';
import { useSender } from './state/use-sender';
import { copyText } from '../../lib/clipboard';

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
  // The route follows the method and URL: changing either moves the header and the schema along.
  const route = activeRoute(routes.data, state);
  const jarId = application?.id ?? state.application;
  const sender = useSender(history, baseUrl, jarId, routes.noticeRevision);
  const { response, setResponse, cancel, historyId, setHistoryId } = sender;
  const drafts = useDrafts(preferences);
  const runAutofill = useAutofill(store, routes.data);
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

  // A request that went out is no longer a draft: leaving its route afterwards keeps nothing.
  const send = useCallback(async () => {
    const sent = await sender.send();
    if (sent) drafts.sent(sent, activeRoute(routes.data, sent));
  }, [sender.send, drafts, routes.data]);

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
      const current = store.get(requestStateAtom);
      drafts.leave(current, activeRoute(routes.data, current));
      update(drafts.open(next, applicationId, current));
    },
    [update, store, drafts, routes.data],
  );

  const reset = useCallback(() => {
    const current = store.get(requestStateAtom);
    const currentRoute = activeRoute(routes.data, current);
    if (currentRoute) update(drafts.reset(currentRoute, current));
  }, [store, routes.data, update, drafts]);

  const restore = useCallback(
    async (entry: HistoryEntry) => {
      flushPendingEdits();
      const current = store.get(requestStateAtom);
      drafts.leave(current, activeRoute(routes.data, current));
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
    [update, store, drafts, routes.data, preferences, history, setResponse, setHistoryId],
  );

  const copyCurl = useCallback(async () => {
    await settlePendingEdits();
    const current = store.get(requestStateAtom);
    try {
      const headers = await resolveGlobalHeaders(globalHeaders, current.disabledGlobalHeaders, generateValue);
      if (!(await copyText(toCurl(current, { baseUrl, globalHeaders: headers })))) throw new Error('The browser refused to copy to the clipboard.');
      const notes = curlNotes(current);
      toast.success('Copied as cURL', notes.length > 0 ? { description: notes.join(' ') } : undefined);
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
          <RouteExplorer routes={routes} selectedRouteId={route?.id ?? ''} onSelect={selectRoute} />
        ) : (
          <HistoryPanel history={history} selectedId={historyId} onRestore={restore} />
        )}
      </aside>
      <section className="kite-client-pane kite-client-centre" aria-label="Request">
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
          onReset={route ? reset : undefined}
          jarId={jarId}
        />
      </section>
      <section className="kite-client-pane kite-client-right" aria-label="Response">
        <LazyResponseViewer result={response.result} failure={response.failure} pending={response.pending} />
      </section>
    </div>
  );
}
