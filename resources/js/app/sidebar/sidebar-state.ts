// The sidebar's constants and the pure rules behind its state (cookie, shortcut).
import { readCookie } from '../../lib/cookies';
import { matchesShortcut } from '../../lib/keyboard-shortcuts';

export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days, in seconds
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_TRANSITION_MS = 200;
/** Tooltips inside the sidebar open at once; elsewhere the library defaults apply. */
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;

export type SidebarVariant = 'sidebar' | 'floating' | 'inset';
export type SidebarSide = 'left' | 'right';
export type SidebarCollapsible = 'icon' | 'offcanvas' | 'none';

/** The stored open state; collapsed (false) unless the cookie says `true`. */
export function readSidebarOpen(cookieString?: string): boolean {
  return readCookie(SIDEBAR_COOKIE_NAME, cookieString) === 'true';
}

/** Ctrl+B or Cmd+B, without other modifiers (lib/keyboard-shortcuts.ts). */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>): boolean {
  return matchesShortcut('toggle-sidebar', event);
}
