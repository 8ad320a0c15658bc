// A growable table of lines that point into the body text instead of copying it: a 50 MB body
// becomes a few typed arrays, and a line's text is built only when it is shown. A line ends where
// the next one starts (only whitespace lies between), so no end offsets are stored.

export class LineTable {
  /** Source offset of the line's first character. */
  start = new Uint32Array(1024);
  /** Nesting depth (pretty JSON) or 1 for the continuation of a wrapped raw line. */
  depth = new Uint16Array(1024);
  /** For a line that opens a foldable block, the line that closes it; -1 otherwise. */
  foldEnd = new Int32Array(1024).fill(-1);
  /** The source line number shown in the gutter (raw view only; 0 = continuation of a wrapped line). */
  label: Uint32Array | null;
  count = 0;
  /** Where the last line ends (the end of the text once the table is complete). */
  textEnd = 0;

  constructor(withLabels = false) {
    this.label = withLabels ? new Uint32Array(1024) : null;
  }

  push(start: number, depth: number, label = 0): number {
    if (this.count === this.start.length) this.grow();
    const index = this.count;
    this.start[index] = start;
    this.depth[index] = depth > 0xffff ? 0xffff : depth;
    if (this.label) this.label[index] = label;
    this.count += 1;
    return index;
  }

  /** Where line `index` ends: the next line's start, or the end of the text. */
  endOf(index: number): number {
    return index + 1 < this.count ? this.start[index + 1] : this.textEnd;
  }

  private grow(): void {
    const size = this.start.length * 2;
    const grown = <T extends Uint32Array | Uint16Array | Int32Array>(array: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.start = grown(this.start, (n) => new Uint32Array(n));
    this.depth = grown(this.depth, (n) => new Uint16Array(n));
    if (this.label) this.label = grown(this.label, (n) => new Uint32Array(n));
    const foldEnd = new Int32Array(size).fill(-1);
    foldEnd.set(this.foldEnd);
    this.foldEnd = foldEnd;
  }

  /** The last line whose start is at or before `offset` (lines are in source order). */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.count - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (this.start[mid] <= offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }
}
