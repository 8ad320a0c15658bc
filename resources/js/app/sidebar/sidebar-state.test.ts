import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarOpen, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME } from './sidebar-state';

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, metaKey: false, ctrlKey: false, altKey: false, shiftKey: false, ...mods });

describe('sidebar state', () => {
  it('is kept in the cookie sidebar:state for 7 days', () => {
    expect(SIDEBAR_COOKIE_NAME).toBe('sidebar:state');
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
  });

  it('starts collapsed when no cookie says otherwise', () => {
    expect(readSidebarOpen('')).toBe(false);
    expect(readSidebarOpen('other=1')).toBe(false);
    expect(readSidebarOpen('sidebar:state=false')).toBe(false);
    expect(readSidebarOpen('a=1; sidebar:state=true')).toBe(true);
  });

  it('toggles on Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
  });
});
