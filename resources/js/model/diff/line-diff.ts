// Line diff of two texts (Myers' O(ND) algorithm on the lines left after the common start and end
// are taken off). Past MAX_EDITS edits the middle is reported as one block removed and one added:
// two bodies that share nothing would otherwise cost time quadratic in their length.
export interface LineChange {
  kind: 'added' | 'removed';
  /** 1-based line number in the side that has the line. */
  line: number;
  text: string;
}

export interface LineDiff {
  /** The first `limit` changed lines, in order. */
  changes: LineChange[];
  added: number;
  removed: number;
  /** True when the texts differ too much to align line by line (the middle is one block). */
  coarse: boolean;
}

export const MAX_EDITS = 2000;
export const LINE_PREVIEW_CHARS = 400;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function diffLines(leftText: string, rightText: string, limit = 500): LineDiff {
  const a = splitLines(leftText);
  const b = splitLines(rightText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const edits = myers(a, b, start, endA, start, endB);
  const result: LineDiff = { changes: [], added: 0, removed: 0, coarse: edits === null };
  const push = (kind: LineChange['kind'], line: number, text: string) => {
    result[kind] += 1;
    if (result.changes.length < limit) result.changes.push({ kind, line: line + 1, text: text.length > LINE_PREVIEW_CHARS ? `${text.slice(0, LINE_PREVIEW_CHARS - 1)}…` : text });
  };
  if (edits === null) {
    for (let i = start; i < endA; i += 1) push('removed', i, a[i]!);
    for (let j = start; j < endB; j += 1) push('added', j, b[j]!);
  } else {
    for (const edit of edits) push(edit.kind, edit.line, edit.kind === 'removed' ? a[edit.line]! : b[edit.line]!);
  }
  return result;
}

type Edit = { kind: 'added' | 'removed'; line: number };

/** The shortest edit script between a[aStart..aEnd) and b[bStart..bEnd), or null past MAX_EDITS. */
function myers(a: string[], b: string[], aStart: number, aEnd: number, bStart: number, bEnd: number): Edit[] | null {
  const n = aEnd - aStart;
  const m = bEnd - bStart;
  if (n === 0 || m === 0) {
    const edits: Edit[] = [];
    for (let i = aStart; i < aEnd; i += 1) edits.push({ kind: 'removed', line: i });
    for (let j = bStart; j < bEnd; j += 1) edits.push({ kind: 'added', line: j });
    return edits;
  }
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // Before step d only the diagonals -d-1..d+1 are read back: keeping that window (not all of v) keeps
  // the trace at about MAX_EDITS² numbers.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[aStart + x] === b[bStart + y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, d, aStart, bStart);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number, steps: number, aStart: number, bStart: number): Edit[] {
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = steps; d > 0; d -= 1) {
    const band = trace[d]!;
    const at = (diagonal: number) => band[diagonal + d + 1]!;
    const k = x - y;
    const fromAbove = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = fromAbove ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
    }
    if (fromAbove) edits.push({ kind: 'added', line: bStart + prevY });
    else edits.push({ kind: 'removed', line: aStart + prevX });
    x = prevX;
    y = prevY;
  }
  return edits.reverse();
}
