// The collapsed sidebar's tooltip around one menu item: Radix Tooltip with its popper (floating-ui)
// and layers, ~13 KB gzip that the first screen does not draw, so a chunk of its own loaded once the
// screen is usable or the pointer or focus first reaches the sidebar (Sidebar.tsx, issue 31).
import * as Tooltip from '@radix-ui/react-tooltip';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { SIDEBAR_TOOLTIP_DELAY_MS } from './sidebar-state';

export default function SidebarTooltip({ label, hidden, openAtOnce, refocus, children }: {
  label: string;
  hidden: boolean;
  /** The pointer or focus was on the item before this chunk arrived: open without waiting for a new move. */
  openAtOnce: boolean;
  /** The item had the focus: its element is drawn anew inside the trigger, and takes the focus back. */
  refocus: boolean;
  children: ReactNode;
}) {
  // Radix types its trigger as a button; with asChild it is the item's own link.
  const trigger = useRef<HTMLButtonElement>(null);
  // Only at mount: the element that replaced the focused one.
  const refocusAtMount = useRef(refocus);
  useLayoutEffect(() => {
    if (refocusAtMount.current) trigger.current?.focus();
  }, []);
  return (
    <Tooltip.Provider delayDuration={SIDEBAR_TOOLTIP_DELAY_MS}>
      <Tooltip.Root defaultOpen={openAtOnce}>
        <Tooltip.Trigger asChild ref={trigger}>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="kite-tooltip" side="right" sideOffset={8} hidden={hidden}>
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
