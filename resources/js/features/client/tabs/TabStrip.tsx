// The tab strip above the request builder: several requests open at once, each with its own last
// response. It swaps the whole request state (requestStateAtom) and the response in and out, so the
// builder and the sender stay as they are; a tab's response comes back from its history entry.
// A route or history entry picked with one click opens in the preview tab (italic), which the next
// pick replaces with its response; editing or sending pins it, and a pinned tab is never replaced.
// Keys: Alt+N new, Alt+W close, Alt+Shift+←/→ move, Ctrl/Cmd+1…9 open the Nth tab.
import { matchesShortcut, tabNumber } from '../../../lib/keyboard-shortcuts';
import { useAtomValue, useStore } from 'jotai';
import { Link2, Plus, X } from 'lucide-react';
import { type MutableRefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { copyText } from '../../../lib/clipboard';
import type { HistoryState } from '../../history/use-history';
import { redactSecrets } from '../../../model/workspace/variables';
import { applicationWorkspaceAtom, variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom } from '../../workspace/workspace-atoms';
import { readWorkspaceAtStart } from '../../workspace/workspace-sync';
import { normalizeRequestState } from '../../../model/request/normalize-request';
import { type RequestDefaults, defaultRequestState } from '../../../model/request/request-state';
import { flushPendingEdits, settlePendingEdits } from '../state/pending-edits';
import { browserStorage } from '../../../lib/storage';
import { requestStateAtom } from '../state/request-atoms';
import type { ParkedResponse, ResponseState } from '../state/use-sender';
import {
  type Tab,
  type Tabs,
  type TabsApi,
  MAX_TABS,
  activeTab,
  previewTarget,
  replaceTab,
  addTab,
  closeTab,
  isBlank,
  loadTabs,
  moveTab,
  newTab,
  saveTabs,
  tabForRoute,
  tabLabel,
  updateTab,
} from './tabs';
import { TabsMenu } from './TabsMenu';
import { secretsInDestination, sharedDestination } from './shared-destination';

const SAVE_DEBOUNCE_MS = 400;
const NO_RESPONSE: ResponseState = { result: null, failure: null, pending: false };
const loadShare = () => import('./share-link');

export interface TabStripProps {
  response: ResponseState;
  setResponse: (response: ResponseState) => void;
  /** A tab comes on screen: what its request came to meanwhile, if it ran on (see useSender). */
  enter: (id: string) => ParkedResponse | null;
  /** A tab is closed: its request in flight is cancelled. */
  forget: (id: string) => void;
  /** Where the sender tells of a history entry for a tab not on screen. */
  onBackgroundHistory: MutableRefObject<((owner: string, id: string) => void) | null>;
  historyId: string | null;
  setHistoryId: (id: string | null) => void;
  history: HistoryState;
  defaults: RequestDefaults;
  apiRef: MutableRefObject<TabsApi | null>;
  /** Called when another tab opens (the saved request that was open is no longer on screen). */
  onSwitch: () => void;
  /** The application's base URL: a shared request's note shows where it goes. */
  baseUrl: string;
}

export default function TabStrip({ response, setResponse, enter, forget, onBackgroundHistory, historyId, setHistoryId, history, defaults, apiRef, onSwitch, baseUrl }: TabStripProps) {
  const store = useStore();
  const [tabs, setTabs] = useState<Tabs>(() => loadTabs(browserStorage(), store.get(requestStateAtom), defaults));
  const [state, setState] = useState(() => store.get(requestStateAtom));
  const [editing, setEditing] = useState<string | null>(null);
  const tabsRef = useRef(tabs);
  tabsRef.current = tabs;
  const live = useRef({ response, historyId, history });
  live.current = { response, historyId, history };
  const dragged = useRef<string | null>(null);

  const scope = useAtomValue(variableScopeAtom);

  // An edit pins the preview tab: a request typed into is never replaced by the next pick. (A tab
  // swapped in sets the atom to the very state the tab holds, which is no edit.)
  useEffect(
    () =>
      store.sub(requestStateAtom, () => {
        const next = store.get(requestStateAtom);
        setState(next);
        const open = activeTab(tabsRef.current);
        if (open.preview && open.state !== next) setTabs((previous) => (tabsRef.current = updateTab(previous, open.id, { preview: undefined })));
      }),
    [store],
  );

  /** The list with the open tab's request and response as they are now. */
  const current = useCallback((): Tabs => updateTab(tabsRef.current, tabsRef.current.activeId, { state: store.get(requestStateAtom), historyId: live.current.historyId }), [store]);

  const showResponse = useCallback(
    async (tab: Tab) => {
      setHistoryId(tab.historyId);
      const entry = tab.historyId ? live.current.history.entries.find((item) => item.id === tab.historyId) : undefined;
      if (!entry) return setResponse(NO_RESPONSE);
      setResponse(NO_RESPONSE);
      const shown = await live.current.history.response(entry);
      if (tabsRef.current.activeId === tab.id) setResponse(shown);
    },
    [setResponse, setHistoryId],
  );

  /** Makes `next` the list; when its open tab changed, swaps its request and response in. */
  const commit = useCallback(
    (next: Tabs) => {
      const switched = next.activeId !== tabsRef.current.activeId;
      tabsRef.current = next;
      setTabs(next);
      if (!switched) return;
      const tab = activeTab(next);
      onSwitch();
      store.set(requestStateAtom, tab.state);
      // A request on its way runs on for the tab being left, and its answer lands there: this tab
      // shows what its own request came to meanwhile, else its last response from history.
      const back = enter(tab.id);
      if (!back) return void showResponse(tab);
      setHistoryId(back.historyId ?? tab.historyId);
      setResponse(back.response);
    },
    [store, enter, showResponse, onSwitch, setHistoryId, setResponse],
  );
  // The sender learns which tab is on screen once the tabs have loaded, and tells which history
  // entry a tab's request got while another tab was on screen (kept in the list, so a reload shows it).
  useEffect(() => void enter(tabsRef.current.activeId), [enter]);
  useEffect(() => {
    onBackgroundHistory.current = (owner, id) => setTabs((previous) => (tabsRef.current = updateTab(previous, owner, { historyId: id })));
    return () => {
      onBackgroundHistory.current = null;
    };
  }, [onBackgroundHistory]);

  const select = useCallback(
    (id: string) => {
      flushPendingEdits();
      commit({ ...current(), activeId: id });
    },
    [commit, current],
  );
  // A new tab starts from the Settings defaults, the authorization too: a token typed in one tab
  // never goes out from another.
  const blank = useCallback(() => newTab(defaultRequestState(defaults)), [defaults]);
  const add = useCallback(
    (tab?: Tab) => {
      flushPendingEdits();
      if (tabsRef.current.tabs.length >= MAX_TABS) return void toast.warning(`At most ${MAX_TABS} tabs stay open; close one first.`);
      commit(addTab(current(), tab ?? blank()));
    },
    [commit, current, blank],
  );
  const close = useCallback(
    (id: string) => {
      flushPendingEdits();
      commit(closeTab(current(), id, blank));
      forget(id);
    },
    [commit, current, blank, forget],
  );
  const move = useCallback((id: string, to: number) => commit(moveTab(current(), id, to)), [commit, current]);
  const rename = useCallback(
    (id: string, name: string) => {
      setEditing(null);
      const tab = tabsRef.current.tabs.find((item) => item.id === id);
      if (!tab) return;
      const trimmed = name.trim();
      commit(updateTab(tabsRef.current, id, { name: trimmed === tabLabel({ ...tab, name: '', state: tab.id === tabsRef.current.activeId ? store.get(requestStateAtom) : tab.state }) ? '' : trimmed }));
    },
    [commit, store],
  );

  // The screen asks here first when a route is picked: its open tab, if any, comes to the front;
  // else the pick opens in the preview tab (or pinned, on a double click).
  useEffect(() => {
    apiRef.current = {
      focusRoute(application, routeId, pin) {
        const list = current();
        const tab = tabForRoute(list, application, routeId);
        if (!tab) return false;
        if (tab.id !== list.activeId) select(tab.id);
        if (pin && tab.preview) commit(updateTab(current(), tab.id, { preview: undefined }));
        return true;
      },
      open(build, { pin, historyId: shownId = null }) {
        flushPendingEdits();
        const list = current();
        const target = previewTarget(list, defaults);
        if (!target && list.tabs.length >= MAX_TABS) return void toast.warning(`At most ${MAX_TABS} tabs stay open; close one first.`);
        const state = build(target ? target.state : null);
        // A new tab of its own: the response of the request it replaces does not come along.
        commit(replaceTab(list, target?.id, newTab(state, { historyId: shownId, preview: pin ? undefined : true })));
        if (target) forget(target.id);
      },
      async beforeSend(send) {
        const list = current();
        const open = activeTab(list);
        if (open.fromLink) {
          const secrets = secretsInDestination(store.get(requestStateAtom), store.get(variableScopeAtom));
          if (secrets.length > 0) {
            toast.warning(`This shared request puts the secret ${secrets.length === 1 ? 'variable' : 'variables'} ${secrets.map((name) => `{{${name}}}`).join(', ')} in its URL`, {
              description: `Its value would go to ${sharedDestination(store.get(requestStateAtom), baseUrl, store.get(variableScopeAtom))}. Send only if you trust that address.`,
              duration: 15_000,
              action: {
                label: 'Send anyway',
                onClick: () => {
                  commit(updateTab(current(), open.id, { fromLink: undefined }));
                  send();
                },
              },
              cancel: { label: 'Not now', onClick: () => {} },
            });
            return false;
          }
        }
        if (open.preview || open.fromLink) commit(updateTab(list, open.id, { preview: undefined, fromLink: undefined }));
        return true;
      },
    };
    return () => {
      apiRef.current = null;
    };
  }, [apiRef, current, select, commit, defaults, forget, store, baseUrl]);

  // The open tab follows each send; the list is saved shortly after each change and on leaving.
  const lastHistoryId = useRef(historyId);
  useEffect(() => {
    if (historyId === lastHistoryId.current) return; // not on mount: a restored tab keeps its entry
    lastHistoryId.current = historyId;
    if (historyId !== activeTab(tabsRef.current).historyId) setTabs((previous) => (tabsRef.current = updateTab(previous, previous.activeId, { historyId })));
  }, [historyId]);
  useEffect(() => {
    const timer = setTimeout(() => saveTabs(browserStorage(), current()), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [tabs, state, historyId, current]);
  useEffect(() => {
    const onPageHide = () => saveTabs(browserStorage(), current());
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [current]);

  // After a reload the open tab shows its last response again, once history has loaded.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !history.loaded) return;
    restored.current = true;
    const tab = activeTab(tabsRef.current);
    if (tab.historyId && !live.current.response.result && !live.current.response.pending && !live.current.response.failure) void showResponse(tab);
  }, [history.loaded, showResponse]);

  // A shared link (#share=…) opens in a tab of its own, on arrival or pasted into this page's
  // address bar; the fragment leaves the address bar.
  const openShared = useCallback(() => {
    const fragment = window.location.hash;
    if (!fragment.startsWith('#share=')) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    // The workspace folder's environments are read first: the link may name one of them.
    void Promise.all([loadShare(), readWorkspaceAtStart(store).catch(() => {})])
      .then(([share]) => {
        const shared = share.decodeShare(fragment.slice('#share='.length), (value) => normalizeRequestState(value, defaults));
        const open = activeTab(current());
        // No credential of the receiver's goes along with a request the link chose: the tab starts
        // with the Settings default authorization, like any new tab.
        const tab = newTab({ ...shared.state, auth: defaultRequestState(defaults).auth }, { note: share.shareNote(shared), fromLink: true });
        if (isBlank(open, defaults)) commit({ tabs: current().tabs.map((item) => (item.id === open.id ? tab : item)), activeId: tab.id });
        else add(tab);
        // The environment the link names becomes the active one when this application has it.
        const application = shared.state.application || store.get(workspaceApplicationAtom);
        const outcome = share.sharedEnvironment(store.get(workspaceStoreAtom), application, shared.environment);
        if (outcome.store !== store.get(workspaceStoreAtom)) store.set(workspaceStoreAtom, outcome.store);
        if (outcome.message?.ok) toast.success(outcome.message.text);
        else if (outcome.message) toast.warning(outcome.message.text, { description: outcome.message.description });
      })
      .catch((error: unknown) => {
        console.warn('Kite: the shared link could not be read.', error);
        toast.error('This shared link could not be read', { description: error instanceof Error ? error.message : String(error) });
      });
  }, [defaults, current, commit, add, store]);
  useEffect(() => {
    openShared();
    window.addEventListener('hashchange', openShared);
    return () => window.removeEventListener('hashchange', openShared);
  }, [openShared]);

  const copyLink = useCallback(async () => {
    await settlePendingEdits();
    try {
      const share = await loadShare();
      const link = share.shareLink(window.location, {
        state: store.get(requestStateAtom),
        environment: store.get(applicationWorkspaceAtom).active,
        last: share.lastAnswer(live.current.response.result),
      }, (text) => redactSecrets(text, store.get(variableScopeAtom)));
      if (link.length > share.MAX_LINK_LENGTH) {
        return void toast.error(`This link would be ${link.length.toLocaleString('en')} characters long`, {
          description: `Links over ${share.MAX_LINK_LENGTH.toLocaleString('en')} characters break in many places; save the request (Ctrl+S) or share it as cURL instead.`,
        });
      }
      if (!(await copyText(link))) throw new Error('The browser refused to copy to the clipboard.');
      toast.success('Link copied', { description: 'Without tokens, passwords, secret variable values or cookies.' });
    } catch (error) {
      toast.error('The link could not be copied', { description: error instanceof Error ? error.message : String(error) });
    }
  }, [store]);

  // Keys work from anywhere on the screen, the editors included.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const list = tabsRef.current;
      const index = list.tabs.findIndex((tab) => tab.id === list.activeId);
      let handled = true;
      if (matchesShortcut('new-tab', event)) add();
      else if (matchesShortcut('close-tab', event)) close(list.activeId);
      else if (matchesShortcut('move-tab', event)) move(list.activeId, index + (event.key === 'ArrowLeft' ? -1 : 1));
      else if (matchesShortcut('open-tab-n', event)) {
        const tab = list.tabs[tabNumber(event) - 1];
        if (tab) select(tab.id);
      } else handled = false;
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [add, close, move, select]);

  // The open tab is always in view when the strip scrolls (many tabs): only the strip moves.
  const listRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector('[data-selected]');
    if (!list || !tab) return;
    const box = list.getBoundingClientRect();
    const place = tab.getBoundingClientRect();
    if (place.left < box.left) list.scrollLeft -= box.left - place.left;
    else if (place.right > box.right) list.scrollLeft += place.right - box.right;
  }, [tabs.activeId, tabs.tabs.length]);

  const open = activeTab(tabs);
  return (
    <div className="kite-req-tabs-bar">
      <div className="kite-req-tabs">
        <div ref={listRef} className="kite-req-tablist" role="tablist" aria-label="Open requests">
          {tabs.tabs.map((tab, index) => {
            const shown = tab.id === tabs.activeId ? { ...tab, state } : tab;
            const label = tabLabel(shown);
            const selected = tab.id === tabs.activeId;
            return (
              <div
                key={tab.id}
                className="kite-req-tab"
                data-selected={selected || undefined}
                data-preview={tab.preview || undefined}
                draggable={editing !== tab.id}
                onDragStart={(event) => {
                  dragged.current = tab.id;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', label);
                }}
                onDragOver={(event) => dragged.current && event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged.current) move(dragged.current, index);
                  dragged.current = null;
                }}
                onAuxClick={(event) => event.button === 1 && close(tab.id)}
                onMouseDown={(event) => event.button === 1 && event.preventDefault()}
              >
                {editing === tab.id ? (
                  <input
                    className="kite-req-tab-name"
                    aria-label="Tab name"
                    defaultValue={label}
                    autoFocus
                    onFocus={(event) => event.currentTarget.select()}
                    onBlur={(event) => rename(tab.id, event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') rename(tab.id, event.currentTarget.value);
                      else if (event.key === 'Escape') setEditing(null);
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    role="tab"
                    aria-selected={selected}
                    aria-label={label}
                    tabIndex={selected ? 0 : -1}
                    title={`${label} (double click to rename)`}
                    onClick={() => select(tab.id)}
                    onDoubleClick={() => setEditing(tab.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'F2') setEditing(tab.id);
                      else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !event.altKey) {
                        const next = tabs.tabs[index + (event.key === 'ArrowLeft' ? -1 : 1)];
                        if (next) select(next.id);
                      } else return;
                      event.preventDefault();
                    }}
                    ref={(element) => {
                      if (selected && element && element.ownerDocument.activeElement?.closest('.kite-req-tablist')) element.focus();
                    }}
                  >
                    <TabTitle tab={shown} />
                  </button>
                )}
                <button type="button" className="kite-req-tab-close" aria-label={`Close ${label}`} tabIndex={-1} onClick={() => close(tab.id)}>
                  <X size={12} aria-hidden="true" />
                </button>
              </div>
            );
          })}
        </div>
        {tabs.tabs.length > 1 ? (
          <TabsMenu count={tabs.tabs.length}>
            {(closeMenu) =>
              tabs.tabs.map((tab) => {
                const shown = tab.id === tabs.activeId ? { ...tab, state } : tab;
                return (
                  <button
                    key={tab.id}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="kite-req-tabs-menu-item"
                    aria-label={tabLabel(shown)}
                    aria-current={tab.id === tabs.activeId || undefined}
                    data-preview={tab.preview || undefined}
                    onClick={() => {
                      closeMenu();
                      select(tab.id);
                    }}
                  >
                    <TabTitle tab={shown} />
                  </button>
                );
              })
            }
          </TabsMenu>
        ) : null}
        <button type="button" className="kite-tool-button" aria-label="New tab" title="New tab (Alt+N)" onClick={() => add()}>
          <Plus size={14} aria-hidden="true" />
        </button>
        <button type="button" className="kite-tool-button kite-req-share" aria-label="Copy link" title="Copy a link to this request (no secrets)" onClick={() => void copyLink()}>
          <Link2 size={14} aria-hidden="true" />
        </button>
      </div>
      {open.note && (
        <p className="kite-req-tab-note" role="note">
          {open.note}
          {open.fromLink ? <span className="kite-req-tab-destination">Sends {sharedDestination(state, baseUrl, scope)}</span> : null}
          <button type="button" className="kite-link-button" onClick={() => commit(updateTab(current(), open.id, { note: undefined }))}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}

/** A tab's title: the method badge, then its name (or path). */
function TabTitle({ tab }: { tab: Tab }) {
  return (
    <>
      {tab.state.url ? <span className="kite-badge kite-method" data-method={tab.state.method}>{tab.state.method}</span> : null}
      <span className="kite-req-tab-label">{tab.name || (tab.state.url ? tab.state.url : tabLabel(tab))}</span>
    </>
  );
}
