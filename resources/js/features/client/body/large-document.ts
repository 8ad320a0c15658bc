// The JSON editor's mode for large documents: no parser (CodeMirror's would keep re-parsing
// megabytes while the user types), but tokens coloured line by line for the lines in view, and
// folding of a `{` or `[` that ends a line when its closing bracket is within reach.
import { foldService } from '@codemirror/language';
import { type EditorState, type Extension, RangeSetBuilder } from '@codemirror/state';
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

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

/** The kind of a token the pattern matched. */
export function tokenKind(token: string, colon: boolean): keyof typeof marks {
  const first = token[0];
  if (first === '"') return colon ? 'key' : 'str';
  if (token === 'true' || token === 'false') return 'bool';
  if (token === 'null') return 'null';
  if (first === '-' || (first! >= '0' && first! <= '9')) return 'num';
  return 'punct';
}

function visibleTokens(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    for (let line = view.state.doc.lineAt(from); ; line = view.state.doc.line(line.number + 1)) {
      TOKEN.lastIndex = 0;
      for (let match = TOKEN.exec(line.text); match; match = TOKEN.exec(line.text)) {
        const kind = tokenKind(match[0], match[1] !== undefined);
        const length = kind === 'key' ? match[0].length - match[1]!.length : match[0].length;
        builder.add(line.from + match.index, line.from + match.index + length, marks[kind]);
      }
      if (line.to >= to || line.number >= view.state.doc.lines) break;
    }
  }
  return builder.finish();
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = visibleTokens(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) this.decorations = visibleTokens(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** The range inside a `{`/`[` that ends the line at `lineStart`, when its partner is within reach. */
export function bracketFold(state: EditorState, lineStart: number, lineEnd: number): { from: number; to: number } | null {
  const text = state.doc.sliceString(lineStart, lineEnd).trimEnd();
  const open = text[text.length - 1];
  if (open !== '{' && open !== '[') return null;
  const from = lineStart + text.length;
  const chunk = state.doc.sliceString(from, Math.min(state.doc.length, from + FOLD_REACH));
  let depth = 1;
  for (let i = 0; i < chunk.length; i += 1) {
    const char = chunk[i];
    if (char === '"') {
      for (i += 1; i < chunk.length && chunk[i] !== '"'; i += chunk[i] === '\\' ? 2 : 1);
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return from + i > state.doc.lineAt(from).to ? { from, to: from + i } : null;
    }
  }
  return null;
}

export function largeDocumentMode(): Extension {
  return [highlighter, foldService.of(bracketFold)];
}
