// Builds the text of one visible line from the source on demand: the tokens of a pretty JSON line
// with normalised spacing and their highlight kinds, or a slice of raw text; plus where search
// matches fall in the built text.

/** Highlight kinds, used as CSS class suffixes: key, string, number, boolean, null, punctuation,
 *  fold placeholder, note (a shortened token), plain text. */
export type TokenKind = 'key' | 'str' | 'num' | 'bool' | 'null' | 'punct' | 'fold' | 'note' | 'text';

export interface RenderedLine {
  /** Index among the visible lines (folds applied). */
  index: number;
  /** Index in the line table (folds ignored). */
  line: number;
  /** Number shown in the gutter; empty for the continuation of a wrapped raw line. */
  label: string;
  text: string;
  /** Highlight spans over `text`: [from, to, kind]. */
  spans: Array<[number, number, TokenKind]>;
  /** Present on a pretty line that holds a value (offers "Set as variable…"). */
  value?: true;
  /** Present when the line opens a foldable block. */
  fold?: 'open' | 'closed';
  /** Search matches within `text`: [from, to, match number]. */
  matches: Array<[number, number, number]>;
}

/** A token longer than this is shortened in the pretty view (the Raw view and Copy keep it whole). */
export const MAX_TOKEN_CHARS = 5_000;
const INDENT = '  ';

interface TokenPiece {
  /** Where the token's text starts in the source. */
  source: number;
  /** Its length in the source. */
  length: number;
  /** Where it starts in the built text. */
  at: number;
  /** How many characters of it the built text shows. */
  shown: number;
}

/** Collects a line's text while remembering how source offsets map onto it. */
class LineBuilder {
  text = '';
  spans: Array<[number, number, TokenKind]> = [];
  pieces: TokenPiece[] = [];

  add(value: string, kind: TokenKind, source = -1, sourceLength = value.length): void {
    const at = this.text.length;
    let shown = value;
    if (value.length > MAX_TOKEN_CHARS) {
      shown = value.slice(0, MAX_TOKEN_CHARS);
    }
    shown = shown.replace(/[\r\n\t]/g, (ch) => (ch === '\n' ? '↵' : ch === '\r' ? '␍' : '⇥'));
    this.text += shown;
    if (kind !== 'text' || shown.length > 0) this.spans.push([at, at + shown.length, kind]);
    if (source >= 0) this.pieces.push({ source, length: sourceLength, at, shown: shown.length });
    if (value.length > MAX_TOKEN_CHARS) {
      const note = ` … ${(value.length - MAX_TOKEN_CHARS).toLocaleString('en-US')} more characters (see Raw)`;
      const noteAt = this.text.length;
      this.text += note;
      this.spans.push([noteAt, noteAt + note.length, 'note']);
    }
  }

  /** The column in the built text where a source offset lands (or the nearest token after it). */
  columnOf(offset: number): number {
    for (const piece of this.pieces) {
      if (offset < piece.source) return piece.at;
      if (offset < piece.source + piece.length) return piece.at + Math.min(offset - piece.source, piece.shown);
    }
    return this.text.length;
  }
}

/** Appends the tokens of the JSON source between `start` and `end` with normalised spacing. */
function addJsonTokens(builder: LineBuilder, text: string, start: number, end: number): void {
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i += 1;
      continue;
    }
    if (c === 0x22) {
      let close = i + 1;
      for (;;) {
        const quote = text.indexOf('"', close);
        if (quote === -1 || quote >= end) {
          close = end;
          break;
        }
        let backslashes = 0;
        for (let k = quote - 1; text.charCodeAt(k) === 0x5c; k -= 1) backslashes += 1;
        close = quote + 1;
        if (backslashes % 2 === 0) break;
      }
      let after = close;
      while (after < end && /\s/.test(text[after])) after += 1;
      builder.add(text.slice(i, close), text.charCodeAt(after) === 0x3a ? 'key' : 'str', i);
      i = close;
      continue;
    }
    if (c === 0x3a) {
      builder.add(':', 'punct', i);
      builder.add(' ', 'text');
      i += 1;
      continue;
    }
    if (c === 0x7b || c === 0x7d || c === 0x5b || c === 0x5d || c === 0x2c) {
      builder.add(text[i], 'punct', i);
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < end) {
      const d = text.charCodeAt(j);
      if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x3a || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break;
      j += 1;
    }
    const word = text.slice(i, j);
    builder.add(word, word === 'true' || word === 'false' ? 'bool' : word === 'null' ? 'null' : 'num', i);
    i = j;
  }
}

/** Match starts are sorted; returns the first match index whose start is >= `offset`. */
export function firstMatchAtOrAfter(matchStarts: Uint32Array, matchCount: number, offset: number): number {
  let low = 0;
  let high = matchCount;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (matchStarts[mid] < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

export interface MatchSet {
  starts: Uint32Array;
  count: number;
  length: number;
  /** Where each match ends in the source, when matches differ in length (spacing-insensitive search). */
  ends?: Uint32Array;
}

function addMatches(builder: LineBuilder, matches: MatchSet | null, ranges: Array<[number, number]>, out: Array<[number, number, number]>): void {
  if (!matches || matches.count === 0) return;
  for (const [from, to] of ranges) {
    for (let m = firstMatchAtOrAfter(matches.starts, matches.count, from); m < matches.count && matches.starts[m] < to; m += 1) {
      const start = matches.starts[m];
      const a = builder.columnOf(start);
      const b = builder.columnOf((matches.ends ? matches.ends[m] : start + matches.length) - 1) + 1;
      out.push([a, Math.min(builder.text.length, Math.max(a + 1, b)), m]);
    }
  }
}

/** One pretty JSON line: indent, tokens, and (when folded) a placeholder and the closing tokens. */
export function renderJsonLine(
  text: string,
  range: { start: number; end: number; depth: number },
  closing: { start: number; end: number } | null,
  matches: MatchSet | null,
): Pick<RenderedLine, 'text' | 'spans' | 'matches'> {
  const builder = new LineBuilder();
  builder.add(INDENT.repeat(range.depth), 'text');
  addJsonTokens(builder, text, range.start, range.end);
  const ranges: Array<[number, number]> = [[range.start, range.end]];
  if (closing) {
    builder.add(' … ', 'fold');
    addJsonTokens(builder, text, closing.start, closing.end);
    ranges.push([closing.start, closing.end]);
  }
  const found: Array<[number, number, number]> = [];
  addMatches(builder, matches, ranges, found);
  return { text: builder.text, spans: builder.spans, matches: found };
}

/** One raw line (or a wrapped part of one), as the body has it. */
export function renderRawLine(text: string, start: number, end: number, matches: MatchSet | null): Pick<RenderedLine, 'text' | 'spans' | 'matches'> {
  const builder = new LineBuilder();
  const slice = text.slice(start, end);
  // Raw lines are wrapped well below the token cap, so nothing is shortened here.
  // A stray carriage return would break the row; one visible character keeps the columns aligned.
  builder.text = slice.replace(/\r/g, '␍');
  builder.pieces.push({ source: start, length: end - start, at: 0, shown: builder.text.length });
  builder.spans.push([0, builder.text.length, 'text']);
  const found: Array<[number, number, number]> = [];
  addMatches(builder, matches, [[start, end]], found);
  return { text: builder.text, spans: builder.spans, matches: found };
}
