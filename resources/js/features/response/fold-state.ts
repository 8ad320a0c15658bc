// Which blocks of the pretty view are folded, and how visible line numbers map onto lines of the
// table. Folds nested inside a folded block stay remembered, so unfolding the outer block shows
// the inner one still folded (as editors do). Lookups are binary searches, so a million folds
// (Collapse all on a large array) still scroll smoothly.

export class FoldState {
  private readonly collapsed = new Set<number>();
  /** Outermost folded blocks, sorted: first line (stays visible) and last line (hidden). */
  private starts = new Int32Array(0);
  private ends = new Int32Array(0);
  /** Lines hidden by the folds before fold i. */
  private hiddenBefore = new Float64Array(0);
  private hiddenTotal = 0;

  constructor(private readonly foldEnd: () => Int32Array) {}

  get size(): number {
    return this.collapsed.size;
  }

  isCollapsed(line: number): boolean {
    return this.collapsed.has(line);
  }

  /** Folds or unfolds the block opened at `line`; returns whether it is now folded. */
  toggle(line: number, collapse = !this.collapsed.has(line)): boolean {
    if (this.foldEnd()[line] === undefined || this.foldEnd()[line] < 0) return false;
    if (collapse) this.collapsed.add(line);
    else this.collapsed.delete(line);
    this.rebuild();
    return collapse;
  }

  /** Folds every block that opens at `depth` (1 = the children of the top-level value). */
  collapseAtDepth(depths: Uint16Array, lineCount: number, depth: number): void {
    const foldEnd = this.foldEnd();
    for (let line = 0; line < lineCount; line += 1) {
      if (depths[line] === depth && foldEnd[line] >= 0) this.collapsed.add(line);
    }
    this.rebuild();
  }

  clear(): void {
    this.collapsed.clear();
    this.rebuild();
  }

  /** Unfolds every block that hides `line`; returns whether anything changed. */
  reveal(line: number): boolean {
    const foldEnd = this.foldEnd();
    let changed = false;
    for (const start of [...this.collapsed]) {
      if (start < line && foldEnd[start] >= line) {
        this.collapsed.delete(start);
        changed = true;
      }
    }
    if (changed) this.rebuild();
    return changed;
  }

  visibleCount(lineCount: number): number {
    return lineCount - this.hiddenTotal;
  }

  /** The table line shown at visible position `visible`. */
  toLine(visible: number): number {
    const i = this.lastFoldAtOrBefore(visible);
    if (i < 0) return visible;
    const shownAt = this.starts[i] - this.hiddenBefore[i];
    if (visible === shownAt) return this.starts[i];
    return visible + this.hiddenBefore[i] + (this.ends[i] - this.starts[i]);
  }

  /** The visible position of a table line; a hidden line maps to the fold that hides it. */
  toVisible(line: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    let i = -1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (this.starts[mid] < line) {
        i = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (i < 0) return line;
    if (line <= this.ends[i]) return this.starts[i] - this.hiddenBefore[i];
    return line - this.hiddenBefore[i] - (this.ends[i] - this.starts[i]);
  }

  /** The last outermost fold whose first line is visible at or before `visible`. */
  private lastFoldAtOrBefore(visible: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (this.starts[mid] - this.hiddenBefore[mid] <= visible) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  private rebuild(): void {
    const foldEnd = this.foldEnd();
    const sorted = [...this.collapsed].sort((a, b) => a - b);
    const starts: number[] = [];
    const ends: number[] = [];
    let coveredTo = -1;
    for (const start of sorted) {
      if (start <= coveredTo) continue;
      starts.push(start);
      ends.push(foldEnd[start]);
      coveredTo = foldEnd[start];
    }
    this.starts = Int32Array.from(starts);
    this.ends = Int32Array.from(ends);
    this.hiddenBefore = new Float64Array(starts.length);
    let hidden = 0;
    for (let i = 0; i < starts.length; i += 1) {
      this.hiddenBefore[i] = hidden;
      hidden += ends[i] - starts[i];
    }
    this.hiddenTotal = hidden;
  }
}
