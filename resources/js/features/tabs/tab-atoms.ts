// Tabs as documents in jotai. The list (kite:tabs) holds each tab's request, the history entry of
// its last response and its preview/pinned state; the open tab's request is openRequestAtom
// (kite:request, written once typing rests). Each tab's call (its response, and the running
// request's AbortController) is one atom of tabCallAtom, in memory only: a request runs on when its
// tab is left and its answer lands in that tab's atom, whichever tab is on screen; a new or
// replaced tab starts with no response at all. Components read these atoms and change them
// through the action atoms below; nothing here is a component's ref or state.
import { atom, type Getter, type Setter } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { kiteConfig } from '../../lib/config';
import { loadPreferences } from '../../lib/preferences/storage';
import { storedAtom } from '../../lib/storage';
import { toast } from '../../lib/toast';
import type { RelayFailure, RelayResult } from '../../lib/http/relay-result';
import type { LiveStream } from '../../lib/http/live-stream';
import type { AssertionResponse } from '../../model/assertions/evaluate';
import { requestStoredKey } from './persistence';
import { type RequestDefaults, type RequestState, defaultRequestState, withDocumentedAuthorization } from '../../model/request/request-state';
import { flushPendingEdits } from '../../lib/pending-edits';
import { type Tab, type Tabs, MAX_TABS, activeTab, addTab, closeTab, moveTab, newTab, previewTarget, replaceTab, tabForRoute, tabsStoredKey, updateTab, withOpenRequest } from './tab-list';

export interface OpenSaved {
  path: string;
  name: string;
  folder: string;
  /** The file's modifiedMs when it was read or last saved: a save sends it as its precondition. */
  modifiedMs?: number;
  /** What an import kept verbatim (SavedRequestFile.notes): the builder does not edit it, a save keeps it. */
  notes?: string;
}

/** The saved request the open tab shows (so Ctrl/Cmd+S writes it back to its file), or null. */
export const openSavedAtom = atom<OpenSaved | null>(null);

export interface ResponseState {
  result: RelayResult | null;
  failure: RelayFailure | null;
  pending: boolean;
  /** A streamed answer while it arrives (then `result` comes when it ends). */
  live?: LiveStream | null;
  /** The answer received during the spec's 200 ms hold: rendered out of sight, shown (as `result`) at the floor. */
  prepared?: { result: RelayResult; sent: { method: string; url: string } } | null;
  /** The request that produced the result or failure, as typed (`{{variables}}` kept): shown with it. */
  sent?: { method: string; url: string };
  /** What the Tests tab's assertions read of the result (the body taken before the viewer may transfer it). */
  tests?: AssertionResponse;
}

export const NO_RESPONSE: ResponseState = { result: null, failure: null, pending: false };

/** A tab's call: what its last request came to, and the request on its way (cancelled through `controller`). */
export interface TabCall {
  response: ResponseState;
  controller: AbortController | null;
  /** The history entry `response` is (or is being read from), so each entry is read back once. */
  entryId: string | null;
}

const NO_CALL: TabCall = { response: NO_RESPONSE, controller: null, entryId: null };

// The defaults a stored request is read back with: the same as the screen's first ones.
const startDefaults = withDocumentedAuthorization(loadPreferences(), kiteConfig.applications?.[0]);

/**
 * The open tab's request, saved under kite:request once typing rests (and on leaving, after the
 * editors' held-back text). This window's own work: another window's request never replaces it.
 */
export const openRequestAtom = storedAtom(requestStoredKey(startDefaults), { writeDelayMs: 400, followOtherWindows: false, beforeLeave: flushPendingEdits });

/** The tab list as stored; its open tab's request is the one it had when the list last changed. */
const storedTabsAtom = storedAtom(tabsStoredKey(startDefaults), { followOtherWindows: false });

/** The tab list with the open tab's request as it is now. */
export const tabsAtom = atom((get) => withOpenRequest(get(storedTabsAtom), get(openRequestAtom)));
export const activeTabAtom = atom((get) => activeTab(get(tabsAtom)));

/** Each tab's call, by tab id. */
export const tabCallAtom = atomFamily((_id: string) => atom<TabCall>(NO_CALL));

/** The call of the tab on screen. */
export const shownCallAtom = atom((get) => get(tabCallAtom(get(activeTabAtom).id)));

/** A tab left for good (closed or replaced): its request on its way is cancelled, its call forgotten. */
function forget(get: Getter, id: string) {
  get(tabCallAtom(id)).controller?.abort();
  tabCallAtom.remove(id);
}

/** Makes `next` the list; when its open tab changed, that tab's request becomes the open one. */
function commit(get: Getter, set: Setter, next: Tabs) {
  const switched = next.activeId !== get(storedTabsAtom).activeId;
  set(storedTabsAtom, next);
  if (!switched) return;
  set(openRequestAtom, activeTab(next).state);
  set(openSavedAtom, null); // the saved request that was open is no longer on screen
}

/** The list as it is now, pending text flushed first. */
function current(get: Getter): Tabs {
  flushPendingEdits();
  return get(tabsAtom);
}

function tooMany(): void {
  toast.warning(`At most ${MAX_TABS} tabs stay open; close one first.`);
}

/** A new tab starts from the defaults, the authorization too: a token typed in one tab never goes out from another. */
const blankTab = (defaults: RequestDefaults): Tab => newTab(defaultRequestState(defaults));

export const selectTabAtom = atom(null, (get, set, id: string) => commit(get, set, { ...current(get), activeId: id }));

export const addTabAtom = atom(null, (get, set, { tab, defaults }: { tab?: Tab; defaults: RequestDefaults }) => {
  const list = current(get);
  if (list.tabs.length >= MAX_TABS) return tooMany();
  commit(get, set, addTab(list, tab ?? blankTab(defaults)));
});

export const closeTabAtom = atom(null, (get, set, { id, defaults }: { id: string; defaults: RequestDefaults }) => {
  commit(get, set, closeTab(current(get), id, () => blankTab(defaults)));
  forget(get, id);
});

/** Puts `tab` in the place of the tab `id` and opens it (a shared link in a blank tab). */
export const replaceTabAtom = atom(null, (get, set, { id, tab }: { id: string; tab: Tab }) => {
  commit(get, set, replaceTab(current(get), id, tab));
  forget(get, id);
});

export const moveTabAtom = atom(null, (get, set, { id, to }: { id: string; to: number }) => commit(get, set, moveTab(get(tabsAtom), id, to)));

/** Changes a tab's own fields (its name, note, preview or link marks, its history entry). */
export const updateTabAtom = atom(null, (get, set, { id, change }: { id: string; change: Partial<Omit<Tab, 'id' | 'state'>> }) => commit(get, set, updateTab(get(tabsAtom), id, change)));

/** An edit pins the preview tab: a request typed into is never replaced by the next pick. */
export const pinOpenTabAtom = atom(null, (get, set) => {
  const open = get(activeTabAtom);
  if (open.preview) commit(get, set, updateTab(get(tabsAtom), open.id, { preview: undefined }));
});

/** Brings the tab that holds this route to the front (pinned when asked); false when none does. */
export const focusRouteAtom = atom(null, (get, set, { application, routeId, pin }: { application: string; routeId: string; pin: boolean }): boolean => {
  const list = current(get);
  const tab = tabForRoute(list, application, routeId);
  if (!tab) return false;
  commit(get, set, updateTab({ ...list, activeId: tab.id }, tab.id, pin ? { preview: undefined } : {}));
  return true;
});

export interface OpenInTab {
  /** The request to open, from the one it replaces (null in a new tab). */
  build: (replaced: RequestState | null) => RequestState;
  pin: boolean;
  /** The history entry whose response shows with it, if any. */
  historyId?: string | null;
  defaults: RequestDefaults;
}

/**
 * Opens a request in the preview tab (see previewTarget), or pinned when asked. It is a new tab
 * document: the response and the running call of the request it replaces do not come along.
 */
export const openInTabAtom = atom(null, (get, set, { build, pin, historyId = null, defaults }: OpenInTab) => {
  const list = current(get);
  const target = previewTarget(list, defaults);
  if (!target && list.tabs.length >= MAX_TABS) return tooMany();
  const state = build(target ? target.state : null);
  commit(get, set, replaceTab(list, target?.id, newTab(state, { historyId, preview: pin ? undefined : true })));
  if (target) forget(get, target.id);
});
