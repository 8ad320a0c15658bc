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

/** The scroll position that shows `line` about a third of the way down the viewport. */
export function scrollTopForLine(line: number, { viewportHeight, lineCount, lineHeight, maxHeight = MAX_SCROLL_HEIGHT }: Omit<WindowInput, 'scrollTop' | 'overscan'>): number {
  const height = contentHeight(lineCount, lineHeight, maxHeight);
  const maxScroll = Math.max(0, height - viewportHeight);
  const target = Math.max(0, line - Math.floor(viewportHeight / lineHeight / 3));
  if (lineCount * lineHeight <= maxHeight) return Math.min(maxScroll, target * lineHeight);
  const lastFirst = Math.max(1, lineCount - viewportHeight / lineHeight);
  return Math.min(maxScroll, (target / lastFirst) * maxScroll);
}
