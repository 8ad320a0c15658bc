// The JSON body's code editor: CodeMirror 6 with highlighting, line numbers, bracket matching and
// closing, auto-indent, folding, completion of property names from the route's schema, and the
// editor's own schema check underlined in place. It lives in the body editor's lazy chunk only.
// CodeMirror draws only the lines in view. Its JSON parser, though, re-parses up to 20 ms per
// keystroke while it works through a large document, so documents above LARGE_DOCUMENT_CHARS get the
// light mode of large-document.ts instead (highlighting of the visible lines, bracket folding
// within reach), and a 5 MB body types as quickly as a short one.
import { matchesShortcut } from '../../lib/keyboard-shortcuts';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, ensureSyntaxTree, foldGutter, foldKeymap, HighlightStyle, indentOnInput, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, type Extension, Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder } from '@codemirror/view';
import type { SyntaxNode } from '@lezer/common';
import { tags } from '@lezer/highlight';
import type { JsonSchema } from '../../../../protocol/types';
import type { ValueTarget } from '../../lib/palette-command';
import { generatedJsonLiteral } from '../../lib/generators/json-literal';
import type { JsonCheck } from '../../model/json-schema/json-schema-validate';
import { largeDocumentMode, largeDocumentTheme } from './large-document';
import { propertyOptions, schemaAt } from '../../model/json-schema/schema-completion';

/** Above this size the editor leaves out the JSON parser (see the head of this file). */
export const LARGE_DOCUMENT_CHARS = 512 * 1024;

/** Marks a transaction that puts text from outside (auto-fill, history, Format) into the editor. */
const fromOutside = Annotation.define<boolean>();

export interface JsonCodeEditorOptions {
  parent: HTMLElement;
  doc: string;
  label: string;
  /** The route's body schema at the time of asking (completion reads it on every request). */
  schema: () => JsonSchema | undefined;
  /** The user changed the text (typing, paste, undo, a generated value). */
  onEdit: () => void;
  /** The text should reach the request state now (blur, Ctrl/Cmd+Enter). */
  onFlush: () => void;
}

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--kite-tok-key)' },
  { tag: tags.string, color: 'var(--kite-tok-str)' },
  { tag: tags.number, color: 'var(--kite-tok-num)' },
  { tag: tags.bool, color: 'var(--kite-tok-bool)' },
  { tag: tags.null, color: 'var(--kite-tok-null)', fontStyle: 'italic' },
  { tag: [tags.separator, tags.brace, tags.squareBracket, tags.punctuation], color: 'var(--kite-tok-punct)' },
]);

const mode = new Compartment();
const modeFor = (length: number): Extension => (length > LARGE_DOCUMENT_CHARS ? largeDocumentMode() : [json(), syntaxHighlighting(highlight)]);

/** A paste that makes the document large (or an edit that makes it small) switches the mode in the same transaction. */
const switchMode = EditorState.transactionExtender.of((transaction) => {
  if (!transaction.docChanged) return null;
  const was = transaction.startState.doc.length > LARGE_DOCUMENT_CHARS;
  const is = transaction.newDoc.length > LARGE_DOCUMENT_CHARS;
  return was === is ? null : { effects: mode.reconfigure(modeFor(transaction.newDoc.length)) };
});

/**
 * A paste of a large text: what CodeMirror's own handler does (one transaction, caret after the
 * text, scrolled into view), but the text split on "\n" rather than on /\r\n?|\n/, which saves a
 * 5 MB paste 2-3 ms. Pastes with a "\r", into several selections or a read-only editor go the usual way.
 */
const largePaste = EditorView.domEventHandlers({
  paste(event, view) {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (text.length <= LARGE_DOCUMENT_CHARS || view.state.readOnly || view.state.selection.ranges.length > 1 || text.includes('\r')) return false;
    view.dispatch(view.state.replaceSelection(Text.of(text.split('\n'))), { userEvent: 'input.paste', scrollIntoView: true });
    event.preventDefault();
    return true;
  },
});

/** Kite's colours (the response viewer's token colours) on CodeMirror's parts; in this chunk, not kite.css. */
const kiteTheme = EditorView.theme({
  '&': { flex: '1', minWidth: '0', backgroundColor: 'var(--kite-bg-subtle)', color: 'var(--kite-fg)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--kite-mono)', fontSize: '12.5px', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--kite-fg)', padding: '6px 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--kite-fg)' },
  '.cm-gutters': { backgroundColor: 'var(--kite-bg-subtle)', color: 'var(--kite-gutter-fg)', borderRight: '1px solid var(--kite-border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--kite-accent) 5%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--kite-accent) 8%, transparent)', color: 'var(--kite-fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--kite-accent) 25%, transparent)',
  },
  '&.cm-focused .cm-matchingBracket': {
    backgroundColor: 'color-mix(in srgb, var(--kite-success) 22%, transparent)',
    outline: '1px solid color-mix(in srgb, var(--kite-success) 50%, transparent)',
  },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'color-mix(in srgb, var(--kite-danger) 22%, transparent)' },
  '.cm-placeholder': { color: 'var(--kite-fg-muted)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--kite-bg-muted)', border: '1px solid var(--kite-border)', color: 'var(--kite-fg-muted)' },
  '.kite-cm-fold': { display: 'inline-block', width: '12px', textAlign: 'center', cursor: 'pointer', color: 'var(--kite-fg-muted)' },
  '.kite-cm-fold:hover': { color: 'var(--kite-fg)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--kite-danger)', textUnderlineOffset: '3px', textDecorationSkipInk: 'none' },
  '.cm-tooltip': {
    backgroundColor: 'var(--kite-bg)',
    color: 'var(--kite-fg)',
    border: '1px solid var(--kite-border)',
    borderRadius: 'var(--kite-radius-sm)',
    boxShadow: 'var(--kite-shadow)',
    fontFamily: 'var(--kite-font)',
    fontSize: '12px',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--kite-mono)', fontSize: '12px', maxHeight: '14em' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--kite-accent-subtle)', color: 'var(--kite-fg)' },
  '.cm-completionDetail': { color: 'var(--kite-fg-muted)', fontStyle: 'normal', marginLeft: '1em' },
  '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: '700' },
  '.cm-diagnostic': { padding: '4px 8px' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--kite-danger)' },
});

/** Mod-Enter sends (ClientScreen's shortcut): CodeMirror's own binding would eat the key. */
const editingKeys = defaultKeymap.filter((binding) => binding.key !== 'Mod-Enter');

export function createJsonCodeEditor(options: JsonCodeEditorOptions): EditorView {
  const state = EditorState.create({
    doc: options.doc,
    extensions: [
      kiteTheme,
      largeDocumentTheme,
      lineNumbers(),
      foldGutter({ markerDOM: foldMarker }),
      lintGutter(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      mode.of(modeFor(options.doc.length)),
      switchMode,
      largePaste,
      autocompletion({ override: [schemaCompletionSource(options.schema)], icons: false }),
      keymap.of([...closeBracketsKeymap, ...editingKeys, ...historyKeymap, ...foldKeymap, ...completionKeymap, indentWithTab]),
      placeholder('{\n  "name": "value"\n}'),
      EditorState.tabSize.of(2),
      EditorView.contentAttributes.of({ 'aria-label': options.label, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
      EditorView.domEventHandlers({
        blur: () => options.onFlush(),
        keydown: (event) => {
          if (matchesShortcut('send', event)) options.onFlush();
          return false;
        },
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && !update.transactions.some((transaction) => transaction.annotation(fromOutside))) options.onEdit();
      }),
    ],
  });
  return new EditorView({ state, parent: options.parent });
}

/** A gutter marker a person can find by its title: "Fold" on an open block, "Unfold" on a folded one. */
function foldMarker(open: boolean): HTMLElement {
  const marker = document.createElement('span');
  marker.className = 'kite-cm-fold';
  marker.title = open ? 'Fold' : 'Unfold';
  marker.textContent = open ? '⌄' : '›';
  return marker;
}

/** Replaces the whole text without counting it as the user's edit. */
export function replaceText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: fromOutside.of(true) });
}

/**
 * The palette writes through a transaction, so undo and the debounce see it: as a JSON value (see
 * generatedValueChange) in place of the value at the caret.
 */
export function editorValueTarget(view: EditorView): ValueTarget {
  return {
    selection: () => ({ start: view.state.selection.main.from, end: view.state.selection.main.to }),
    write(value, selection, generator) {
      const length = view.state.doc.length;
      const from = Math.min(selection?.start ?? view.state.selection.main.from, length);
      const to = Math.min(selection?.end ?? view.state.selection.main.to, length);
      const change = generatedValueChange(view.state, from, to, value, generatedJsonLiteral(value, generator));
      view.dispatch({ changes: change, selection: { anchor: change.from + change.insert.length }, userEvent: 'input.generate', scrollIntoView: true });
      view.focus();
    },
    anchor: () => view.coordsAtPos(view.state.selection.main.head),
  };
}

/** The check's findings as underlines: a syntax error at its offset, schema errors on their value. */
export function diagnosticsFor(check: JsonCheck | null, length: number): Diagnostic[] {
  if (!check || check.kind === 'empty') return [];
  if (check.kind === 'syntax') {
    if (check.offset < 0) return [];
    const from = Math.min(check.offset, length);
    return [{ from, to: Math.min(from + 1, length), severity: 'error', message: check.message, source: 'JSON' }];
  }
  return check.errors
    .filter((error) => error.from !== undefined && error.to !== undefined && error.to <= length)
    .map((error) => ({ from: error.from!, to: error.to!, severity: 'error', message: `${error.path}: ${error.message}`, source: 'Schema' }));
}

export function showDiagnostics(view: EditorView, diagnostics: Diagnostic[]): void {
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);
/** Values (and names) a generated value replaces whole. */
const SCALAR_NODES = new Set(['String', 'Number', 'True', 'False', 'Null', 'PropertyName']);

/**
 * Where a generated value goes in a JSON document, as what: the string, number, boolean or null at
 * the caret is replaced by `literal` (the value as JSON), so it never lands inside an existing string
 * or bare where a value belongs; a part selected inside a string gets the text escaped for it;
 * elsewhere the literal goes in at the caret or in place of the selection.
 */
export function generatedValueChange(state: EditorState, from: number, to: number, text: string, literal: string): { from: number; to: number; insert: string } {
  // The parser may not have reached the caret yet (it works in slices): parse up to it first.
  const tree = ensureSyntaxTree(state, Math.min(to + 1, state.doc.length), 100) ?? syntaxTree(state);
  const scalarAt = (side: -1 | 1) => {
    for (let node: SyntaxNode | null = tree.resolveInner(from, side); node; node = node.parent) {
      if (SCALAR_NODES.has(node.name)) return node.from <= from && to <= node.to ? node : null;
    }
    return null;
  };
  const node = scalarAt(1) ?? scalarAt(-1);
  if (!node) return { from, to, insert: literal };
  const insideQuotes = (node.name === 'String' || node.name === 'PropertyName') && from > node.from && to < node.to;
  if (insideQuotes && to > from) return { from, to, insert: JSON.stringify(text).slice(1, -1) };
  return { from: node.from, to: node.to, insert: literal };
}

/** Property names and array indexes from the document's root to `node` (an Object), or null. */
function pathTo(node: SyntaxNode, state: EditorState): Array<string | number> | null {
  const segments: Array<string | number> = [];
  let current = node;
  while (current.parent && current.parent.name !== 'JsonText') {
    const parent = current.parent;
    if (parent.name === 'Property') {
      const name = parent.getChild('PropertyName');
      if (!name) return null;
      try {
        segments.unshift(JSON.parse(state.sliceDoc(name.from, name.to)) as string);
      } catch {
        return null;
      }
      current = parent.parent ?? parent;
      if (current === parent) return null;
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let child = parent.firstChild; child && child.from < current.from; child = child.nextSibling) if (VALUE_NODES.has(child.name)) index += 1;
      segments.unshift(index);
      current = parent;
    } else return null;
  }
  return segments;
}

/** Offers the schema's property names where a name is expected: after `{` or `,` in an object. */
function schemaCompletionSource(schemaOf: () => JsonSchema | undefined) {
  return (context: CompletionContext): CompletionResult | null => {
    const root = schemaOf();
    if (!root) return null;
    const word = context.matchBefore(/"?[^"\s{}[\],:]*/);
    const from = word?.from ?? context.pos;
    if (!context.explicit && (!word || word.from === word.to)) return null;
    const before = context.state.sliceDoc(Math.max(0, from - 500), from).trimEnd();
    const last = before[before.length - 1];
    if (last !== '{' && last !== ',') return null;

    let container: SyntaxNode | null = syntaxTree(context.state).resolveInner(from, -1);
    while (container && container.name !== 'Object' && container.name !== 'Array') container = container.parent;
    if (!container || container.name !== 'Object') return null;
    const path = pathTo(container, context.state);
    if (!path) return null;
    const present = new Set<string>();
    for (const property of container.getChildren('Property')) {
      const name = property.getChild('PropertyName');
      if (!name || (name.from <= context.pos && context.pos <= name.to)) continue;
      try {
        present.add(JSON.parse(context.state.sliceDoc(name.from, name.to)) as string);
      } catch {
        // a name still being typed
      }
    }
    const options = propertyOptions(schemaAt(root, path), present, root);
    if (options.length === 0) return null;
    // A closing quote that closeBrackets put after the caret belongs to the name being replaced.
    const to = context.state.sliceDoc(context.pos, context.pos + 1) === '"' ? context.pos + 1 : context.pos;
    const colonFollows = /^\s*:/.test(context.state.sliceDoc(to, to + 20));
    return {
      from,
      to,
      validFor: /^"?[^"\s{}[\],:]*$/,
      options: options.map((option) => ({
        label: JSON.stringify(option.name),
        displayLabel: option.name,
        detail: `${option.type}${option.required ? ' · required' : ''}`,
        ...(option.description ? { info: option.description } : {}),
        apply: colonFollows ? JSON.stringify(option.name) : `${JSON.stringify(option.name)}: `,
        boost: option.required ? 1 : 0,
        type: 'property',
      })),
    };
  };
}
