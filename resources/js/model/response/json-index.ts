// Pretty-prints JSON without building the pretty text: one pass over the body records, for every
// line of the pretty form, where its tokens are in the source, how deep it is, and which line closes
// the block it opens (fold ranges). It runs in slices so the worker can answer requests for the
// first lines while the rest of a 50 MB body is still being indexed.
import { lineColumnAt } from '../../../../protocol/json-error-position.js';
import { LineTable } from './line-table';

const OBJECT = 1;
const ARRAY = 2;

const EXPECT_VALUE = 0;
const EXPECT_VALUE_OR_CLOSE = 1;
const EXPECT_KEY = 2;
const EXPECT_KEY_OR_CLOSE = 3;
const EXPECT_COMMA_OR_CLOSE = 4;
const EXPECT_END = 5;

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export class JsonIndexer {
  readonly lines = new LineTable();
  done = false;
  error: JsonSyntaxError | null = null;
  private pos: number;
  private expect = EXPECT_VALUE;
  private readonly containers: number[] = [];
  private readonly openers: number[] = [];
  /** Source offset of the current line's first token; -1 between lines. */
  private lineStart = -1;
  private lineDepth = 0;
  /** End of the value that finished the current line, before a possible comma. */
  private valueEnd = -1;
  /** The opener whose block the pending (closing) line ends. */
  private pendingFoldOpener = -1;

  constructor(readonly text: string) {
    this.pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** Indexes the whole text at once (small bodies, tests). Throws the syntax error, if any. */
  static index(text: string): JsonIndexer {
    const indexer = new JsonIndexer(text);
    indexer.advance(Number.POSITIVE_INFINITY);
    if (indexer.error) throw indexer.error;
    return indexer;
  }

  /** Indexes about `budget` more characters; returns true once the text is done (or wrong). */
  advance(budget: number): boolean {
    if (this.done) return true;
    try {
      this.run(this.pos + budget);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const { line, column } = lineColumnAt(this.text, error.offset);
      this.error = new JsonSyntaxError(`${error.message} at line ${line}, column ${column}`, error.offset);
      this.done = true;
    }
    return this.done;
  }

  /** How far the index has got, as a fraction of the text. */
  get progress(): number {
    return this.text.length === 0 ? 1 : Math.min(1, this.pos / this.text.length);
  }

  private run(limit: number): void {
    const text = this.text;
    const n = text.length;
    while (this.pos < n && this.pos < limit) {
      const c = text.charCodeAt(this.pos);
      if (isWhitespace(c)) {
        this.pos += 1;
        continue;
      }
      switch (this.expect) {
        case EXPECT_VALUE_OR_CLOSE:
        case EXPECT_VALUE:
          if (c === 0x5d && this.expect === EXPECT_VALUE_OR_CLOSE) this.closeContainer(ARRAY);
          else this.readValue(c);
          break;
        case EXPECT_KEY_OR_CLOSE:
        case EXPECT_KEY:
          if (c === 0x7d && this.expect === EXPECT_KEY_OR_CLOSE) this.closeContainer(OBJECT);
          else this.readKey(c);
          break;
        case EXPECT_COMMA_OR_CLOSE: {
          const top = this.containers[this.containers.length - 1];
          if (c === 0x2c) {
            this.emitLine(this.pos + 1);
            this.pos += 1;
            this.expect = top === OBJECT ? EXPECT_KEY : EXPECT_VALUE;
          } else if ((c === 0x7d && top === OBJECT) || (c === 0x5d && top === ARRAY)) {
            this.emitLine(this.valueEnd);
            this.closeContainer(top);
          } else {
            throw new JsonSyntaxError(`Expected ',' or '${top === OBJECT ? '}' : ']'}' but found ${describe(text, this.pos)}`, this.pos);
          }
          break;
        }
        case EXPECT_END:
          throw new JsonSyntaxError(`Unexpected ${describe(text, this.pos)} after the JSON value`, this.pos);
      }
    }
    if (this.pos >= n) this.finish();
  }

  private finish(): void {
    if (this.expect === EXPECT_END) {
      if (this.lineStart !== -1) this.emitLine(this.valueEnd);
      this.done = true;
      return;
    }
    throw new JsonSyntaxError(this.lines.count === 0 && this.lineStart === -1 ? 'The body is empty, not JSON' : 'Unexpected end of the JSON', this.text.length);
  }

  private beginLine(): void {
    if (this.lineStart === -1) {
      this.lineStart = this.pos;
      this.lineDepth = this.containers.length;
    }
  }

  private emitLine(end: number): number {
    const index = this.lines.push(this.lineStart, this.lineDepth);
    this.lines.textEnd = end;
    if (this.pendingFoldOpener !== -1) {
      this.lines.foldEnd[this.pendingFoldOpener] = index;
      this.pendingFoldOpener = -1;
    }
    this.lineStart = -1;
    return index;
  }

  private valueDone(end: number): void {
    this.valueEnd = end;
    this.pos = end;
    this.expect = this.containers.length === 0 ? EXPECT_END : EXPECT_COMMA_OR_CLOSE;
  }

  private readValue(c: number): void {
    const text = this.text;
    this.beginLine();
    if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      let next = this.pos + 1;
      while (next < text.length && isWhitespace(text.charCodeAt(next))) next += 1;
      if (text.charCodeAt(next) === close) {
        this.valueDone(next + 1);
        return;
      }
      const opener = this.emitLine(this.pos + 1);
      this.containers.push(c === 0x7b ? OBJECT : ARRAY);
      this.openers.push(opener);
      this.pos += 1;
      this.expect = c === 0x7b ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE;
      return;
    }
    if (c === 0x22) {
      this.valueDone(scanString(text, this.pos));
      return;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      this.valueDone(scanNumber(text, this.pos));
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, this.pos)) {
        this.valueDone(this.pos + literal.length);
        return;
      }
    }
    throw new JsonSyntaxError(`Unexpected ${describe(text, this.pos)}`, this.pos);
  }

  private readKey(c: number): void {
    const text = this.text;
    if (c !== 0x22) throw new JsonSyntaxError(`Expected a property name in double quotes but found ${describe(text, this.pos)}`, this.pos);
    this.beginLine();
    let next = scanString(text, this.pos);
    while (next < text.length && isWhitespace(text.charCodeAt(next))) next += 1;
    if (text.charCodeAt(next) !== 0x3a) throw new JsonSyntaxError(`Expected ':' after a property name but found ${describe(text, next)}`, next);
    this.pos = next + 1;
    this.expect = EXPECT_VALUE;
  }

  private closeContainer(kind: number): void {
    if (this.containers.pop() !== kind) throw new JsonSyntaxError('Mismatched bracket', this.pos);
    const opener = this.openers.pop() ?? -1;
    this.lineStart = -1;
    this.beginLine();
    this.pendingFoldOpener = opener;
    this.valueDone(this.pos + 1);
  }
}

/** The offset just after the string that starts at `start` (a `"`). */
export function scanString(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) throw new JsonSyntaxError('Unterminated string', start);
    let backslashes = 0;
    for (let k = quote - 1; text.charCodeAt(k) === 0x5c; k -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset just after the number that starts at `start`. */
export function scanNumber(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === 0x2d) i += 1;
  const digitsFrom = i;
  for (; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d)) break;
  }
  if (i === digitsFrom) throw new JsonSyntaxError(`Unexpected ${describe(text, start)}`, start);
  return i;
}

function describe(text: string, offset: number): string {
  if (offset >= text.length) return 'end of the body';
  const char = text[offset];
  return /\s/.test(char) ? 'whitespace' : `'${char}'`;
}
