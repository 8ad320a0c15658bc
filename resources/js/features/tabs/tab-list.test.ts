import { describe, expect, it, vi } from 'vitest';
import { defaultRequestState } from '../../model/request/request-state';
import { TABS_STORAGE_KEY, type Tabs, addTab, closeTab, isBlank, loadTabs, moveTab, newTab, previewTarget, replaceTab, saveTabs, tabForRoute, tabLabel } from './tab-list';

const request = (url: string, method: 'GET' | 'POST' = 'GET', routeId = '') => ({ ...defaultRequestState(), url, method, routeId });
const three = (): Tabs => {
  const tabs = [newTab(request('/a')), newTab(request('/b')), newTab(request('/c'))];
  return { tabs, activeId: tabs[1].id };
};
const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe('tabs', () => {
  it('names a tab "METHOD /path" unless renamed', () => {
    expect(tabLabel(newTab(request('/users', 'POST')))).toBe('POST /users');
    expect(tabLabel(newTab(request('/users'), { name: ' Mine ' }))).toBe('Mine');
    expect(tabLabel(newTab(defaultRequestState()))).toBe('New request');
  });

  it('adds after the open tab and opens it', () => {
    const list = three();
    const tab = newTab(request('/d'));
    const next = addTab(list, tab);
    expect(next.tabs.map(tabLabel)).toEqual(['GET /a', 'GET /b', 'GET /d', 'GET /c']);
    expect(next.activeId).toBe(tab.id);
  });

  it('closes a tab: the open one moves to its right neighbour; the last leaves one blank tab', () => {
    const list = three();
    const closed = closeTab(list, list.activeId, () => newTab(defaultRequestState()));
    expect(closed.tabs.map(tabLabel)).toEqual(['GET /a', 'GET /c']);
    expect(closed.activeId).toBe(list.tabs[2].id);
    const single = { tabs: [list.tabs[0]], activeId: list.tabs[0].id };
    const left = closeTab(single, list.tabs[0].id, () => newTab(defaultRequestState()));
    expect(left.tabs).toHaveLength(1);
    expect(isBlank(left.tabs[0])).toBe(true);
  });

  it('moves a tab, clamped to the ends', () => {
    const list = three();
    expect(moveTab(list, list.tabs[1].id, 0).tabs.map(tabLabel)).toEqual(['GET /b', 'GET /a', 'GET /c']);
    expect(moveTab(list, list.tabs[1].id, 9).tabs.map(tabLabel)).toEqual(['GET /a', 'GET /c', 'GET /b']);
  });

  it('finds the tab of a route by application and route', () => {
    const tab = newTab({ ...request('/u', 'GET', 'GET /u'), application: 'app' });
    const list = { tabs: [tab], activeId: tab.id };
    expect(tabForRoute(list, 'app', 'GET /u')).toBe(tab);
    expect(tabForRoute(list, 'other', 'GET /u')).toBeUndefined();
  });

  it('survives a reload; the open tab takes the request saved under kite:request', () => {
    const storage = memory();
    const list = three();
    saveTabs(storage, { ...list, tabs: list.tabs.map((tab, index) => (index === 0 ? { ...tab, name: 'First', historyId: 'h1' } : tab)) });
    const loaded = loadTabs(storage, request('/typed'));
    expect(loaded.tabs.map(tabLabel)).toEqual(['First', 'GET /typed', 'GET /c']);
    expect(loaded.tabs[0].historyId).toBe('h1');
    expect(loaded.activeId).toBe(list.activeId);
  });

  it('reads a corrupt list as one tab, with a console message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const stored of ['{not json', '{"tabs":[{"name":1}]}', '{"tabs":[]}', '[]']) {
      const storage = memory();
      storage.setItem(TABS_STORAGE_KEY, stored);
      const loaded = loadTabs(storage, request('/kept'));
      expect(loaded.tabs.map(tabLabel)).toEqual(['GET /kept']);
    }
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });

  it('loads a single-click pick into the open preview or blank tab, else the preview tab, never a pinned one', () => {
    const pinned = three();
    expect(previewTarget(pinned)).toBeUndefined();
    const withPreview = { ...pinned, tabs: pinned.tabs.map((tab, index) => (index === 2 ? { ...tab, preview: true } : tab)) };
    expect(previewTarget(withPreview)?.id).toBe(pinned.tabs[2].id);
    const blank = newTab(defaultRequestState());
    const onBlank = addTab(pinned, blank);
    expect(previewTarget(onBlank)?.id).toBe(blank.id);
  });

  it('replaces a tab in its place and opens the new one; without a place it adds', () => {
    const list = three();
    const tab = newTab(request('/d'), { preview: true });
    const replaced = replaceTab(list, list.tabs[0].id, tab);
    expect(replaced.tabs.map(tabLabel)).toEqual(['GET /d', 'GET /b', 'GET /c']);
    expect(replaced.activeId).toBe(tab.id);
    expect(replaceTab(list, undefined, tab).tabs.map(tabLabel)).toEqual(['GET /a', 'GET /b', 'GET /d', 'GET /c']);
  });

  it('keeps the preview and shared-link marks across a reload', () => {
    const storage = memory();
    const list = three();
    const marked = { ...list, tabs: list.tabs.map((tab, index) => (index === 0 ? { ...tab, preview: true, fromLink: true } : tab)) };
    saveTabs(storage, marked);
    const loaded = loadTabs(storage, request('/b'));
    expect(loaded.tabs[0]).toMatchObject({ preview: true, fromLink: true });
    expect(loaded.tabs[2].preview).toBeUndefined();
  });
});
