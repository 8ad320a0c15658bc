// The HTTP Client screen: route explorer, history and saved requests (left), request builder with
// the route's docs (centre), response (right), in resizable panes (layout/). This component only
// wires the parts together; each part lives in its own module. Each pane has its own error
// boundary: one that fails leaves the others, and the request, in place.
import { atom, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { Bookmark, ChevronRight, History as HistoryIcon, ListTree } from 'lucide-react';
import { createContext, lazy, memo, startTransition, Suspense, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { withDocumentedAuthorization } from '../../model/request/request-state';
import { authForRoute, declaredAuths, routeSchemeLabels } from '../../model/auth/document-schemes';
import { schemesOf, RouteExplorer, absoluteBaseUrl, activeRoute, currentApplication, findRoute, useRoutes } from '../../features/routes/routes';
import { markScreenUsable, whenIdle } from '../../lib/idle';
import { startFetchWorker } from '../../lib/http/worker-fetch';
import { toast } from '../../lib/toast';
import type { ListedRoute } from '../../../../protocol/types';
import { kiteConfig } from '../../lib/config';
import { preferencesAtom } from '../../lib/preferences/atoms';
import { type HistoryEntry, type HistoryState, ddPagesOfTab, useHistory, loadHistoryPanel } from '../../features/history/history';
import { normalizeRequestState } from '../../model/request/normalize-request';
import { RequestBuilder, useDrafts, useSender, SendAsLauncher } from '../../features/request/request';
import { type RequestState, defaultRequestState } from '../../model/request/request-state';
import { buildRelayRequest, resolveGlobalHeaders } from '../../model/request/relay-request';
import { LazyResponseViewer, loadBodySource } from '../../features/response/response';
import { generateValue, useAutofill } from '../../features/body/body';
import { flushPendingEdits, settlePendingEdits } from '../../lib/pending-edits';
import { requestStateAtom, updateRequestAtom, activeTabAtom, focusRouteAtom, openInTabAtom, shownCallAtom, beforeSend, useTabResponse, loadTabStrip } from '../../features/tabs/tabs';
import { copyText } from '../../lib/clipboard';
import { EMPTY_SCOPE, publicScope, resolveRequest, type VariableScope } from '../../model/workspace/variables';
import { variableScopeAtom, workspaceApplicationAtom, saveDialogOpenAtom, withEffectiveAuth, loadSaveDialog, loadWorkspaceSync } from '../../features/workspace/workspace';

import { ErrorBoundary } from '../../components/ErrorBoundary';
import { matchesShortcut } from '../../lib/keyboard-shortcuts';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import { type PaneLayout, ROUTES_WIDTH, SPLIT, paneGrid, paneLayoutAtom, PaneSeparator } from '../../features/layout/layout';
import { VariableScopeProvider } from './VariableScopeProvider';
import { lazyScreen } from '../lazy-screen';
import { tabStripEnvironments } from './tab-strip-environments';
import { SavedPane } from './saved-pane';
import { BodyDifferContext, loadCompareDialog } from '../../features/diff/diff';
import { ClosedDocs, loadDocsBody, loadRouteDocs } from '../../features/docs/docs';

// The route docs (Radix Collapsible, Markdown as text) and the history list are their own chunks,
// fetched when the browser is idle: the first screen draws the docs closed (ClosedDocs) and not the
// list. Saved requests (features/workspace): the pane, the save dialog and the file calls are lazy too.
const RouteDocs = lazy(loadRouteDocs);
const HistoryPanel = lazy(() => loadHistoryPanel().then((chunk) => ({ default: chunk.HistoryPanel })));
const SaveDialog = lazy(() => loadSaveDialog());
const CompareDialog = lazy(() => loadCompareDialog());
// The tab strip (tabs/) is a chunk of its own; the tabs themselves are atoms (tabs/tab-atoms.ts).
// The page announces it as a module preload (build.mjs FIRST_SCREEN_PARTS) and it is asked for as
// this module runs, before the first render: drawn with the route list when its chunk is there,
// its fallback bar otherwise (the screen never waits for it).
const TabStrip = lazyScreen(loadTabStrip);
void TabStrip.preload().catch(() => undefined);
const saveRequest = (store: ReturnType<typeof useStore>) => void loadWorkspaceSync().then((sync) => sync.saveCurrentRequest(store));

// The screen reads of the tab's call only what its layout needs, as booleans that change at a Send,
// not when its answer is shown: at the floor only the response pane and the request builder (its
// Send button, tests, notes) re-render, not the route list, tabs, history or docs (issue 31).
const responseEmptyAtom = atom((get) => {
  const { result, failure, pending, live } = get(shownCallAtom).response;
  return !result && !failure && !pending && !live;
});
const hasResultAtom = atom((get) => get(shownCallAtom).response.result !== null);
// What the request builder shows of the call, each its own atom: a streamed answer's head and the
// answer prepared during the hold change the call, not these, and do not re-render the builder.
const pendingAtom = atom((get) => get(shownCallAtom).response.pending);
const notUndoneAtom = atom((get) => get(shownCallAtom).response.result?.meta.trace?.notUndone);
const testResponseAtom = atom((get) => get(shownCallAtom).response.tests);

/**
 * The fields of every pane mark `{{variables}}` with the workspace's scope (see VariableScopeProvider);
 * Compare with…, wherever it opens, diffs in the response viewer's body worker (features/diff body-differ.ts).
 */
export default function ClientScreen() {
  return (
    <VariableScopeProvider>
      <BodyDifferContext value={loadBodySource}>
        <ClientHistory />
      </BodyDifferContext>
    </VariableScopeProvider>
  );
}

/**
 * The screen's history, held above the screen: an entry added after an answer re-renders what
 * lists history (the list, its count, the tab's response and dd() pages, through HistoryContext),
 * not the screen around it (issue 31: the route list, builder, docs and separators, 60 components).
 */
const HistoryContext = createContext<HistoryState | null>(null);
const useScreenHistory = (): HistoryState => {
  const history = use(HistoryContext);
  if (!history) throw new Error('The client screen renders its history parts inside ClientHistory.');
  return history;
};

function ClientHistory() {
  const { maxHistoryLogs } = useAtomValue(preferencesAtom);
  const history = useHistory(maxHistoryLogs);
  return (
    <HistoryContext value={history}>
      <ClientPanes addToHistory={history.add} />
    </HistoryContext>
  );
}

const ClientPanes = memo(function ClientPanes({ addToHistory }: { addToHistory: HistoryState['add'] }) {
  const preferences = useAtomValue(preferencesAtom);
  const store = useStore();
  const state = useAtomValue(requestStateAtom);
  const update = useSetAtom(updateRequestAtom);
  const routes = useRoutes(preferences.autoRefreshRoutes);
  const application = currentApplication(routes.data, state.application, kiteConfig.applications);
  const baseUrl = absoluteBaseUrl(application?.baseUrl);
  // The route follows the method and URL: changing either moves the header and the schema along.
  const route = activeRoute(routes.data, state);
  const jarId = application?.id ?? state.application;
  const sender = useSender(addToHistory, baseUrl, jarId, routes.noticeRevision);
  const { cancel } = sender;
  // An API without a session starts requests with the authorization its document declares.
  const defaults = useMemo(() => withDocumentedAuthorization(preferences, application), [preferences, application]);
  const tabEnvironments = useMemo(() => tabStripEnvironments(store), [store]);
  const drafts = useDrafts(defaults);
  const runAutofill = useAutofill(store, routes.data);
  const [leftTab, setLeftTab] = useState<'routes' | 'history' | 'saved'>('routes');
  const [saveDialogOpen, setSaveDialogOpen] = useAtom(saveDialogOpenAtom);
  const [sendingAs, setSendingAs] = useState(false);
  // "Compare with current" from a history row: the entry compared with the response on screen.
  const [comparingEntry, setComparingEntry] = useState<string | null>(null);
  const onCompareEntry = useCallback((entry: HistoryEntry) => setComparingEntry(entry.id), []);
  const endCompareEntry = useCallback(() => setComparingEntry(null), []);
  const inEnvironment = useMemo(() => ({ environments: async () => (await sender.relayParts()).environments, send: sender.sendInEnvironment }), [sender.relayParts, sender.sendInEnvironment]);
  const globalHeaders = kiteConfig.globalHeaders ?? [];
  const setWorkspaceApplication = useSetAtom(workspaceApplicationAtom);
  useEffect(() => setWorkspaceApplication(application?.id ?? ''), [application?.id, setWorkspaceApplication]);
  // The workspace folder (environments committed with the app) is read at start and again on focus,
  // so its environments are in the picker, and a shared link can name one, before any pane opens.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void loadWorkspaceSync().then((sync) => {
      if (!gone) stop = sync.watchWorkspace(store);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [store, application?.id]);
  const [layout, setLayout] = useAtom(paneLayoutAtom);
  const patchLayout = useCallback((patch: Partial<PaneLayout>) => setLayout((previous) => ({ ...previous, ...patch })), [setLayout]);
  const rootRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = rootRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Whether request and response stack: the grid's rows, which a tab's first Send changes, are ClientGrid's.
  const { narrow } = paneGrid(layout, width);
  // The docs are drawn closed (ClosedDocs) until RouteDocs' chunk is there or the heading is
  // clicked; then RouteDocs stays. A transition: the heading stays on screen (and focused) while
  // RouteDocs loads, and RouteDocs replaces it whole.
  const [docsTakenOver, setDocsTakenOver] = useState(layout.docsOpen);
  const takeOverDocs = useCallback(() => startTransition(() => setDocsTakenOver(true)), []);
  useEffect(() => whenIdle(() => Promise.all([loadRouteDocs().then(takeOverDocs), loadDocsBody(), loadHistoryPanel()]), 'route docs and history'), [takeOverDocs]);
  const openDocs = () =>
    startTransition(() => {
      setDocsTakenOver(true);
      patchLayout({ docsOpen: true });
    });
  const closedDocs = <ClosedDocs route={route} onOpen={openDocs} />;
  // The routes listed (or why not) beside the request's Send, drawn in the same commit: the screen
  // is usable, and the prefetch queue may start once the page is quiet.
  const routesSettled = Boolean(routes.data || routes.error);
  useEffect(() => {
    if (!routesSettled) return;
    markScreenUsable();
    // Not a prefetch: a Send made before the fetch worker runs receives its answer on the page's
    // thread (lib/http/worker-fetch.ts), which at 50 MB cost a first Send half a second (issue 31).
    // The worker is 0.7 KB and starts as soon as the screen can send.
    void startFetchWorker();
  }, [routesSettled]);

  // A request that went out is no longer a draft: leaving its route afterwards keeps nothing.
  // Sending pins a preview tab; a tab from a shared link may ask first (and send itself after).
  const send = useCallback(async (): Promise<void> => {
    if (!beforeSend(store, baseUrl, variableScopeAtom, () => void send())) return;
    const sent = await sender.send();
    if (sent) drafts.sent(sent, activeRoute(routes.data, sent));
  }, [sender.send, drafts, routes.data, store, baseUrl]);

  // Ctrl/Cmd+Enter sends from anywhere on the screen, the body editor included; Ctrl/Cmd+L goes
  // to the URL, as in a browser's address bar.
  useWindowKeydown((event) => {
    if (event.defaultPrevented) return;
    if (matchesShortcut('focus-url', event)) {
      const url = rootRef.current?.querySelector<HTMLInputElement>('input[aria-label="URL"]');
      if (!url) return;
      event.preventDefault();
      url.focus();
      url.select();
      return;
    }
    if (!matchesShortcut('send', event)) return;
    event.preventDefault();
    void send();
  });

  // Ctrl/Cmd+S saves the request into the workspace folder.
  useWindowKeydown((event) => {
    if (!matchesShortcut('save-request', event)) return;
    event.preventDefault();
    saveRequest(store);
  });

  // A picked route opens in the preview tab (pinned on a double click), never over a pinned tab's
  // request; in a new tab it starts from the Settings defaults, as any new tab.
  const selectRoute = useCallback(
    (picked: ListedRoute, applicationId: string, pin = false) => {
      flushPendingEdits();
      if (store.set(focusRouteAtom, { application: applicationId, routeId: picked.id, pin })) return; // already open in a tab
      const next = findRoute(routes.data, applicationId, picked.id);
      if (!next) return;
      const open = (replaced: RequestState | null) => {
        if (replaced) drafts.leave(replaced, activeRoute(routes.data, replaced));
        const opened = drafts.open(next, applicationId, replaced ?? defaultRequestState(defaults));
        // An operation that declares security starts with its first scheme (model/auth).
        return { ...opened, auth: authForRoute(opened.auth, next, schemesOf(routes.data, applicationId)) };
      };
      store.set(openInTabAtom, { build: open, pin, defaults });
    },
    [store, drafts, routes.data, defaults],
  );

  const reset = useCallback(() => {
    const current = store.get(requestStateAtom);
    const currentRoute = activeRoute(routes.data, current);
    if (currentRoute) update(drafts.reset(currentRoute, current));
  }, [store, routes.data, update, drafts]);

  // A history entry opens with its response in the preview tab, as a route does.
  const restore = useCallback(
    (entry: HistoryEntry) => {
      flushPendingEdits();
      const open = (replaced: RequestState | null) => {
        if (replaced) drafts.leave(replaced, activeRoute(routes.data, replaced));
        return normalizeRequestState(entry.request, preferences);
      };
      store.set(openInTabAtom, { build: open, pin: false, historyId: entry.id, defaults });
    },
    [store, drafts, routes.data, preferences, defaults],
  );

  const copyCurl = useCallback(async () => {
    await settlePendingEdits();
    const current = withEffectiveAuth(store.get, store.get(requestStateAtom));
    // Variables are filled in; secret ones only when the user says so.
    const scope = store.get(variableScopeAtom);
    const { secrets } = resolveRequest(current, scope);
    const copy = async (filledFrom: VariableScope) => {
      try {
        const headers = await resolveGlobalHeaders(globalHeaders, current.disabledGlobalHeaders, generateValue);
        const { toCurl, curlNotes } = await import('../../model/request/curl');
        const request = buildRelayRequest(current, headers, [], filledFrom);
        if (!(await copyText(toCurl(request, { baseUrl })))) throw new Error('The browser refused to copy to the clipboard.');
        const [note] = curlNotes(request);
        toast.success('Copied as cURL', note ? { description: note } : undefined);
      } catch (error) {
        toast.error('The cURL command could not be copied', { description: error instanceof Error ? error.message : String(error) });
      }
    };
    if (secrets.length === 0) return copy(scope);
    toast.warning(`This request uses secret variables: ${secrets.join(', ')}`, {
      description: 'Copy the cURL command with their values, or keep {{placeholders}} for them?',
      duration: 15_000,
      action: { label: 'Copy with secrets', onClick: () => void copy(scope) },
      cancel: { label: 'Keep placeholders', onClick: () => void copy(publicScope(scope)) },
    });
  }, [store, baseUrl, globalHeaders]);

  // For the "Code" dialog: variables filled in or kept as {{placeholders}}, as the user chooses;
  // secrets (secret variables, the token and password) only when asked for.
  const describeRequest = useCallback(
    async ({ includeSecrets, fillVariables }: { includeSecrets: boolean; fillVariables: boolean }) => {
      // As Copy as cURL and Send: an auto-fill still on its way is waited for.
      await settlePendingEdits();
      const typed = withEffectiveAuth(store.get, store.get(requestStateAtom));
      const scope = store.get(variableScopeAtom);
      const headers = await resolveGlobalHeaders(globalHeaders, typed.disabledGlobalHeaders, generateValue);
      const { describeOutgoing } = await import('../../model/request/outgoing');
      const filledFrom = fillVariables ? (includeSecrets ? scope : publicScope(scope)) : EMPTY_SCOPE;
      return describeOutgoing(buildRelayRequest(typed, headers, [], filledFrom), { baseUrl, includeSecrets });
    },
    [store, baseUrl, globalHeaders],
  );

  const routesCollapsed = layout.routesCollapsed;
  return (
    <ClientGrid rootRef={rootRef} layout={layout} width={width}>
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
                <HistoryCount />
              </button>
              <button type="button" role="tab" className="kite-pane-tab" aria-selected={leftTab === 'saved'} onClick={() => setLeftTab('saved')}>
                <Bookmark size={14} aria-hidden="true" /> Saved
              </button>
              <button type="button" className="kite-tool-button kite-routes-close" aria-label="Hide routes" title="Hide routes" onClick={() => patchLayout({ routesCollapsed: true })}>
                <ChevronRight size={14} aria-hidden="true" className="kite-flip" />
              </button>
            </div>
            {leftTab === 'routes' ? (
              <ErrorBoundary key="routes" name="The route list">
                <RouteExplorer routes={routes} selectedRouteId={route?.id ?? ''} onSelect={selectRoute} />
              </ErrorBoundary>
            ) : leftTab === 'history' ? (
              <ErrorBoundary key="history" name="History">
                <Suspense fallback={<p className="kite-explorer-message">Loading history…</p>}>
                  <HistoryPanelOfCall onRestore={restore} onCompare={onCompareEntry} />
                </Suspense>
              </ErrorBoundary>
            ) : (
              <ErrorBoundary key="saved" name="Saved requests">
                <Suspense fallback={null}>
                  <SavedPane defaults={defaults} />
                </Suspense>
              </ErrorBoundary>
            )}
          </>
        )}
        {saveDialogOpen && (
          <Suspense fallback={null}>
            <SaveDialog onClose={() => setSaveDialogOpen(false)} suggestion={route?.summary || route?.name || `${state.method} ${state.url}`.trim()} fileName={route?.name} />
          </Suspense>
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
        <ErrorBoundary name="The tabs">
          <Suspense fallback={<div className="kite-req-tabs-bar"><div className="kite-req-tabs" /></div>}>
            <TabStrip defaults={defaults} baseUrl={baseUrl} environments={tabEnvironments} />
          </Suspense>
        </ErrorBoundary>
        <ErrorBoundary name="The request builder">
          <RequestBuilderOfCall
            state={state}
            update={update}
            route={route}
            baseUrl={baseUrl}
            globalHeaders={globalHeaders}
            onSend={() => void send()}
            onCancel={cancel}
            onSendAs={() => setSendingAs(true)}
            onAutofill={(seed) => void runAutofill(seed)}
            onCopyCurl={() => void copyCurl()}
            onReset={route ? reset : undefined}
            jarId={jarId}
            authNote={application?.defaultAuthorization}
            declaredAuths={declaredAuths(route, schemesOf(routes.data, application?.id ?? ''))}
            describeRequest={describeRequest}
          />
          {sendingAs ? <SendAsLauncher state={state} baseUrl={baseUrl} prepare={sender.relayParts} onClose={() => setSendingAs(false)} /> : null}
          <Suspense fallback={closedDocs}>
            {docsTakenOver || layout.docsOpen ? (
              <RouteDocs route={route} securityLabels={routeSchemeLabels(route, schemesOf(routes.data, application?.id ?? ''))} open={layout.docsOpen} onOpenChange={(docsOpen) => patchLayout({ docsOpen })} />
            ) : (
              closedDocs
            )}
          </Suspense>
        </ErrorBoundary>
      </section>
      <PaneSeparator
        className="kite-separator-split"
        label="Resize the request and response panes"
        orientation={narrow ? 'horizontal' : 'vertical'}
        value={layout.split}
        range={SPLIT}
        controls="kite-request-pane"
        perPixel={() => {
          const box = rootRef.current?.getBoundingClientRect();
          const room = narrow ? (box?.height ?? 0) : (box?.width ?? 0) - (routesCollapsed ? 36 : layout.routesWidth);
          return room > 0 ? 100 / room : 0;
        }}
        onChange={(split) => patchLayout({ split })}
      />
      <section className="kite-client-pane kite-client-right" aria-label="Response">
        <ErrorBoundary name="The response">
          <ResponsePane inEnvironment={inEnvironment} comparingEntry={comparingEntry} onCompareEnd={endCompareEntry} />
        </ErrorBoundary>
      </section>
      <TabResponseOfHistory />
    </ClientGrid>
  );
});

/**
 * The screen's grid. It reads whether the tab's response is empty itself: a tab's first Send (the
 * response pane going from its note to "Sending request…") re-renders this element, and the panes
 * it holds, the same elements as before, are left as they were (issue 31: 65 components re-rendered
 * between the click and the floor when ClientPanes read it).
 */
function ClientGrid({ rootRef, layout, width, children }: { rootRef: RefObject<HTMLDivElement | null>; layout: PaneLayout; width: number; children: ReactNode }) {
  const responseEmpty = useAtomValue(responseEmptyAtom);
  const grid = paneGrid(layout, width, responseEmpty);
  return (
    <div
      ref={rootRef}
      className="kite-client"
      data-narrow={grid.narrow || undefined}
      data-routes-collapsed={layout.routesCollapsed || undefined}
      style={{ gridTemplateColumns: grid.columns, gridTemplateRows: grid.rows }}
    >
      {children}
    </div>
  );
}

/** The History tab's count of entries. */
function HistoryCount() {
  const { entries } = useScreenHistory();
  return entries.length > 0 ? <span className="kite-tab-count">{entries.length}</span> : null;
}

/** A tab opened on a history entry shows that entry's response (features/tabs useTabResponse). */
function TabResponseOfHistory() {
  useTabResponse(useScreenHistory());
  return null;
}

/** The history list, its row of the tab on screen selected, offering Compare with current only while the tab shows a response: re-rendered when these change, not the screen. */
function HistoryPanelOfCall({ onCompare, ...props }: Omit<ComponentProps<typeof HistoryPanel>, 'history' | 'selectedId'>) {
  const history = useScreenHistory();
  const { historyId } = useAtomValue(activeTabAtom);
  const hasResult = useAtomValue(hasResultAtom);
  return <HistoryPanel {...props} history={history} selectedId={historyId} onCompare={hasResult ? onCompare : undefined} />;
}

/** The request builder with what the tab's call gives it: re-rendered when these change, not by the rest of the call or the screen. */
function RequestBuilderOfCall(props: Omit<ComponentProps<typeof RequestBuilder>, 'pending' | 'notUndone' | 'testResponse'>) {
  const pending = useAtomValue(pendingAtom);
  const notUndone = useAtomValue(notUndoneAtom);
  const testResponse = useAtomValue(testResponseAtom);
  return <RequestBuilder {...props} pending={pending} notUndone={notUndone} testResponse={testResponse} />;
}

type ResponsePaneProps = Pick<ComponentProps<typeof LazyResponseViewer>, 'inEnvironment'> & {
  /** "Compare with current" from a history row: the entry compared with the response on screen. */
  comparingEntry: string | null;
  onCompareEnd: () => void;
};

/** The tab's response, and Compare with current: the part of the screen an answer re-renders. */
const ResponsePane = memo(function ResponsePane({ inEnvironment, comparingEntry, onCompareEnd }: ResponsePaneProps) {
  const { response } = useAtomValue(shownCallAtom);
  // A dd() answer pages through this tab's other dd() answers in the Trace.
  const { entries } = useScreenHistory();
  const { id: tabId, historyId } = useAtomValue(activeTabAtom);
  const ddPages = useMemo(() => ddPagesOfTab(entries, tabId, historyId), [entries, tabId, historyId]);
  return (
    <>
      <LazyResponseViewer result={response.result} failure={response.failure} pending={response.pending} live={response.live} prepared={response.prepared} sent={response.sent} ddPages={ddPages} inEnvironment={inEnvironment} />
      {comparingEntry && response.result ? (
        <Suspense fallback={null}>
          <CompareDialog current={{ result: response.result, sent: response.sent }} againstHistoryId={comparingEntry} onClose={onCompareEnd} />
        </Suspense>
      ) : null}
    </>
  );
});
