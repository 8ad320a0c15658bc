import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { Sidebar, SidebarProvider } from './Sidebar';
import { SIDEBAR_COOKIE_NAME } from './sidebar-state';

const pressCtrlB = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, bubbles: true, cancelable: true }));
const sidebarState = () => screen.getByRole('complementary', { name: 'Kite' }).getAttribute('data-state');

describe('SidebarProvider', () => {
  beforeEach(() => {
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
  });
  afterEach(cleanup);

  it('toggles on Ctrl+B and keeps the state in its cookie', () => {
    render(<SidebarProvider><Sidebar aria-label="Kite" /></SidebarProvider>);
    expect(sidebarState()).toBe('collapsed');
    act(pressCtrlB);
    expect(sidebarState()).toBe('expanded');
    expect(readCookie(SIDEBAR_COOKIE_NAME)).toBe('true');
    act(pressCtrlB);
    expect(sidebarState()).toBe('collapsed');
    expect(readCookie(SIDEBAR_COOKIE_NAME)).toBe('false');
  });

  it('two presses before a render open it and close it again', () => {
    render(<SidebarProvider><Sidebar aria-label="Kite" /></SidebarProvider>);
    act(() => {
      pressCtrlB();
      pressCtrlB();
    });
    expect(sidebarState()).toBe('collapsed');
    expect(readCookie(SIDEBAR_COOKIE_NAME)).toBe('false');
  });
});
