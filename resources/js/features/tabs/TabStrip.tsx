// The tab strip above the request builder: several requests open at once, each with its own last
// response. The tabs are documents in jotai (tab-atoms.ts): this strip reads them and changes them
// through their action atoms, so the builder and the response viewer follow the open tab.
// A route or history entry picked with one click opens in the preview tab (italic), which the next
// pick replaces with its response; editing or sending pins it, and a pinned tab is never replaced.
// Keys: Alt+N new, Alt+W close, Alt+Shift+←/→ move, Ctrl/Cmd+1…9 open the Nth tab.
import { matchesShortcut, tabNumber } from '../../lib/keyboard-shortcuts';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import { useAtomValue, useSetAtom, useStore, type Atom, type WritableAtom } from 'jotai';
import { Link2, Plus, X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { copyText } from '../../lib/clipboard';
import { redactSecrets, type VariableScope } from '../../model/workspace/variables';
import type { ApplicationWorkspace, WorkspaceStore } from '../../model/workspace/environments';
import { normalizeRequestState } from '../../model/request/normalize-request';
import { type RequestDefaults, defaultRequestState } from '../../model/request/request-state';
import { settlePendingEdits } from '../../lib/pending-edits';
import { type Tab, activeTab, isBlank, newTab, tabLabel } from './tab-list';
import { activeTabAtom, addTabAtom, closeTabAtom, moveTabAtom, openRequestAtom, replaceTabAtom, selectTabAtom, shownCallAtom, tabsAtom, updateTabAtom } from './tab-atoms';
import { TabsMenu } from './TabsMenu';
import { sharedDestination } from './shared-destination';

const loadShare = () => import('./share-link');

export interface TabStripProps {
  /** What a new tab starts from (the Settings defaults, the document's authorization). */
  defaults: RequestDefaults;
  /** The application's base URL: a shared request's note shows where it goes. */
  baseUrl: string;
  /** The environments a shared link names and is checked against, from the workspace (app/ hands them over: the workspace imports tabs, not the other way round). */
  environments: TabStripEnvironments;
}

export interface TabStripEnvironments {
  /** What `{{name}}` means now: a link's URL is checked and redacted with it. */
  scopeAtom: Atom<VariableScope>;
  /** This browser's environments: the one a shared link names becomes the active one. */
  storeAtom: WritableAtom<WorkspaceStore, [WorkspaceStore], void>;
  /** The application whose environments apply, and its active environment (a copied link names it). */
  applicationAtom: Atom<string>;
  applicationWorkspaceAtom: Atom<ApplicationWorkspace>;
  /** Reads the workspace folder's environments once (a link may name one of them). */
  readAtStart: () => Promise<void>;
}

export default function TabStrip({ defaults, baseUrl, environments }: TabStripProps) {
  const store = useStore();
  const tabs = useAtomValue(tabsAtom);
  const [editing, setEditing] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  const scope = useAtomValue(environments.scopeAtom);
  const select = useSetAtom(selectTabAtom);
  const addTab = useSetAtom(addTabAtom);
  const closeTab = useSetAtom(closeTabAtom);
  const moveTab = useSetAtom(moveTabAtom);
  const updateTab = useSetAtom(updateTabAtom);
  const add = useCallback((tab?: Tab) => addTab({ tab, defaults }), [addTab, defaults]);
  const close = useCallback((id: string) => closeTab({ id, defaults }), [closeTab, defaults]);
  const move = useCallback((id: string, to: number) => moveTab({ id, to }), [moveTab]);
  const rename = useCallback(
    (id: string, name: string) => {
      setEditing(null);
      const tab = store.get(tabsAtom).tabs.find((item) => item.id === id);
      if (!tab) return;
      const trimmed = name.trim();
      updateTab({ id, change: { name: trimmed === tabLabel({ ...tab, name: '' }) ? '' : trimmed } });
    },
    [store, updateTab],
  );

  // A shared link (#share=…) opens in a tab of its own, on arrival or pasted into this page's
  // address bar; the fragment leaves the address bar.
  const openShared = useCallback(() => {
    const fragment = window.location.hash;
    if (!fragment.startsWith('#share=')) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    // The workspace folder's environments are read first: the link may name one of them.
    void Promise.all([loadShare(), environments.readAtStart().catch(() => {})])
      .then(([share]) => {
        const shared = share.decodeShare(fragment.slice('#share='.length), (value) => normalizeRequestState(value, defaults));
        const open = store.get(activeTabAtom);
        // No credential of the receiver's goes along with a request the link chose: the tab starts
        // with the Settings default authorization, like any new tab.
        const tab = newTab({ ...shared.state, auth: defaultRequestState(defaults).auth }, { note: share.shareNote(shared), fromLink: true });
        if (isBlank(open, defaults)) store.set(replaceTabAtom, { id: open.id, tab });
        else add(tab);
        // The environment the link names becomes the active one when this application has it.
        const application = shared.state.application || store.get(environments.applicationAtom);
        const outcome = share.sharedEnvironment(store.get(environments.storeAtom), application, shared.environment);
        if (outcome.store !== store.get(environments.storeAtom)) store.set(environments.storeAtom, outcome.store);
        if (outcome.message?.ok) toast.success(outcome.message.text);
        else if (outcome.message) toast.warning(outcome.message.text, { description: outcome.message.description });
      })
      .catch((error: unknown) => {
        console.warn('Kite: the shared link could not be read.', error);
        toast.error('This shared link could not be read', { description: error instanceof Error ? error.message : String(error) });
      });
  }, [defaults, add, store, environments]);
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
        state: store.get(openRequestAtom),
        environment: store.get(environments.applicationWorkspaceAtom).active,
        last: share.lastAnswer(store.get(shownCallAtom).response.result),
      }, (text) => redactSecrets(text, store.get(environments.scopeAtom)));
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
  }, [store, environments]);

  // Keys work from anywhere on the screen, the editors included.
  useWindowKeydown((event) => {
    if (event.defaultPrevented) return;
    const list = store.get(tabsAtom);
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
  });

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
  const state = open.state;
  return (
    <div className="kite-req-tabs-bar">
      <div className="kite-req-tabs">
        <div ref={listRef} className="kite-req-tablist" role="tablist" aria-label="Open requests">
          {tabs.tabs.map((tab, index) => {
            const label = tabLabel(tab);
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
                    <TabTitle tab={tab} />
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
                return (
                  <button
                    key={tab.id}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="kite-req-tabs-menu-item"
                    aria-label={tabLabel(tab)}
                    aria-current={tab.id === tabs.activeId || undefined}
                    data-preview={tab.preview || undefined}
                    onClick={() => {
                      closeMenu();
                      select(tab.id);
                    }}
                  >
                    <TabTitle tab={tab} />
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
          <button type="button" className="kite-link-button" onClick={() => updateTab({ id: open.id, change: { note: undefined } })}>
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
