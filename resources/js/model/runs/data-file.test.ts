import { describe, expect, it } from 'vitest';
import { DataFileError, parseDataFile } from './data-file';

describe('a run data file', () => {
  it('reads CSV rows under the header, with quoted commas, doubled quotes, line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFemail,name,note\r\nada@example.test,"Lovelace, Ada","said ""hi"""\r\nbob@example.test,Bob,"two\nlines"\r\n\r\n';
    expect(parseDataFile('rows.csv', text)).toEqual([
      { email: 'ada@example.test', name: 'Lovelace, Ada', note: 'said "hi"' },
      { email: 'bob@example.test', name: 'Bob', note: 'two\nlines' },
    ]);
    expect(parseDataFile('rows.csv', 'id,tag\n1,\n2,x')).toEqual([
      { id: '1', tag: '' },
      { id: '2', tag: 'x' },
    ]);
  });

  it('reads JSON rows, numbers and booleans as their text', () => {
    expect(parseDataFile('rows.json', '[{"id": 1, "admin": true, "name": "Ada", "none": null, "tags": ["a"]}]')).toEqual([{ id: '1', admin: 'true', name: 'Ada', none: '', tags: '["a"]' }]);
  });

  it('names the file and the line of what does not read', () => {
    expect(() => parseDataFile('rows.csv', 'a,b\n1,2\n3')).toThrow(new DataFileError('rows.csv line 3: 1 values, but the header names 2 columns'));
    expect(() => parseDataFile('rows.csv', 'a,b\n"1,2')).toThrow('rows.csv line 2: a quoted value is not closed');
    expect(() => parseDataFile('rows.csv', 'a,,c\n1,2,3')).toThrow('rows.csv line 1: column 2 of the header has no name');
    expect(() => parseDataFile('rows.csv', 'a,b\n')).toThrow('rows.csv: no data rows');
    expect(() => parseDataFile('rows.json', '{"a": 1}')).toThrow('rows.json: a JSON data file is an array of objects, one per row');
    expect(() => parseDataFile('rows.json', '[1]')).toThrow('rows.json: row 1 is not an object of column: value');
    expect(() => parseDataFile('rows.json', '[{"a":')).toThrow(/^rows\.json: not valid JSON/);
  });

  it('refuses more rows than a run takes', () => {
    expect(() => parseDataFile('rows.csv', `n\n${'1\n'.repeat(1001)}`)).toThrow('rows.csv: 1001 rows; a run takes at most 1000');
  });
});
