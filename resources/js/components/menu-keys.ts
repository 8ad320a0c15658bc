// The keys of a small menu (role="menu" with role="menuitem" buttons): ↑/↓ move between its items,
// wrapping; Escape or Tab closes it. One place for the menus of the response lines and the tabs.
import type { KeyboardEvent } from 'react';

export function onMenuKeyDown(event: KeyboardEvent, menu: HTMLElement | null, close: () => void): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'Escape' || event.key === 'Tab') {
    event.preventDefault();
    close();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  }
}
