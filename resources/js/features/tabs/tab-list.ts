// Tabs: several requests open at once. A tab holds a whole request state and the history entry of
// its last response; the open tab's request lives in openRequestAtom (tab-atoms.ts), and the tab
// atoms swap states in and out. Pure rules here; the list survives a reload under its own
// localStorage key, read back tab by tab, so a corrupt entry yields one tab, never a broken page.
// What is stored is the tab document without its response or running call (those are in memory
// only, see tab-atoms.ts), as Hoppscotch's persistableTabState.
import { isRecord } from '../../model/is-record';
import { readStored, writeStored, type StorageLike, type StoredKey } from '../../lib/storage';
import { slimRequestState } from './persistence';
import { normalizeRequestState } from '../../model/request/normalize-request';
import { type RequestDefaults, type RequestState, defaultRequestState } from '../../model/request/request-state';

export const TABS_STORAGE_KEY = 'kite:tabs';
/** Tabs kept open at most; a new one past this replaces nothing and is refused by the caller. */
export const MAX_TABS = 30;

export interface Tab {
  id: string;
  /** The name the user gave it; empty means "METHOD /path". */
  name: string;
  state: RequestState;
  /** The history entry of its last response, shown again when the tab is opened or restored. */
  historyId: string | null;
  /** A note shown above the request (a shared link's last answer), until dismissed. */
  note?: string;
  /**
   * A preview tab (italic title), as in code editors: a route or history entry picked with a single
   * click opens here, and the next pick replaces it; editing or sending pins it (false).
   */
  preview?: boolean;
  /** Opened from a shared link and not sent yet: its first Send asks when its URL uses a secret variable. */
  fromLink?: boolean;
}

export interface Tabs {
  tabs: Tab[];
  activeId: string;
}

let counter = 0;
export function newTabId(): string {
  counter += 1;
  return `t${Date.now().toString(36)}${counter.toString(36)}`;
}

export function newTab(state: RequestState, extra: Partial<Tab> = {}): Tab {
  return { id: newTabId(), name: '', state, historyId: null, ...extra };
}

/** The tab's name: the one given, else "METHOD /path", else "New request". */
export function tabLabel(tab: Tab): string {
  if (tab.name.trim()) return tab.name.trim();
  return tab.state.url ? `${tab.state.method} ${tab.state.url}` : 'New request';
}

export function activeTab(tabs: Tabs): Tab {
  return tabs.tabs.find((tab) => tab.id === tabs.activeId) ?? tabs.tabs[0];
}

/** A tab whose request is a fresh one nobody typed into: a picked route may load there. */
export function isBlank(tab: Tab, defaults?: RequestDefaults): boolean {
  return !tab.name && tab.historyId === null && JSON.stringify(withoutAuth(tab.state)) === JSON.stringify(withoutAuth(defaultRequestState(defaults)));
}
const withoutAuth = (state: RequestState) => ({ ...state, auth: null });

/** The open tab of a route (same application, route and method), if any. */
export function tabForRoute(tabs: Tabs, application: string, routeId: string): Tab | undefined {
  return tabs.tabs.find((tab) => tab.state.routeId === routeId && tab.state.application === application);
}

export function updateTab(tabs: Tabs, id: string, change: Partial<Tab>): Tabs {
  return { ...tabs, tabs: tabs.tabs.map((tab) => (tab.id === id ? { ...tab, ...change } : tab)) };
}

/**
 * The tab a single-click pick loads into: the open tab when it is a preview or blank, else the
 * preview tab elsewhere in the list; undefined when a new tab is needed. A pinned tab is never it.
 */
export function previewTarget(tabs: Tabs, defaults?: RequestDefaults): Tab | undefined {
  const open = activeTab(tabs);
  if (open.preview || isBlank(open, defaults)) return open;
  return tabs.tabs.find((tab) => tab.preview);
}

/** Puts `tab` in the place of the tab `id` (or after the open one when there is none) and opens it. */
export function replaceTab(tabs: Tabs, id: string | undefined, tab: Tab): Tabs {
  if (!id || !tabs.tabs.some((other) => other.id === id)) return addTab(tabs, tab);
  return { tabs: tabs.tabs.map((other) => (other.id === id ? tab : other)), activeId: tab.id };
}

/** Adds a tab after the open one and opens it. */
export function addTab(tabs: Tabs, tab: Tab): Tabs {
  const index = tabs.tabs.findIndex((other) => other.id === tabs.activeId);
  const list = [...tabs.tabs];
  list.splice(index + 1, 0, tab);
  return { tabs: list, activeId: tab.id };
}

/** Closes a tab; the open one's right neighbour (else left) opens. The last tab closed leaves one blank tab. */
export function closeTab(tabs: Tabs, id: string, blank: () => Tab): Tabs {
  const index = tabs.tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return tabs;
  const list = tabs.tabs.filter((tab) => tab.id !== id);
  if (list.length === 0) {
    const fresh = blank();
    return { tabs: [fresh], activeId: fresh.id };
  }
  const activeId = tabs.activeId === id ? list[Math.min(index, list.length - 1)].id : tabs.activeId;
  return { tabs: list, activeId };
}

/** Moves a tab to an index (clamped). */
export function moveTab(tabs: Tabs, id: string, to: number): Tabs {
  const from = tabs.tabs.findIndex((tab) => tab.id === id);
  if (from < 0) return tabs;
  const target = Math.max(0, Math.min(tabs.tabs.length - 1, to));
  if (target === from) return tabs;
  const list = [...tabs.tabs];
  const [tab] = list.splice(from, 1);
  list.splice(target, 0, tab);
  return { ...tabs, tabs: list };
}

/**
 * The tab list's localStorage key, read back tab by tab (lib/storage.ts sets aside what does not
 * read). The open tab's request in it is the one it had when the list last changed: the current
 * one is kept under kite:request (see withOpenRequest).
 */
export function tabsStoredKey(defaults?: RequestDefaults): StoredKey<Tabs> {
  return {
    key: TABS_STORAGE_KEY,
    label: 'the open tabs',
    fallback: () => {
      const tab = newTab(defaultRequestState(defaults));
      return { tabs: [tab], activeId: tab.id };
    },
    read: (stored) => {
      if (!isRecord(stored) || !Array.isArray(stored.tabs)) throw new Error('it is not a tab list');
      const tabs: Tab[] = [];
      for (const item of stored.tabs.slice(0, MAX_TABS)) {
        if (!isRecord(item) || typeof item.id !== 'string' || !item.id || tabs.some((tab) => tab.id === item.id)) throw new Error('a tab does not read');
        tabs.push({
          id: item.id,
          name: typeof item.name === 'string' ? item.name : '',
          state: normalizeRequestState(item.state, defaults),
          historyId: typeof item.historyId === 'string' ? item.historyId : null,
          note: typeof item.note === 'string' ? item.note : undefined,
          preview: item.preview === true || undefined,
          fromLink: item.fromLink === true || undefined,
        });
      }
      if (tabs.length === 0) throw new Error('it has no tabs');
      const activeId = tabs.some((tab) => tab.id === stored.activeId) ? (stored.activeId as string) : tabs[0].id;
      return { tabs, activeId };
    },
    // Only the document's own fields: a response or a running call never reaches storage.
    toStored: (tabs) => ({
      activeId: tabs.activeId,
      tabs: tabs.tabs.map(({ id, name, state, historyId, note, preview, fromLink }) => ({ id, name, state: slimRequestState(state), historyId, note, preview, fromLink })),
    }),
  };
}

/** The list with the open tab's request as it is now. */
export function withOpenRequest(tabs: Tabs, open: RequestState): Tabs {
  return activeTab(tabs).state === open ? tabs : updateTab(tabs, activeTab(tabs).id, { state: open });
}

export function loadTabs(storage: StorageLike | undefined, current: RequestState, defaults?: RequestDefaults): Tabs {
  return withOpenRequest(readStored(tabsStoredKey(defaults), storage), current);
}

/** Saves the tab list; returns false when storage refuses it. */
export function saveTabs(storage: StorageLike | undefined, tabs: Tabs): boolean {
  return writeStored(tabsStoredKey(), tabs, storage);
}
