import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { bracketFold, foldMemo, lineTokens, patchTokens } from './large-document';
import { Decoration, type DecorationSet } from '@codemirror/view';

describe('the large-document mode', () => {
  it('colours keys and values of a line, leaving punctuation to the text colour', () => {
    const line = ' {"name": "Ada", "age": 36, "ok": true, "x": null, "n": -1.5e3},';
    const tokens = lineTokens(line).map(([start, end, kind]) => [line.slice(start, end), kind]);
    expect(tokens).toEqual([
      ['"name"', 'key'],
      ['"Ada"', 'str'],
      ['"age"', 'key'],
      ['36', 'num'],
      ['"ok"', 'key'],
      ['true', 'bool'],
      ['"x"', 'key'],
      ['null', 'null'],
      ['"n"', 'key'],
      ['-1.5e3', 'num'],
    ]);
    expect(lineTokens('  ],')).toEqual([]);
  });

  it('colours again only the lines an edit changed, the rest moved with the text', () => {
    const state = EditorState.create({ doc: '{"a": 1,\n "b": "two"}' });
    const ranges = (set: DecorationSet, doc: string) => {
      const out: string[] = [];
      set.between(0, doc.length, (from, to) => void out.push(doc.slice(from, to)));
      return out;
    };
    const mark = Decoration.mark({ class: 'x' });
    // Tokens as the view made them for both lines.
    let set = Decoration.set([mark.range(1, 4), mark.range(6, 7), mark.range(10, 13), mark.range(15, 20)]);
    const transaction = state.update({ changes: { from: 0, insert: '  ' } });
    set = patchTokens(set, { changes: transaction.changes, state: transaction.state })!;
    expect(ranges(set, transaction.newDoc.toString())).toEqual(['"a"', '1', '"b"', '"two"']);
    const typed = transaction.state.update({ changes: { from: 18, insert: '2' } });
    const again = patchTokens(set, { changes: typed.changes, state: typed.state })!;
    expect(ranges(again, typed.newDoc.toString())).toEqual(['"a"', '1', '"b"', '"2two"']);
    // A large paste is coloured from scratch by the caller.
    const pasted = typed.state.update({ changes: { from: 0, insert: '1\n'.repeat(500) } });
    expect(patchTokens(again, { changes: pasted.changes, state: pasted.state })).toBeNull();
  });

  it('folds a bracket ending a line to its partner, and keeps the answer while edits leave its reach alone', () => {
    const doc = '[\n  {"a": [\n    1\n  ]},\n  2\n]';
    let state = EditorState.create({ doc, extensions: [foldMemo] });
    const inner = state.doc.line(2);
    expect(bracketFold(state, inner.from, inner.to)).toEqual({ from: inner.to, to: doc.indexOf(']', inner.to) });
    expect(state.field(foldMemo).size).toBe(1);
    // Typing before the bracket moves the answer with it.
    state = state.update({ changes: { from: 0, insert: '   ' } }).state;
    expect(state.field(foldMemo).get(inner.to + 3)).toEqual({ from: inner.to + 3, to: doc.indexOf(']', inner.to) + 3 });
    const moved = state.doc.line(2);
    expect(bracketFold(state, moved.from, moved.to)).toEqual({ from: moved.to, to: state.doc.toString().indexOf(']', moved.to) });
    // An edit inside its reach drops it, and the fold is worked out again.
    state = state.update({ changes: { from: moved.to, to: state.doc.toString().indexOf(']', moved.to) } }).state;
    expect(state.field(foldMemo).size).toBe(0);
    const line = state.doc.line(2);
    expect(bracketFold(state, line.from, line.to)).toBeNull();
  });
});
