// "All tabs (N)": a menu listing every open tab, for the ones the strip has scrolled out of view.
// Opens below its button; arrows move, Enter picks, Escape or a click elsewhere closes.
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { onMenuKeyDown } from '../../components/menu-keys';

export function TabsMenu({ count, children }: { count: number; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    (box.current?.querySelector<HTMLElement>('[aria-current="true"]') ?? box.current?.querySelector<HTMLElement>('[role="menuitem"]'))?.focus();
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);
  const onKeyDown = (event: React.KeyboardEvent) =>
    onMenuKeyDown(event, box.current, () => {
      setOpen(false);
      button.current?.focus();
    });
  const label = `All tabs (${count})`;
  return (
    <div className="kite-req-tabs-menu-anchor">
      <button
        ref={button}
        type="button"
        className="kite-tool-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((previous) => !previous)}
      >
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      {open ? (
        <div ref={box} role="menu" aria-label="Open requests" className="kite-req-tabs-menu" onKeyDown={onKeyDown}>
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}
