// A virtualised, read-only code view: only the rows on screen (plus a few) exist in the DOM, and
// their text comes from a BodySource a window at a time, so a body of millions of lines scrolls
// like a short one. Rows have one fixed height (see viewport.ts for the scroll arithmetic), except
// with `wrap`: long lines then wrap, each row is measured (@tanstack/react-virtual) and keeps its
// line number on its first visual line.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import type { BodyView } from './body-document';
import type { BodySource } from './body-source';
import { lineSegments } from './line-segments';
import type { RenderedLine } from './render-line';
import { blocksShow, drawnBlocks, lineWindow, scrollTopForLine, type LineBlock } from './viewport';
import { onMenuKeyDown } from '../../components/menu-keys';

/** Row height in px; the stylesheet uses the same number (--kite-code-line). */
export const LINE_HEIGHT = 20;
const OVERSCAN = 10;
/** Lines fetched beyond the drawn window, so short scrolls need no round trip. */
const FETCH_MARGIN = 60;
/** Lines kept around the window; the rest of the cache is dropped. */
const KEEP_MARGIN = 600;

export interface CodeViewProps {
  source: BodySource;
  view: BodyView;
  lineCount: number;
  /** Changes whenever already fetched lines may have changed (folds, search, indexing). */
  version: string;
  currentMatch: number;
  /** Scrolls this visible line into view whenever the object changes. */
  reveal: { line: number } | null;
  onFold: (line: number) => void;
  label: string;
  /** Wrap long lines instead of scrolling sideways. */
  wrap?: boolean;
  /**
   * The body is indexed to its end, so `lineCount` only changes with a fold: its last screenful is
   * drawn along with the window (viewport.ts `drawnBlocks`).
   */
  indexed?: boolean;
  /**
   * Offers "Set as variable…" (a button on each line holding a value, and its context menu with
   * "Copy JSONPath" too); `line` is RenderedLine.line.
   */
  onValueAction?: (line: number, action: ValueAction) => void;
}

export type ValueAction = 'set-variable' | 'add-assertion' | 'copy-path';

export function CodeView(props: CodeViewProps) {
  return props.wrap ? <WrappedCodeView {...props} /> : <FixedCodeView {...props} />;
}

/**
 * The lines of `blocks` (each `first` … `first + count`) of the view, fetched from the source when
 * any is missing or was fetched before a change (`key`).
 */
function useLineCache(source: BodySource, view: BodyView, key: string, blocks: ReadonlyArray<Pick<LineBlock, 'first' | 'count'>>): Map<number, RenderedLine> {
  // Lines belong to one source and version: another source (a filter's matches) never shows these.
  const cache = useRef({ key: '', source: null as BodySource | null, lines: new Map<number, RenderedLine>() });
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  // Fetch the drawn blocks when any of their rows is missing or was fetched before a change. Stale
  // rows stay on screen until their replacements arrive, so folding and typing never flash blank,
  // and a reply that a newer change overtook is still shown (then fetched again): while a large
  // body is being indexed the version changes every few milliseconds, and dropping such replies
  // would leave the view blank until indexing ends.
  const current = useRef({ source, view });
  current.current = { source, view };
  const wanted = blocks.map((block) => `${block.first}+${block.count}`).join(',');
  // A layout effect, not a passive one: a source that answers at once (a small body, the preview
  // of a large one) then has its lines drawn before the first paint instead of one frame later.
  useLayoutEffect(() => {
    const held = cache.current;
    const fresh = held.key === key && held.source === source;
    const missing = fresh ? blocks.filter((block) => !hasEvery(held.lines, block.first, block.count)) : blocks;
    if (missing.length === 0) return;
    const around = (block: Pick<LineBlock, 'first' | 'count'>) => ({ start: Math.max(0, block.first - FETCH_MARGIN), count: block.count + 2 * FETCH_MARGIN });
    const ranges = missing.map(around);
    // What is kept is near any drawn block, not only the ones fetched: the end stays while the window moves.
    const kept = blocks.map(around);
    Promise.all(ranges.map((range) => source.lines(view, range.start, range.count)))
      .then((fetched) => {
        if (current.current.source !== source || current.current.view !== view) return;
        const next = new Map<number, RenderedLine>();
        // Rows fetched under another version are kept only until the window is refetched.
        const keep = cache.current.key === key && cache.current.source === source;
        const near = (index: number) => kept.some((range) => index >= range.start - KEEP_MARGIN && index < range.start + range.count + KEEP_MARGIN);
        for (const [index, line] of cache.current.lines) if (keep && near(index)) next.set(index, line);
        for (const lines of fetched) for (const line of lines) next.set(line.index, line);
        cache.current = { key, source, lines: next };
        redraw();
      })
      .catch(() => {
        // The body was replaced or closed meanwhile; the next body brings its own view.
      });
    // `wanted` stands for `blocks`, a new array at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, view, key, wanted]);

  return cache.current.lines;
}

/**
 * A function that runs `run` in the next animation frame, once however often it is called before
 * then (and never after unmounting).
 */
function useNextFrame(run: () => void): () => void {
  const latest = useRef(run);
  latest.current = run;
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      latest.current();
    });
  }, []);
}

function hasEvery(lines: Map<number, RenderedLine>, first: number, count: number): boolean {
  for (let i = first; i < first + count; i += 1) if (!lines.has(i)) return false;
  return true;
}

function FixedCodeView({ source, view, lineCount, version, currentMatch, reveal, onFold, label, onValueAction, indexed = false }: CodeViewProps) {
  const menu = useValueMenu(onValueAction);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Until the scroller is measured, the window's height: the pane is never taller, so the first
  // paint has every row it shows (a few more at most).
  const [viewportHeight, setViewportHeight] = useState(() => globalThis.innerHeight || 600);
  const key = `${view}\u0000${version}`;

  // Measured by the ResizeObserver's first report, after the browser's own layout: reading
  // clientHeight while React commits would force the layout of the whole new response pane
  // inside that task (20-40 ms of a 55-105 ms task at the first response).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setViewportHeight(element.clientHeight || 600);
      return;
    }
    // A view without a box (not yet laid out) measures 0: it keeps the window's height until it has one.
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight || globalThis.innerHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const window = lineWindow({ scrollTop, viewportHeight, lineCount, lineHeight: LINE_HEIGHT, overscan: OVERSCAN });
  const blocks = drawnBlocks(window, { viewportHeight, lineCount, lineHeight: LINE_HEIGHT }, indexed);
  const lines = useLineCache(source, view, key, blocks);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !reveal) return;
    element.scrollTop = scrollTopForLine(reveal.line, { viewportHeight: element.clientHeight, lineCount, lineHeight: LINE_HEIGHT });
    setScrollTop(element.scrollTop);
    revealPending.current = true;
    // Only a new reveal request scrolls; line count changes alone must not move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);

  // Once the revealed match is drawn, scroll sideways to it too (long raw lines, wide values).
  const revealPending = useRef(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element || !revealPending.current) return;
    const mark = element.querySelector<HTMLElement>('.kite-code-match[data-current]');
    if (!mark) return;
    revealPending.current = false;
    const gutter = element.querySelector<HTMLElement>('.kite-code-gutter')?.offsetWidth ?? 0;
    const box = element.getBoundingClientRect();
    const markBox = mark.getBoundingClientRect();
    if (markBox.right > box.right - 16 || markBox.left < box.left + gutter) {
      element.scrollLeft += markBox.left - box.left - gutter - (box.width - gutter) / 3;
    }
  });

  const digits = String(Math.max(lineCount, 1)).length;
  const drawn = blocks.map((block) => {
    const rows: React.ReactNode[] = [];
    for (let index = block.first; index < block.first + block.count; index += 1) {
      rows.push(<CodeRow key={index} line={lines.get(index)} currentMatch={currentMatch} onFold={onFold} onValue={menu.onValue} />);
    }
    return (
      <div key={block.role} className="kite-code-rows" data-end={block.role === 'end' ? '' : undefined} style={{ transform: `translateY(${block.offset}px)` }}>
        {rows}
      </div>
    );
  });
  // What a scroll compares with: the blocks on screen and the sizes they were cut for.
  const drawnFor = useRef({ blocks, viewportHeight, lineCount });
  drawnFor.current = { blocks, viewportHeight, lineCount };
  const followScroll = useNextFrame(() => {
    if (scroller.current) setScrollTop(scroller.current.scrollTop);
  });

  return (
    <div
      ref={scroller}
      className="kite-code"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ ['--kite-code-digits' as string]: `${Math.max(digits, 2)}ch` }}
      // Drawn inside the scroll event, which the browser dispatches while it renders a frame: as a
      // plain update (continuous priority) the new window waited for a later task, so the rows
      // scrolled into view were painted a frame after the scroll (issue 31: the body's last line).
      // A scroll whose rows are all drawn already (within the overscan, or to the end) paints as it
      // is: the window follows from the next frame, so this one spends no render.
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop;
        const { blocks: onScreen, viewportHeight: height, lineCount: count } = drawnFor.current;
        if (blocksShow(onScreen, { scrollTop: top, viewportHeight: height, lineCount: count, lineHeight: LINE_HEIGHT })) followScroll();
        else flushSync(() => setScrollTop(top));
      }}
    >
      <div className="kite-code-content" style={{ height: window.contentHeight }}>
        {drawn}
      </div>
      {menu.element}
    </div>
  );
}

function WrappedCodeView({ source, view, lineCount, version, currentMatch, reveal, onFold, label, onValueAction }: CodeViewProps) {
  const menu = useValueMenu(onValueAction);
  const scroller = useRef<HTMLDivElement>(null);
  const key = `${view}\u0000${version}`;
  const virtualizer = useVirtualizer({
    count: lineCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const lines = useLineCache(source, view, key, [{ first, count: items.length }]);
  useLayoutEffect(() => {
    if (reveal) virtualizer.scrollToIndex(reveal.line, { align: 'center' });
    // Only a new reveal request scrolls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);
  const digits = String(Math.max(lineCount, 1)).length;
  return (
    <div
      ref={scroller}
      className="kite-code"
      data-wrap=""
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ ['--kite-code-digits' as string]: `${Math.max(digits, 2)}ch` }}
    >
      <div className="kite-code-content" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="kite-code-wrapped"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <CodeRow line={lines.get(item.index)} currentMatch={currentMatch} onFold={onFold} onValue={menu.onValue} />
          </div>
        ))}
      </div>
      {menu.element}
    </div>
  );
}

// Memoised: a scroll redraws the window, and rows whose line (the cached object), match number and
// fold callback are unchanged are not rebuilt (nor their segments cut again).
const CodeRow = memo(function CodeRow({
  line,
  currentMatch,
  onFold,
  onValue,
}: {
  line: RenderedLine | undefined;
  currentMatch: number;
  onFold: (line: number) => void;
  onValue?: ValueHandler;
}) {
  if (!line) {
    return (
      <div className="kite-code-row" data-loading="">
        <span className="kite-code-gutter" />
      </div>
    );
  }
  const toggle = () => onFold(line.line);
  const valued = line.value && onValue;
  return (
    <div className="kite-code-row" onContextMenu={valued ? (event) => onValue(line.line, 'menu', event) : undefined}>
      <span className="kite-code-gutter">
        <span className="kite-code-number">{line.label}</span>
        {line.fold ? (
          <button
            type="button"
            className="kite-code-fold"
            aria-label={`${line.fold === 'open' ? 'Fold' : 'Unfold'} line ${line.label}`}
            aria-expanded={line.fold === 'open'}
            onClick={toggle}
          />
        ) : (
          <span className="kite-code-fold" />
        )}
      </span>
      <span className="kite-code-text">
        {lineSegments(line, currentMatch).map((segment, i) => {
          const content =
            segment.match === 'none' ? (
              segment.text
            ) : (
              <mark className="kite-code-match" data-current={segment.match === 'current' ? '' : undefined}>
                {segment.text}
              </mark>
            );
          if (segment.kind === 'fold') {
            return (
              <span key={i} className="kite-tok-fold" title="Unfold" onClick={toggle}>
                {content}
              </span>
            );
          }
          return (
            <span key={i} className={`kite-tok-${segment.kind}`}>
              {content}
            </span>
          );
        })}
        {valued
          ? VALUE_BUTTONS.map(([action, label, title]) => (
              <button key={action} type="button" className="kite-code-value-action" data-action={action} aria-label={label} title={title} onClick={(event) => onValue(line.line, action, event)} />
            ))
          : null}
      </span>
    </div>
  );
});

/**
 * The buttons at the end of a value's line (the context menu has these and more). Their icons, as
 * the fold buttons', are drawn by the stylesheet (response.lazy.css, by data-action): a 1 KB body
 * has dozens of rows, and an SVG of each icon in each row was most of the DOM its first frame made.
 */
const VALUE_BUTTONS: Array<[ValueAction, string, string]> = [
  ['set-variable', 'Set as variable…', 'Set as variable… (right-click for more)'],
  ['add-assertion', 'Add assertion', 'Add assertion: this value at its JSONPath, checked after every send'],
];

type ValueHandler = (line: number, action: ValueAction | 'menu', event: React.MouseEvent) => void;

/**
 * The value lines' button and context menu (right-click, the context-menu key or Shift+F10 on the
 * button): "Set as variable…", "Copy JSONPath" and "Add assertion". The menu is drawn in the page's body, as the
 * code view clips what it contains.
 */
function useValueMenu(onValueAction: CodeViewProps['onValueAction']) {
  const [menu, setMenu] = useState<{ line: number; x: number; y: number; opener: HTMLElement | null } | null>(null);
  const action = useRef(onValueAction);
  action.current = onValueAction;
  const onValue = useCallback<ValueHandler>((line, kind, event) => {
    if (kind !== 'menu') return action.current?.(line, kind);
    event.preventDefault();
    const opener = event.target instanceof HTMLElement ? event.target : null;
    let { clientX: x, clientY: y } = event;
    // From the keyboard the event has no pointer position: open at the line's button.
    if (x === 0 && y === 0 && opener) {
      const box = opener.getBoundingClientRect();
      x = box.left;
      y = box.bottom;
    }
    setMenu({ line, x, y, opener });
  }, []);
  const close = useCallback((refocus: boolean) => {
    setMenu((current) => {
      if (refocus) current?.opener?.focus();
      return null;
    });
  }, []);
  const element = menu ? (
    <ValueMenu
      x={menu.x}
      y={menu.y}
      onClose={close}
      onPick={(kind) => {
        close(true);
        action.current?.(menu.line, kind);
      }}
    />
  ) : null;
  return { onValue: onValueAction ? onValue : undefined, element };
}

const MENU_ITEMS: Array<[ValueAction, string]> = [
  ['set-variable', 'Set as variable…'],
  ['copy-path', 'Copy JSONPath'],
  ['add-assertion', 'Add assertion'],
];

function ValueMenu({ x, y, onClose, onPick }: { x: number; y: number; onClose: (refocus: boolean) => void; onPick: (action: ValueAction) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) onClose(false);
    };
    const away = () => onClose(false);
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('blur', away);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('blur', away);
      window.removeEventListener('resize', away);
    };
  }, [onClose]);
  const onKeyDown = (event: React.KeyboardEvent) => onMenuKeyDown(event, box.current, () => onClose(true));
  return createPortal(
    <div
      ref={box}
      role="menu"
      aria-label="Value"
      className="kite-value-menu"
      style={{ left: Math.min(x, globalThis.innerWidth - 200), top: Math.min(y, globalThis.innerHeight - 80) }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {MENU_ITEMS.map(([kind, text]) => (
        <button key={kind} type="button" role="menuitem" tabIndex={-1} className="kite-value-menu-item" onClick={() => onPick(kind)}>
          {text}
        </button>
      ))}
    </div>,
    document.body,
  );
}
