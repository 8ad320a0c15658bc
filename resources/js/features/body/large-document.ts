// The JSON editor's mode for large documents: no parser (CodeMirror's would keep re-parsing
// megabytes while the user types), but tokens coloured line by line for the lines in view, and
// folding of a `{` or `[` that ends a line when its closing bracket is within reach.
// Punctuation takes the text's own colour in this mode (the `kite-cm-large` class), and where the
// browser paints CSS highlights (::highlight) keys, strings, numbers and booleans are coloured
// without an element of their own: drawing the spans was most of what a paste of megabytes and
// each keystroke cost (elsewhere, and for italic nulls, they stay mark decorations).
import { foldService } from '@codemirror/language';
import { type EditorState, type Extension, type Line, RangeSetBuilder, StateField, type Text } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

/** How far a fold looks for its closing bracket: a fold over megabytes is not worth the scan. */
const FOLD_REACH = 200_000;

const TOKEN = /"(?:[^"\\]|\\.)*"(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\b(?:true|false)\b|\bnull\b|[{}[\],:]/g;
const marks = {
  key: Decoration.mark({ class: 'kite-tok-key' }),
  str: Decoration.mark({ class: 'kite-tok-str' }),
  num: Decoration.mark({ class: 'kite-tok-num' }),
  bool: Decoration.mark({ class: 'kite-tok-bool' }),
  null: Decoration.mark({ class: 'kite-tok-null' }),
  punct: Decoration.mark({ class: 'kite-tok-punct' }),
};

type TokenKind = Exclude<keyof typeof marks, 'punct'>;

/** The shared highlight registry, where the browser has one (Chromium 105+, Safari 17.2+, Firefox 140+). */
const registry = typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function' ? CSS.highlights : null;
/** The kinds painted as highlights: a highlight cannot make text italic, so nulls keep their mark. */
const PAINTED_KINDS: readonly TokenKind[] = registry ? ['key', 'str', 'num', 'bool'] : [];
/** The kinds drawn as mark decorations. */
const decorated = (kind: TokenKind) => !PAINTED_KINDS.includes(kind);

/** The kind of a token the pattern matched. */
export function tokenKind(token: string, colon: boolean): keyof typeof marks {
  const first = token[0];
  if (first === '"') return colon ? 'key' : 'str';
  if (token === 'true' || token === 'false') return 'bool';
  if (token === 'null') return 'null';
  if (first === '-' || (first! >= '0' && first! <= '9')) return 'num';
  return 'punct';
}

/** The coloured tokens of one line as [start, end, kind], offsets within the line; punctuation is left to the text colour. */
export function lineTokens(text: string): Array<[number, number, Exclude<keyof typeof marks, 'punct'>]> {
  const tokens: Array<[number, number, Exclude<keyof typeof marks, 'punct'>]> = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const kind = tokenKind(match[0], match[1] !== undefined);
    if (kind === 'punct') continue;
    tokens.push([match.index, match.index + (kind === 'key' ? match[0].length - match[1]!.length : match[0].length), kind]);
  }
  return tokens;
}

/** The tokens of a line drawn as mark decorations: where the browser paints highlights, only its nulls. */
function decoratedTokens(text: string): ReturnType<typeof lineTokens> {
  if (PAINTED_KINDS.length > 0 && !text.includes('null')) return [];
  return lineTokens(text).filter(([, , kind]) => decorated(kind));
}

/** Calls `f` with each line in view, top to bottom. */
function forVisibleLines(view: EditorView, f: (line: Line) => void): void {
  for (const { from, to } of view.visibleRanges) {
    for (let line = view.state.doc.lineAt(from); ; line = view.state.doc.line(line.number + 1)) {
      f(line);
      if (line.to >= to || line.number >= view.state.doc.lines) break;
    }
  }
}

function visibleTokens(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  forVisibleLines(view, (line) => {
    for (const [start, end, kind] of decoratedTokens(line.text)) builder.add(line.from + start, line.from + end, marks[kind]);
  });
  return builder.finish();
}

/** Above this many changed lines an edit redraws the tokens in view from scratch. */
const PATCH_LINES = 200;

/**
 * The tokens of the lines an edit changed, the others' moved with the text: a keystroke colours
 * one line again, not every line in view (a new viewport is coloured from scratch).
 */
export function patchTokens(decorations: DecorationSet, update: Pick<ViewUpdate, 'changes' | 'state'>): DecorationSet | null {
  const doc = update.state.doc;
  let patched = decorations.map(update.changes);
  let tooMany = false;
  update.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    if (tooMany) return;
    const first = doc.lineAt(fromB);
    const last = doc.lineAt(toB);
    if (last.number - first.number > PATCH_LINES) {
      tooMany = true;
      return;
    }
    const add = [];
    for (let number = first.number; number <= last.number; number += 1) {
      const line = doc.line(number);
      for (const [start, end, kind] of decoratedTokens(line.text)) add.push(marks[kind].range(line.from + start, line.from + end));
    }
    patched = patched.update({ filterFrom: first.from, filterTo: last.to, filter: () => false, add });
  });
  return tooMany ? null : patched;
}

/** Whether the ranges in view are the ones before the change, moved with the text (CodeMirror calls that a new viewport). */
function sameRanges(before: readonly { from: number; to: number }[], update: ViewUpdate): boolean {
  const now = update.view.visibleRanges;
  return before.length === now.length && before.every((range, i) => update.changes.mapPos(range.from, -1) === now[i]!.from && update.changes.mapPos(range.to, 1) === now[i]!.to);
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    ranges: readonly { from: number; to: number }[];
    constructor(view: EditorView) {
      this.decorations = visibleTokens(view);
      this.ranges = view.visibleRanges;
    }
    update(update: ViewUpdate) {
      if (update.docChanged && sameRanges(this.ranges, update)) this.decorations = patchTokens(this.decorations, update) ?? visibleTokens(update.view);
      else if (update.docChanged || update.viewportChanged) this.decorations = visibleTokens(update.view);
      this.ranges = update.view.visibleRanges;
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** The highlight that paints one kind of token (`::highlight(kite-tok-key)` and so on in largeDocumentTheme). */
function highlightOf(kind: TokenKind): Highlight {
  const name = `kite-tok-${kind}`;
  let highlight = registry!.get(name);
  if (!highlight) registry!.set(name, (highlight = new Highlight()));
  return highlight;
}

/**
 * Paints the tokens in view as highlights, once the view has drawn its lines (a measure's write
 * phase, which runs before the frame is painted, so no frame shows them uncoloured). The ranges
 * are made again after every change that can redraw a line: they point into the drawn text nodes.
 */
const painter = ViewPlugin.fromClass(
  class {
    painted: Array<[Highlight, AbstractRange[]]> = [];
    /** What was painted is out of date: the text or the lines in view changed since. */
    stale = true;
    constructor(readonly view: EditorView) {
      this.schedule();
    }
    update(update: ViewUpdate) {
      // Any transaction can redraw lines (a bracket or error mark splits a line's text node).
      if (update.transactions.length > 0 || update.viewportChanged) this.stale = true;
      if (this.stale || update.geometryChanged) this.schedule();
    }
    schedule() {
      this.view.requestMeasure({ key: this, read: () => null, write: () => this.paint() });
    }
    paint() {
      // A change of geometry alone (the heights measured after a paste) usually leaves the drawn
      // lines in place: their ranges still hold, and painting them again cost ~1.5 ms a frame.
      if (!this.stale && this.painted.every(([, list]) => list.every((range) => range.startContainer.isConnected && range.endContainer.isConnected))) return;
      this.stale = false;
      const view = this.view;
      const ranges = new Map<TokenKind, AbstractRange[]>(PAINTED_KINDS.map((kind) => [kind, []]));
      forVisibleLines(view, (line) => {
        const tokens = lineTokens(line.text);
        if (tokens.length === 0) return;
        // Usually the line is one text node; bracket and error marks split it into several.
        const at = view.domAtPos(line.from, 1);
        const whole = at.node.nodeType === Node.TEXT_NODE && at.offset === 0 && (at.node as CharacterData).length === line.length;
        for (const [start, end, kind] of tokens) {
          const list = ranges.get(kind);
          if (!list) continue;
          if (whole) list.push(new StaticRange({ startContainer: at.node, startOffset: start, endContainer: at.node, endOffset: end }));
          else {
            const a = view.domAtPos(line.from + start, 1);
            const b = view.domAtPos(line.from + end, -1);
            list.push(new StaticRange({ startContainer: a.node, startOffset: a.offset, endContainer: b.node, endOffset: b.offset }));
          }
        }
      });
      this.clear();
      this.painted = [...ranges].map(([kind, list]) => {
        const highlight = highlightOf(kind);
        for (const range of list) highlight.add(range);
        return [highlight, list];
      });
    }
    clear() {
      for (const [highlight, list] of this.painted) for (const range of list) highlight.delete(range);
      this.painted = [];
    }
    destroy() {
      this.clear();
    }
  },
);

/** The range inside a `{`/`[` that ends the line at `lineStart`, when its partner is within reach. */
export function bracketFold(state: EditorState, lineStart: number, lineEnd: number): { from: number; to: number } | null {
  const text = state.doc.sliceString(lineStart, lineEnd).trimEnd();
  const open = text[text.length - 1];
  if (open !== '{' && open !== '[') return null;
  const from = lineStart + text.length;
  // The fold gutter asks again for every line in view after each change: a bracket whose reach the
  // change did not touch has the answer it had (see foldMemo).
  const memo = state.field(foldMemo, false);
  const known = memo?.get(from);
  if (known !== undefined) return known;
  const found = partnerOf(state.doc, from);
  memo?.set(from, found);
  return found;
}

/** The fold from the bracket that ends at `from` to its partner, scanning at most FOLD_REACH characters. */
function partnerOf(doc: Text, from: number): { from: number; to: number } | null {
  const chunk = doc.sliceString(from, Math.min(doc.length, from + FOLD_REACH));
  let depth = 1;
  for (let i = 0; i < chunk.length; i += 1) {
    const char = chunk[i];
    if (char === '"') {
      for (i += 1; i < chunk.length && chunk[i] !== '"'; i += chunk[i] === '\\' ? 2 : 1);
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return from + i > doc.lineAt(from).to ? { from, to: from + i } : null;
    }
  }
  return null;
}

/**
 * Fold answers by the position after their bracket. A change keeps the answers whose scanned
 * range (the bracket to FOLD_REACH after it) it leaves alone, moved with the text; the others are
 * asked again. Filled as the gutter asks, so it holds the lines that were in view.
 */
export const foldMemo = StateField.define<Map<number, { from: number; to: number } | null>>({
  create: () => new Map(),
  update(memo, transaction) {
    if (!transaction.docChanged) return memo;
    const kept = new Map<number, { from: number; to: number } | null>();
    const { changes } = transaction;
    for (const [from, fold] of memo) {
      if (changes.touchesRange(from - 1, Math.min(transaction.startState.doc.length, from + FOLD_REACH))) continue;
      const moved = changes.mapPos(from);
      kept.set(moved, fold && { from: moved, to: changes.mapPos(fold.to) });
    }
    return kept;
  },
});

/**
 * In this mode punctuation and whitespace are drawn in the text's colour, which is the punctuation
 * colour, and the highlights in the token colours. Part of the editor from its start (code-editor.ts),
 * not of the mode, so the paste that switches to this mode adds no style rules to the page.
 */
export const largeDocumentTheme = EditorView.theme({
  '.kite-cm-large': { color: 'var(--kite-tok-punct)' },
  ...Object.fromEntries(PAINTED_KINDS.map((kind) => [`.kite-cm-large ::highlight(kite-tok-${kind})`, { color: `var(--kite-tok-${kind})` }])),
});

export function largeDocumentMode(): Extension {
  return [highlighter, registry ? painter : [], foldMemo, foldService.of(bracketFold), EditorView.contentAttributes.of({ class: 'kite-cm-large' })];
}
