import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { generatedValueChange } from './code-editor';

/** The document after writing `text` (as `literal`) where `|` marks the caret, or `«…»` the selection. */
function write(marked: string, text: string, literal = JSON.stringify(text)): string {
  const from = marked.search(/[|«]/);
  const doc = marked.replace(/[|«»]/g, '');
  const to = marked.includes('«') ? marked.indexOf('»') - 1 : from;
  const state = EditorState.create({ doc, extensions: [json()] });
  const change = generatedValueChange(state, from, to, text, literal);
  return doc.slice(0, change.from) + change.insert + doc.slice(change.to);
}

describe('a generated value in the JSON editor', () => {
  it('replaces the whole string, number, boolean or null at the caret', () => {
    expect(write('{"email": "old@ex|ample.com"}', 'new@x.io')).toBe('{"email": "new@x.io"}');
    expect(write('{"email": |""}', 'new@x.io')).toBe('{"email": "new@x.io"}');
    expect(write('{"age": 1|}', '42', '42')).toBe('{"age": 42}');
    expect(write('{"ok": nu|ll}', 'true', 'true')).toBe('{"ok": true}');
  });

  it('puts a quoted value where a value is missing, and escapes text for a part selected inside a string', () => {
    expect(write('{"email": |}', 'a@b.c')).toBe('{"email": "a@b.c"}');
    expect(write('[1, |]', 'x')).toBe('[1, "x"]');
    expect(write('{"note": "say «hi» now"}', 'a "b"')).toBe('{"note": "say a \\"b\\" now"}');
  });
});
