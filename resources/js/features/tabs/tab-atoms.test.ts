import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { RelayResult } from '../../lib/http/relay-result';
import { DEFAULT_PREFERENCES } from '../../lib/preferences/preferences';
import { flushStoredWrites } from '../../lib/storage';
import { defaultRequestState } from '../../model/request/request-state';
import { requestStateAtom } from './request-atoms';
import { TABS_STORAGE_KEY } from './tab-list';
import { NO_RESPONSE, activeTabAtom, addTabAtom, closeTabAtom, openInTabAtom, selectTabAtom, shownCallAtom, tabCallAtom, tabsAtom } from './tab-atoms';

const answer = { meta: { status: 200 }, body: new ArrayBuffer(2) } as unknown as RelayResult;
const defaults = DEFAULT_PREFERENCES;
const request = (url: string) => ({ ...defaultRequestState(), url });

/** The open tab with an answer on screen and a request of its own on its way. */
function tabWithCall(store: ReturnType<typeof createStore>) {
  const id = store.get(activeTabAtom).id;
  const controller = new AbortController();
  store.set(tabCallAtom(id), { response: { result: answer, failure: null, pending: true }, controller, entryId: null });
  return { id, controller };
}

describe('tabs as documents', () => {
  it('a request opened over a preview tab is a new tab document: no response or running call of the one it replaces, which is cancelled', () => {
    const store = createStore();
    store.set(openInTabAtom, { build: () => request('/users'), pin: false, defaults });
    const { id, controller } = tabWithCall(store);
    expect(store.get(shownCallAtom).response.result).toBe(answer);

    store.set(openInTabAtom, { build: () => request('/me'), pin: false, defaults });
    expect(store.get(activeTabAtom).id).not.toBe(id);
    expect(store.get(requestStateAtom).url).toBe('/me');
    expect(store.get(shownCallAtom).response).toEqual(NO_RESPONSE);
    expect(store.get(shownCallAtom).controller).toBeNull();
    expect(controller.signal.aborted).toBe(true);
  });

  it("keeps each tab's call when another tab is on screen, and cancels it when its tab is closed", () => {
    const store = createStore();
    store.set(requestStateAtom, request('/slow'));
    const { id, controller } = tabWithCall(store);
    store.set(addTabAtom, { defaults });
    expect(store.get(shownCallAtom).response).toEqual(NO_RESPONSE);
    store.set(selectTabAtom, id);
    expect(store.get(shownCallAtom).response.result).toBe(answer);
    expect(controller.signal.aborted).toBe(false);
    store.set(closeTabAtom, { id, defaults });
    expect(controller.signal.aborted).toBe(true);
    expect(store.get(tabsAtom).tabs.map((tab) => tab.id)).not.toContain(id);
  });

  it('stores the tab list without responses, running calls or the size of big bodies', () => {
    const store = createStore();
    store.set(requestStateAtom, { ...request('/big'), bodyType: 'json', jsonBody: 'x'.repeat(2_000_000) });
    tabWithCall(store);
    store.set(addTabAtom, { defaults });
    flushStoredWrites();
    const stored = localStorage.getItem(TABS_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored).tabs).toHaveLength(2);
    expect(stored).not.toContain('result');
    expect(stored).not.toContain('controller');
    expect(stored.length).toBeLessThan(10_000);
  });
});
