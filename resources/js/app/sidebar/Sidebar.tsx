// A collapsible sidebar: provider (state, cookie, shortcut) and the areas it is built from.
// Variants sidebar | floating | inset, sides left | right, collapsible icon | offcanvas | none.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { writeCookie } from '../../lib/cookies';
import { loadOnce, whenIdle } from '../../lib/idle';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import {
  isSidebarShortcut,
  readSidebarOpen,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_TRANSITION_MS,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  type SidebarCollapsible,
  type SidebarSide,
  type SidebarVariant,
} from './sidebar-state';

interface SidebarContextValue {
  open: boolean;
  state: 'expanded' | 'collapsed';
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** The tooltip's chunk (SidebarTooltip.tsx), once it has arrived: items draw without it until then. */
let SidebarTooltip: typeof import('./SidebarTooltip').default | null = null;
const tooltipArrived = new Set<() => void>();
const loadSidebarTooltip = loadOnce(() =>
  import('./SidebarTooltip').then((module) => {
    SidebarTooltip = module.default;
    for (const notify of tooltipArrived) notify();
  }),
);
/** A tooltip names an icon; without its chunk (a failed download) the item works as before, and the next hover tries again. */
const prefetchSidebarTooltip = () => loadSidebarTooltip().catch(() => {});

function useSidebarTooltip() {
  return useSyncExternalStore(
    (notify) => {
      tooltipArrived.add(notify);
      return () => tooltipArrived.delete(notify);
    },
    () => SidebarTooltip,
  );
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(readSidebarOpen);

  // The state a toggle flips is the last one asked for, not the last one drawn: two presses
  // before a render open and close it again.
  const openAsked = useRef(open);
  const toggle = useCallback(() => {
    openAsked.current = !openAsked.current;
    setOpen(openAsked.current);
    writeCookie(SIDEBAR_COOKIE_NAME, String(openAsked.current), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  useWindowKeydown((event) => {
    if (!isSidebarShortcut(event)) return;
    event.preventDefault();
    toggle();
  });
  useEffect(() => whenIdle(prefetchSidebarTooltip, 'sidebar tooltip'), []);

  const value = useMemo<SidebarContextValue>(
    () => ({ open, state: open ? 'expanded' : 'collapsed', toggle }),
    [open, toggle],
  );
  const style = {
    '--sidebar-width': SIDEBAR_WIDTH,
    '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
    '--sidebar-transition': `${SIDEBAR_TRANSITION_MS}ms`,
  } as CSSProperties;

  return (
    <SidebarContext.Provider value={value}>
      <div className="kite-sidebar-wrapper" style={style}>
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export function Sidebar({
  variant = 'sidebar',
  side = 'left',
  collapsible = 'icon',
  children,
  ...props
}: ComponentProps<'aside'> & { variant?: SidebarVariant; side?: SidebarSide; collapsible?: SidebarCollapsible }) {
  const { state, toggle } = useSidebar();
  const shown = collapsible === 'none' ? 'expanded' : state;
  return (
    <>
      <aside
        className="kite-sidebar"
        data-state={shown}
        data-variant={variant}
        data-side={side}
        data-collapsible={collapsible}
        inert={collapsible === 'offcanvas' && shown === 'collapsed' ? true : undefined}
        onPointerEnter={prefetchSidebarTooltip}
        onFocus={prefetchSidebarTooltip}
        {...props}
      >
        <div className="kite-sidebar-inner">{children}</div>
      </aside>
      {collapsible === 'offcanvas' && shown === 'collapsed' && (
        // Off canvas, the sidebar's own trigger is hidden with it: this one brings it back.
        <button type="button" className="kite-sidebar-reveal" data-side={side} aria-label="Expand sidebar" onClick={toggle}>
          <span aria-hidden="true">☰</span>
        </button>
      )}
    </>
  );
}

export const SidebarHeader = (props: ComponentProps<'div'>) => <div className="kite-sidebar-header" {...props} />;
export const SidebarContent = (props: ComponentProps<'div'>) => <div className="kite-sidebar-content" {...props} />;
export const SidebarFooter = (props: ComponentProps<'div'>) => <div className="kite-sidebar-footer" {...props} />;
export const SidebarGroup = (props: ComponentProps<'div'>) => <div className="kite-sidebar-group" role="group" {...props} />;
export const SidebarGroupContent = (props: ComponentProps<'ul'>) => <ul className="kite-sidebar-group-content" {...props} />;
export const SidebarInset = (props: ComponentProps<'main'>) => <main className="kite-sidebar-inset" {...props} />;

/** A menu item: its label shows when expanded; when collapsed the tooltip names it. */
export function SidebarMenuItem({ label, icon, children }: { label: string; icon: ReactNode; children: (content: ReactNode) => ReactNode }) {
  const { state } = useSidebar();
  const Tooltip = useSidebarTooltip();
  // Where the pointer and the focus are while the tooltip's chunk is on its way: it opens on arrival.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // A press under way keeps the item's element until it is released: drawn anew inside the
  // tooltip's trigger between the press and the release, the click never came (a link pressed as
  // the chunk arrived did not navigate). Released after the click the release brings.
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (!pressed) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      timer = setTimeout(() => setPressed(false), 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, [pressed]);
  const content = (
    <>
      <span className="kite-sidebar-icon" aria-hidden="true">{icon}</span>
      <span className="kite-sidebar-label">{label}</span>
    </>
  );
  if (Tooltip && !pressed) {
    return (
      <li className="kite-sidebar-item">
        <Tooltip label={label} hidden={state === 'expanded'} openAtOnce={hovered || focused} refocus={focused}>
          {children(content)}
        </Tooltip>
      </li>
    );
  }
  return (
    <li
      className="kite-sidebar-item"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={() => setPressed(true)}
    >
      {children(content)}
    </li>
  );
}

export function SidebarTrigger(props: ComponentProps<'button'>) {
  const { toggle, open } = useSidebar();
  return (
    <button
      type="button"
      className="kite-sidebar-trigger"
      aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
      aria-expanded={open}
      title="Toggle sidebar (Ctrl+B)"
      onClick={toggle}
      {...props}
    />
  );
}
