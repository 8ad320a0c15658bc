// One response body as the viewer sees it: its text, the pretty JSON index (built in slices), the
// raw line index, folds and search matches; and windows of rendered lines on request. The worker
// holds one of these per body; a small body gets one on the main thread. Plain module, no DOM.
import { FoldState } from './fold-state';
import { JsonIndexer } from '../../model/response/json-index';
import { LineTable } from '../../model/response/line-table';
import { lineHoldsValue, lineValue, type LineValue } from '../../model/response/line-value';
import { renderJsonLine, renderRawLine, type MatchSet, type RenderedLine } from './render-line';

export type BodyView = 'pretty' | 'raw';

/** Raw lines longer than this are shown as several rows, so a one-line 50 MB body stays usable. */
export const RAW_WRAP_CHARS = 2_000;
/** Search stops counting here; the count then reads "100,000+". */
export const MAX_MATCHES = 100_000;

export interface BodyStatus {
  /** Visible lines of the pretty view (folds applied); 0 when the body is not JSON. */
  prettyLines: number;
  rawLines: number;
  /** Whether the pretty index is still being built (its line count grows). */
  indexing: boolean;
  /** Share of the body indexed, 0..1. */
  progress: number;
  /** Whether the body is shown as pretty JSON. */
  json: boolean;
  /** Why the body, announced as JSON, could not be read as JSON. */
  jsonError: string | null;
  folds: number;
}

export interface SearchSummary {
  count: number;
  /** More matches exist than were counted. */
  capped: boolean;
}

/** Decodes body bytes with the Content-Type's charset (UTF-8 when absent or unknown). */
export function decodeBody(bytes: ArrayBuffer | Uint8Array, charset?: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset || 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}

/** Splits text into raw rows at newlines, wrapping lines longer than `wrap`. */
export function indexRawLines(text: string, wrap = RAW_WRAP_CHARS): LineTable {
  const table = new LineTable(true);
  let start = 0;
  let number = 1;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    table.push(start, 0, number);
    for (let part = start + wrap; part < end; part += wrap) table.push(part, 1, 0);
    if (newline === -1) break;
    start = newline + 1;
    number += 1;
  }
  table.textEnd = text.length;
  return table;
}

export class BodyDocument {
  readonly raw: LineTable;
  readonly json: JsonIndexer | null;
  readonly folds: FoldState;
  private matches: MatchSet | null = null;
  private lowerText: string | null = null;

  /**
   * `filtered`: the document is a filter's result (an array of matches), whose root line stands
   * for no value of the body, so it offers no "Set as variable…".
   */
  constructor(
    readonly text: string,
    asJson: boolean,
    readonly filtered = false,
  ) {
    this.raw = indexRawLines(text);
    this.json = asJson ? new JsonIndexer(text) : null;
    this.folds = new FoldState(() => this.json?.lines.foldEnd ?? new Int32Array(0));
  }

  /** Indexes about `budget` more characters of JSON; true when there is nothing left to do. */
  indexSome(budget: number): boolean {
    return this.json ? this.json.advance(budget) : true;
  }

  /** Whether the pretty view can be shown (JSON that is valid so far). */
  get prettyAvailable(): boolean {
    return this.json !== null && this.json.error === null;
  }

  status(): BodyStatus {
    const json = this.json;
    return {
      prettyLines: this.prettyAvailable && json ? this.folds.visibleCount(json.lines.count) : 0,
      rawLines: this.raw.count,
      indexing: json !== null && !json.done,
      progress: json ? (json.done ? 1 : json.progress) : 1,
      json: this.prettyAvailable,
      jsonError: json?.error?.message ?? null,
      folds: this.folds.size,
    };
  }

  /** Up to `count` rendered lines of a view, from visible line `start`. */
  lines(view: BodyView, start: number, count: number): RenderedLine[] {
    const out: RenderedLine[] = [];
    if (view === 'pretty') {
      const json = this.json;
      if (!json || !this.prettyAvailable) return out;
      const table = json.lines;
      const total = this.folds.visibleCount(table.count);
      for (let index = Math.max(0, start); index < Math.min(total, start + count); index += 1) {
        const line = this.folds.toLine(index);
        const closeLine = table.foldEnd[line];
        const folded = closeLine >= 0 && this.folds.isCollapsed(line);
        const rendered = renderJsonLine(
          this.text,
          { start: table.start[line], end: table.endOf(line), depth: table.depth[line] },
          folded ? { start: table.start[closeLine], end: table.endOf(closeLine) } : null,
          this.matches,
        );
        const holdsValue = lineHoldsValue(this.text, table, line) && !(this.filtered && table.depth[line] === 0);
        out.push({
          index,
          line,
          label: String(line + 1),
          ...rendered,
          ...(closeLine >= 0 ? { fold: folded ? 'closed' : 'open' } : {}),
          ...(holdsValue ? { value: true } : {}),
        });
      }
      return out;
    }
    const table = this.raw;
    for (let index = Math.max(0, start); index < Math.min(table.count, start + count); index += 1) {
      let end = table.endOf(index);
      if (table.depth[index + 1] !== 1 || index + 1 >= table.count) {
        // The row ends a source line: leave its newline out.
        if (this.text.charCodeAt(end - 1) === 0x0a) end -= 1;
        if (this.text.charCodeAt(end - 1) === 0x0d) end -= 1;
      }
      const end2 = Math.max(table.start[index], end);
      const label = table.label?.[index] ?? index + 1;
      out.push({ index, line: index, label: label ? String(label) : '', ...renderRawLine(this.text, table.start[index], end2, this.matches) });
    }
    return out;
  }

  /** The value on pretty line `line` (a line table index) and its path; null when it holds none. */
  valueAt(line: number): LineValue | null {
    const json = this.json;
    if (!json || !this.prettyAvailable || line >= json.lines.count || (this.filtered && json.lines.depth[line] === 0)) return null;
    // A block whose end is not indexed yet (a large body still being formatted) is read whole.
    if (json.lines.foldEnd[line] < 0 && /[[{]\s*$/.test(this.text.slice(json.lines.start[line], json.lines.endOf(line)))) this.finishIndexing();
    return lineValue(this.text, json.lines, line);
  }

  /** Folds or unfolds one block, or all blocks below the top level. */
  fold(action: { line: number } | 'collapse-all' | 'expand-all'): void {
    const json = this.json;
    if (!json) return;
    if (action === 'expand-all') this.folds.clear();
    else if (action === 'collapse-all') {
      this.finishIndexing();
      this.folds.collapseAtDepth(json.lines.depth, json.lines.count, 1);
    } else this.folds.toggle(action.line);
  }

  /**
   * Finds every occurrence of `query` in the body (case-insensitive unless asked). In a JSON body
   * the spacing between tokens does not count, so what Pretty view shows (`"id": 1`) is found in
   * `{"id":1}` as well as what the source has.
   */
  search(query: string, caseSensitive = false): SearchSummary {
    this.finishIndexing();
    if (query === '') {
      this.matches = null;
      return { count: 0, capped: false };
    }
    const spacingFree = this.prettyAvailable ? spacingFreePattern(query) : null;
    if (spacingFree) return this.searchPattern(new RegExp(spacingFree, caseSensitive ? 'g' : 'gi'), query.length);
    let starts = new Uint32Array(256);
    let count = 0;
    let capped = false;
    const push = (at: number) => {
      if (count === starts.length) {
        const grown = new Uint32Array(starts.length * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[count] = at;
      count += 1;
    };
    let haystack = this.text;
    let needle = query;
    if (!caseSensitive) {
      this.lowerText ??= this.text.toLowerCase();
      haystack = this.lowerText;
      needle = query.toLowerCase();
    }
    if (haystack.length === this.text.length) {
      for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
        if (count === MAX_MATCHES) {
          capped = true;
          break;
        }
        push(at);
      }
    } else {
      // Lower-casing changed the length (a few Unicode letters do), so offsets would drift.
      const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
      for (let match = pattern.exec(this.text); match; match = pattern.exec(this.text)) {
        if (count === MAX_MATCHES) {
          capped = true;
          break;
        }
        push(match.index);
      }
    }
    this.matches = { starts, count, length: query.length };
    return { count, capped };
  }

  private searchPattern(pattern: RegExp, length: number): SearchSummary {
    let starts = new Uint32Array(256);
    let ends = new Uint32Array(256);
    let count = 0;
    let capped = false;
    for (let match = pattern.exec(this.text); match; match = pattern.exec(this.text)) {
      if (count === MAX_MATCHES) {
        capped = true;
        break;
      }
      if (count === starts.length) {
        const grownStarts = new Uint32Array(count * 2);
        const grownEnds = new Uint32Array(count * 2);
        grownStarts.set(starts);
        grownEnds.set(ends);
        starts = grownStarts;
        ends = grownEnds;
      }
      starts[count] = match.index;
      ends[count] = match.index + match[0].length;
      count += 1;
    }
    this.matches = { starts, count, length, ends };
    return { count, capped };
  }

  /** The visible line of match `index` in a view, unfolding what hides it; -1 when out of range. */
  locate(view: BodyView, index: number): number {
    const matches = this.matches;
    if (!matches || index < 0 || index >= matches.count) return -1;
    const offset = matches.starts[index];
    if (view === 'pretty' && this.json && this.prettyAvailable) {
      const line = Math.max(0, this.json.lines.lineAt(offset));
      this.folds.reveal(line);
      return this.folds.toVisible(line);
    }
    return Math.max(0, this.raw.lineAt(offset));
  }

  private finishIndexing(): void {
    while (!this.indexSome(8_000_000));
  }
}

/**
 * A pattern that finds `query` whatever the spacing around JSON punctuation and in place of the
 * query's own spaces (`"id": 1` finds `"id":1`); null when the query has neither, so the plain
 * search runs.
 */
export function spacingFreePattern(query: string): string | null {
  if (!/[\s:,[\]{}]/.test(query)) return null;
  const SPACE = '\\s*';
  let pattern = '';
  for (const char of query) {
    if (/\s/.test(char)) pattern += SPACE;
    else if (':,[]{}'.includes(char)) pattern += `${SPACE}\\${char}${SPACE}`;
    else pattern += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  pattern = pattern.replace(/(\\s\*)+/g, SPACE).replace(/^(\\s\*)/, '').replace(/(\\s\*)$/, '');
  return pattern === '' ? null : pattern;
}
