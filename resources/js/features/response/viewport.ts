// Fixed-line-height windowing: which lines a scroll position shows and where to draw them.
// Browsers cap an element's height (Chromium near 33.5 million px, Firefox near 17.9 million), so
// past MAX_SCROLL_HEIGHT the scrollbar is scaled: its range maps proportionally onto the lines,
// and the last line is still reached at the bottom.

export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  lineCount: number;
  lineHeight: number;
  /** Extra lines drawn above and below the viewport. */
  overscan: number;
  maxHeight?: number;
}

export interface LineWindow {
  /** Height of the scrollable content. */
  contentHeight: number;
  /** First line drawn (overscan included) and how many. */
  first: number;
  count: number;
  /** Where the first drawn line's top sits in the content. */
  offset: number;
  /** Whether the scrollbar is scaled. */
  scaled: boolean;
}

export function contentHeight(lineCount: number, lineHeight: number, maxHeight = MAX_SCROLL_HEIGHT): number {
  return Math.min(lineCount * lineHeight, maxHeight);
}

export function lineWindow({ scrollTop, viewportHeight, lineCount, lineHeight, overscan, maxHeight = MAX_SCROLL_HEIGHT }: WindowInput): LineWindow {
  const height = contentHeight(lineCount, lineHeight, maxHeight);
  const scaled = lineCount * lineHeight > maxHeight;
  const onScreen = Math.ceil(viewportHeight / lineHeight) + 1;
  const top = Math.max(0, Math.min(scrollTop, Math.max(0, height - viewportHeight)));
  let firstVisible: number;
  let firstTop: number;
  if (!scaled) {
    firstVisible = Math.floor(top / lineHeight);
    firstTop = firstVisible * lineHeight;
  } else {
    const maxScroll = Math.max(1, height - viewportHeight);
    const position = (top / maxScroll) * Math.max(0, lineCount - viewportHeight / lineHeight);
    firstVisible = Math.floor(position);
    firstTop = top - (position - firstVisible) * lineHeight;
  }
  const first = Math.max(0, firstVisible - overscan);
  const last = Math.min(lineCount, firstVisible + onScreen + overscan);
  return {
    contentHeight: height,
    first,
    count: Math.max(0, last - first),
    offset: firstTop - (firstVisible - first) * lineHeight,
    scaled,
  };
}

/** A run of consecutive lines drawn together, `offset` px from the content's top. */
export interface LineBlock {
  /** The window around the scroll position, or the body's last screenful. */
  role: 'window' | 'end';
  first: number;
  count: number;
  offset: number;
}

/**
 * The blocks of lines to draw: the window, and the body's last screenful below it (`withEnd`: once
 * the line count is final). The end stays drawn so that a jump there (End, the scrollbar dragged
 * down, a paginated answer's `links` and `meta`) shows it in the frame of the jump without waiting
 * for its lines. The end block keeps its lines while the window comes near: the window stops
 * where the end begins, so reaching the end never draws its rows again.
 */
export function drawnBlocks(window: LineWindow, input: Omit<WindowInput, 'scrollTop' | 'overscan'>, withEnd: boolean): LineBlock[] {
  const main: LineBlock = { role: 'window', first: window.first, count: window.count, offset: window.offset };
  const windowEnd = window.first + window.count;
  // A window that holds the whole body needs no end of its own.
  if (!withEnd || (window.first === 0 && windowEnd >= input.lineCount)) return [main];
  const end = lineWindow({ ...input, scrollTop: Number.MAX_SAFE_INTEGER, overscan: 0 });
  const endBlock: LineBlock = { role: 'end', first: end.first, count: end.count, offset: end.offset };
  if (windowEnd <= end.first) return [main, endBlock];
  // Scaled, a line's place depends on the scroll position: near the end, the window alone.
  if (window.scaled) return [main];
  return [{ ...main, count: Math.max(0, end.first - window.first) }, endBlock];
}

/**
 * Whether the blocks drawn already show every line a scroll position brings into view, each where
 * that position puts it: then the scroll needs no render before its frame. Scaled bodies place
 * lines by scroll position, so there the answer is always no.
 */
export function blocksShow(blocks: LineBlock[], input: Omit<WindowInput, 'overscan'>): boolean {
  const shown = lineWindow({ ...input, overscan: 0 });
  if (shown.scaled) return false;
  for (let line = shown.first; line < shown.first + shown.count; line += 1) {
    if (!blocks.some((block) => line >= block.first && line < block.first + block.count)) return false;
  }
  return true;
}

/** The scroll position that shows `line` about a third of the way down the viewport. */
export function scrollTopForLine(line: number, { viewportHeight, lineCount, lineHeight, maxHeight = MAX_SCROLL_HEIGHT }: Omit<WindowInput, 'scrollTop' | 'overscan'>): number {
  const height = contentHeight(lineCount, lineHeight, maxHeight);
  const maxScroll = Math.max(0, height - viewportHeight);
  const target = Math.max(0, line - Math.floor(viewportHeight / lineHeight / 3));
  if (lineCount * lineHeight <= maxHeight) return Math.min(maxScroll, target * lineHeight);
  const lastFirst = Math.max(1, lineCount - viewportHeight / lineHeight);
  return Math.min(maxScroll, (target / lastFirst) * maxScroll);
}
