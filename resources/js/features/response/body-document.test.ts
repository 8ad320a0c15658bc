import { describe, expect, it } from 'vitest';
import { BodyDocument, spacingFreePattern, decodeBody, indexRawLines, MAX_MATCHES } from './body-document';

const texts = (doc: BodyDocument, view: 'pretty' | 'raw', start = 0, count = 1000) => doc.lines(view, start, count).map((line) => line.text);

describe('a JSON body in the viewer', () => {
  const source = '{"users":[{"id":1,"name":"Ada"},{"id":2,"name":"Grace"}],"total":2}';

  it('shows pretty lines with gutter numbers and highlight kinds', () => {
    const doc = new BodyDocument(source, true);
    while (!doc.indexSome(10));
    expect(texts(doc, 'pretty')).toEqual(JSON.stringify(JSON.parse(source), null, 2).split('\n'));
    const [first, second] = doc.lines('pretty', 0, 2);
    expect(first).toMatchObject({ label: '1', fold: 'open' });
    expect(second.spans.filter(([, , kind]) => kind !== 'text').map(([a, b, kind]) => [second.text.slice(a, b), kind])).toEqual([
      ['"users"', 'key'],
      [':', 'punct'],
      ['[', 'punct'],
    ]);
  });

  it('folds a block into one line and unfolds it again', () => {
    const doc = new BodyDocument(source, true);
    doc.indexSome(Infinity);
    const before = doc.status().prettyLines;
    doc.fold({ line: 1 });
    expect(doc.status().prettyLines).toBe(before - 9);
    expect(texts(doc, 'pretty', 0, 3)).toEqual(['{', '  "users": [ … ],', '  "total": 2']);
    expect(doc.lines('pretty', 1, 1)[0].fold).toBe('closed');
    doc.fold({ line: 1 });
    expect(doc.status().prettyLines).toBe(before);
  });

  it('collapses every block below the top level and expands them all', () => {
    const doc = new BodyDocument('[{"a":1},{"b":[2]},3]', true);
    doc.indexSome(Infinity);
    doc.fold('collapse-all');
    expect(texts(doc, 'pretty')).toEqual(['[', '  { … },', '  { … },', '  3', ']']);
    doc.fold('expand-all');
    expect(texts(doc, 'pretty')).toHaveLength(11);
  });

  it('finds matches case-insensitively, marks them in lines and unfolds the block hiding one', () => {
    const doc = new BodyDocument(source, true);
    doc.indexSome(Infinity);
    doc.fold({ line: 1 });
    expect(doc.search('GRACE', false)).toEqual({ count: 1, capped: false });
    const visible = doc.locate('pretty', 0);
    expect(doc.status().folds).toBe(0);
    const line = doc.lines('pretty', visible, 1)[0];
    expect(line.text).toBe('      "name": "Grace"');
    const [from, to, match] = line.matches[0];
    expect([line.text.slice(from, to), match]).toEqual(['Grace', 0]);
  });

  it('maps a match across normalised spacing onto the pretty text', () => {
    const doc = new BodyDocument('{"id":1}', true);
    doc.indexSome(Infinity);
    doc.search('"id":1', true);
    const line = doc.lines('pretty', 1, 1)[0];
    expect(line.text).toBe('  "id": 1');
    expect(line.text.slice(line.matches[0][0], line.matches[0][1])).toBe('"id": 1');
  });

  it('finds what Pretty view shows, spacing included, in a compact body', () => {
    const doc = new BodyDocument('{"data":[{"id":1,"name":"Ada"},{"id" :  12}]}', true);
    doc.indexSome(Infinity);
    expect(doc.search('"id": 1', true)).toEqual({ count: 2, capped: false });
    const line = doc.lines('pretty', 3, 1)[0];
    expect(line.text).toBe('      "id": 1,');
    expect(line.text.slice(line.matches[0][0], line.matches[0][1])).toBe('"id": 1');
    expect(doc.search('"ID": 1', false).count).toBe(2);
    expect(doc.search('"name": "Ada"', true).count).toBe(1);
    expect(spacingFreePattern('ada')).toBeNull();
  });

  it('stops counting at the match limit and says so', () => {
    const doc = new BodyDocument('a'.repeat(MAX_MATCHES + 10), false);
    expect(doc.search('a', true)).toEqual({ count: MAX_MATCHES, capped: true });
  });

  it('falls back to raw lines with the reason when the body is not valid JSON', () => {
    const doc = new BodyDocument('{"cut": [1, 2', true);
    doc.indexSome(Infinity);
    expect(doc.status()).toMatchObject({ json: false, prettyLines: 0, jsonError: expect.stringMatching(/Unexpected end of the JSON/) });
    expect(texts(doc, 'raw')).toEqual(['{"cut": [1, 2']);
  });
});

describe('raw lines', () => {
  it('numbers source lines and wraps very long ones into continuation rows', () => {
    const text = `short\n${'x'.repeat(25)}\r\nlast`;
    const table = indexRawLines(text, 10);
    expect(table.count).toBe(5);
    const doc = new BodyDocument(text, false);
    expect(doc.raw.count).toBe(3);
    const wrapped = new BodyDocument(text, false);
    Object.defineProperty(wrapped, 'raw', { value: table });
    expect(wrapped.lines('raw', 0, 10).map((line) => [line.label, line.text])).toEqual([
      ['1', 'short'],
      ['2', 'xxxxxxxxxx'],
      ['', 'xxxxxxxxxx'],
      ['', 'xxxxx'],
      ['3', 'last'],
    ]);
  });

  it('decodes bytes with the charset the server named', () => {
    expect(decodeBody(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'iso-8859-1')).toBe('café');
    expect(decodeBody(new TextEncoder().encode('café'), 'no-such-charset')).toBe('café');
  });
});
