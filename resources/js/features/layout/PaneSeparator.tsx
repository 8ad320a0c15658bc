// A pane separator a person can drag or move with the keyboard (the WAI-ARIA window splitter):
// arrow keys by a step, Page Up/Down by four, Home/End to the ends, Enter collapses what it
// controls when that can be collapsed.
import { useRef } from 'react';
import { type Range, clamp, separatorKeyValue } from './pane-layout';

export interface PaneSeparatorProps {
  label: string;
  /** `vertical`: a bar between columns, dragged sideways; `horizontal`: between rows. */
  orientation: 'vertical' | 'horizontal';
  value: number;
  range: Range;
  /** The id of the pane whose size this sets. */
  controls: string;
  /** How many value units a drag of `pixels` is. */
  perPixel: () => number;
  onChange: (value: number) => void;
  onToggle?: () => void;
  className?: string;
}

export function PaneSeparator({ label, orientation, value, range, controls, perPixel, onChange, onToggle, className }: PaneSeparatorProps) {
  const drag = useRef<{ start: number; value: number; scale: number } | null>(null);
  const position = (event: React.PointerEvent) => (orientation === 'vertical' ? event.clientX : event.clientY);
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-controls={controls}
      aria-valuenow={Math.round(value)}
      aria-valuemin={range.min}
      aria-valuemax={range.max}
      className={`kite-separator ${className ?? ''}`}
      data-orientation={orientation}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        event.currentTarget.focus({ preventScroll: true });
        drag.current = { start: position(event), value, scale: perPixel() };
      }}
      onPointerMove={(event) => {
        const active = drag.current;
        if (!active) return;
        onChange(clamp(Math.round(active.value + (position(event) - active.start) * active.scale), range));
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && onToggle) {
          event.preventDefault();
          onToggle();
          return;
        }
        const next = separatorKeyValue(event.key, value, range);
        if (next === null) return;
        event.preventDefault();
        onChange(next);
      }}
    />
  );
}
