// Horizontally scrollable category tabs with an edge mask where more tabs are hidden. Clicking the
// selected tab again clears the category; Arrow Up or Down moves focus to the search box.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Category, CategoryId } from '../../lib/generators/types';
import { PALETTE } from './constants';
import { edgeMask, maskImage, type EdgeMask } from './edge-mask';
import { GENERATOR_ICONS } from './icons';

interface CategoryTabsProps {
  categories: readonly Category[];
  selected: CategoryId | null;
  onToggle(id: CategoryId): void;
  /** Arrow Up/Down: back to the search box. */
  onLeave(): void;
}

export function CategoryTabs({ categories, selected, onToggle, onLeave }: CategoryTabsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [mask, setMask] = useState<EdgeMask>({ start: false, end: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = edgeMask(el);
    setMask((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  // Scrolling fires on every frame; the mask is updated at most once per 16 ms pause.
  const debounced = useRef<number | undefined>(undefined);
  const measureSoon = useCallback(() => {
    window.clearTimeout(debounced.current);
    debounced.current = window.setTimeout(measure, PALETTE.tabs.debounceMs);
  }, [measure]);

  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measureSoon);
    observer.observe(el);
    return () => {
      observer.disconnect();
      window.clearTimeout(debounced.current);
    };
  }, [measure, measureSoon]);

  useEffect(() => {
    if (!selected) return;
    scroller.current?.querySelector<HTMLElement>(`[data-category="${selected}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      onLeave();
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const tabs = [...(scroller.current?.querySelectorAll<HTMLButtonElement>('button[data-category]') ?? [])];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length];
    next.focus();
    next.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const image = maskImage(mask);
  return (
    <div
      ref={scroller}
      className="kite-palette-tabs"
      role="group"
      aria-label="Categories"
      onScroll={measureSoon}
      onKeyDown={onKeyDown}
      data-mask-start={mask.start || undefined}
      data-mask-end={mask.end || undefined}
      style={{ scrollPaddingInline: PALETTE.tabs.scrollPadding, maskImage: image, WebkitMaskImage: image }}
    >
      {categories.map((category) => {
        const Icon = GENERATOR_ICONS[category.icon];
        const pressed = selected === category.id;
        return (
          <button
            key={category.id}
            type="button"
            className="kite-palette-tab"
            data-category={category.id}
            aria-pressed={pressed}
            onClick={() => onToggle(category.id)}
          >
            <Icon size={14} aria-hidden="true" />
            {category.name}
          </button>
        );
      })}
    </div>
  );
}
