// Which rows of a list of known heights a scroll position shows: the route explorer draws only
// those (5,000 routes scroll and filter at once). Heights differ by kind of row (a group, a route,
// a route with its summary), so rows are found by their offsets with a binary search.

/** Where each row starts, and at the end the whole list's height: `offsets[rows.length]`. */
export function rowOffsets(heights: ArrayLike<number>): Float64Array {
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i += 1) offsets[i + 1] = offsets[i] + heights[i];
  return offsets;
}

/** The row at `y` (the last one at or above it). */
export function rowAt(offsets: Float64Array, y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  if (high < 0) return -1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle] <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The rows to draw for a viewport, with `overscan` more on each side: [first, end). */
export function visibleRows(offsets: Float64Array, scrollTop: number, viewportHeight: number, overscan: number): { first: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { first: 0, end: 0 };
  const first = Math.max(0, rowAt(offsets, Math.max(0, scrollTop)) - overscan);
  const end = Math.min(count, rowAt(offsets, scrollTop + viewportHeight) + 1 + overscan);
  return { first, end };
}

/** The scroll position that brings row `index` into view, moving as little as possible. */
export function scrollToShow(offsets: Float64Array, index: number, scrollTop: number, viewportHeight: number): number {
  const top = offsets[index] ?? 0;
  const bottom = offsets[index + 1] ?? top;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return scrollTop;
}
