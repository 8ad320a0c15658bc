// Which JSON value a line of the pretty view holds, and where it sits in the document (its path as
// steps: `['data', 'token']`). Worked out from the line table only for the line asked about (a
// click on "Set as variable…"), never while lines are indexed or drawn: the first paint of a large
// body costs nothing more. The walk goes up through the parents by depth, and counts an array
// element's index by hopping over its earlier siblings' blocks (foldEnd), so it stays linear in
// the lines before the line asked about at worst, typed-array reads only.
import { scanString } from './json-index';
import type { LineTable } from './line-table';

export type PathStep = string | number;

export interface LineValue {
  /** Steps from the document's root to the value (empty for the root itself). */
  steps: PathStep[];
  /**
   * The value as a capture rule would set it: a string as it is, anything else as compact JSON;
   * null when it is too large to carry (a capture rule still reads it after each send).
   */
  value: string | null;
  /** The JSON type of the value. */
  type: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
}

/** Objects and arrays larger than this (in source characters) are not carried as a value. */
export const MAX_LINE_VALUE_CHARS = 1_000_000;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Whether line `line` starts a value (not the closing bracket of a block). */
export function lineHoldsValue(text: string, table: LineTable, line: number): boolean {
  if (line < 0 || line >= table.count) return false;
  const c = text.charCodeAt(table.start[line]);
  return c !== 0x7d && c !== 0x5d;
}

/** The last non-space character before `end`. */
function lastCharBefore(text: string, end: number): number {
  let i = end - 1;
  while (i >= 0 && isSpace(text.charCodeAt(i))) i -= 1;
  return text.charCodeAt(i);
}

/** The steps from the root to the value on `line`; null for a closing line or one not indexed. */
export function lineSteps(text: string, table: LineTable, line: number): PathStep[] | null {
  if (!lineHoldsValue(text, table, line)) return null;
  const steps: PathStep[] = [];
  let current = line;
  while (table.depth[current] > 0) {
    const depth = table.depth[current];
    let parent = current - 1;
    while (parent >= 0 && table.depth[parent] >= depth) parent -= 1;
    if (parent < 0) return null;
    if (lastCharBefore(text, table.endOf(parent)) === 0x7b) {
      const start = table.start[current];
      steps.push(JSON.parse(text.slice(start, scanString(text, start))) as string);
    } else {
      let index = 0;
      for (let i = parent + 1; i < current; i = table.foldEnd[i] >= 0 ? table.foldEnd[i] + 1 : i + 1) index += 1;
      steps.push(index);
    }
    current = parent;
  }
  return steps.reverse();
}

/** The value on `line` (see LineValue); null for a closing line or one not indexed. */
export function lineValue(text: string, table: LineTable, line: number): LineValue | null {
  const steps = lineSteps(text, table, line);
  if (!steps) return null;
  let from = table.start[line];
  if (typeof steps[steps.length - 1] === 'string') {
    // Past the key and its colon.
    from = scanString(text, from);
    while (text.charCodeAt(from) !== 0x3a) from += 1;
    from += 1;
    while (isSpace(text.charCodeAt(from))) from += 1;
  }
  const closeLine = table.foldEnd[line];
  let to: number;
  if (closeLine >= 0) to = table.start[closeLine] + 1;
  else {
    to = table.endOf(line);
    while (to > from && isSpace(text.charCodeAt(to - 1))) to -= 1;
    if (text.charCodeAt(to - 1) === 0x2c) to -= 1;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to -= 1;
  }
  const first = text[from];
  const type: LineValue['type'] =
    first === '"' ? 'string' : first === '{' ? 'object' : first === '[' ? 'array' : first === 't' || first === 'f' ? 'boolean' : first === 'n' ? 'null' : 'number';
  if (to - from > MAX_LINE_VALUE_CHARS) return { steps, value: null, type };
  const parsed: unknown = JSON.parse(text.slice(from, to));
  return { steps, value: typeof parsed === 'string' ? parsed : JSON.stringify(parsed), type };
}
