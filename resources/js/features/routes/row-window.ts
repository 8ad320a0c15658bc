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

/**
 * Which element draws each row in view: a slot number, the rows' React key. A search changes most
 * rows in view; drawn by route, each was unmounted and ~50 new ones mounted per keystroke (over
 * Graph's 11,422 routes the commit and the new elements' style and layout were most of a key's
 * work). A row that leaves gives its element to a row of its kind that comes, which then only
 * changes its text and attributes.
 */
export interface RowSlots {
  /** The rows drawn, in order. */
  rows: readonly SlottedRow[];
  /** The slot of each of them. */
  slots: readonly number[];
  /** The next slot never given out. */
  next: number;
}

/** What assignRowSlots needs of a row: its key, and its kind (a group header's element is not a route's). */
export interface SlottedRow {
  key: string;
  kind: string;
}

export const NO_ROW_SLOTS: RowSlots = { rows: [], slots: [], next: 0 };

/**
 * The slots of the rows to draw (in order), given those drawn before. A row drawn before keeps its
 * slot. A row that comes takes the slot of a row of its kind that left, the first one after the
 * slots placed before it and before the next row that stays, so that no element changes place
 * among the others: React moves every element that comes before one placed earlier in the old
 * order (a row scrolled in at the top taking the bottom row's slot moved all ~50). So a scroll by a
 * few rows mounts the rows it brings (the rows that stay are in between), and a search or a jump
 * that leaves no row in view draws the new rows in the old elements. `pinned` (the slot of the
 * focused row) is never given to another row: the focus would stay on an element showing another
 * route.
 */
export function assignRowSlots(previous: RowSlots, rows: readonly SlottedRow[], pinned: number | null = null): RowSlots {
  const oldAt = new Map<string, number>();
  for (let at = 0; at < previous.rows.length; at += 1) oldAt.set(previous.rows[at]!.key, at);
  const staying = new Set<string>();
  for (const row of rows) if (oldAt.has(row.key)) staying.add(row.key);
  const slots: number[] = new Array(rows.length);
  let next = previous.next;
  // The old place of the last slot placed: a slot taken from before it would move.
  let lastOld = -1;
  for (let at = 0; at < rows.length; at += 1) {
    const row = rows[at]!;
    const old = oldAt.get(row.key);
    if (old !== undefined) {
      slots[at] = previous.slots[old]!;
      lastOld = Math.max(lastOld, old);
      continue;
    }
    // The first row that left after lastOld, of this kind and not focused; none past a row that stays.
    let candidate = lastOld + 1;
    while (candidate < previous.rows.length && !staying.has(previous.rows[candidate]!.key) && (previous.slots[candidate] === pinned || previous.rows[candidate]!.kind !== row.kind)) candidate += 1;
    if (candidate < previous.rows.length && !staying.has(previous.rows[candidate]!.key)) {
      slots[at] = previous.slots[candidate]!;
      lastOld = candidate;
    } else {
      slots[at] = next;
      next += 1;
    }
  }
  return { rows, slots, next };
}
