import { describe, expect, it } from 'vitest';
import { applyCaptureRules, formatJsonPath } from '../workspace/capture';
import { BodyDocument } from '../../features/response/body-document';
import { JsonIndexer } from './json-index';
import { filterJson, valueInBody } from '../../features/response/json-filter';
import { lineSteps, lineValue } from './line-value';

const body = {
  message: 'Logged in.',
  data: { token: 'abc"def', 'odd key': [1, { deep: null }], empty: {}, none: [] },
  items: [{ id: 7, tags: ['a', 'b'] }, { id: 8, tags: [] }, 3.5, true],
};

function pretty(text: string) {
  const doc = new BodyDocument(text, true);
  while (!doc.indexSome(Infinity));
  return doc;
}

describe('the value on a pretty line', () => {
  it('names each line by its path, whatever the spacing of the source', () => {
    for (const text of [JSON.stringify(body), JSON.stringify(body, null, 4), JSON.stringify(body).replace(/([,:[{])/g, '$1 \n\t ')]) {
      const doc = pretty(text);
      const lines = doc.lines('pretty', 0, 1000);
      const paths = lines.map((line) => (line.value ? formatJsonPath(doc.valueAt(line.line)!.steps) : null));
      expect(paths).toEqual([
        '$',
        '$.message',
        '$.data',
        '$.data.token',
        "$.data['odd key']",
        "$.data['odd key'][0]",
        "$.data['odd key'][1]",
        "$.data['odd key'][1].deep",
        null,
        null,
        '$.data.empty',
        '$.data.none',
        null,
        '$.items',
        '$.items[0]',
        '$.items[0].id',
        '$.items[0].tags',
        '$.items[0].tags[0]',
        '$.items[0].tags[1]',
        null,
        null,
        '$.items[1]',
        '$.items[1].id',
        '$.items[1].tags',
        null,
        '$.items[2]',
        '$.items[3]',
        null,
        null,
      ]);
    }
  });

  it('gives the value a capture rule with that path would set', () => {
    const text = JSON.stringify(body);
    const doc = pretty(text);
    for (const line of doc.lines('pretty', 0, 1000)) {
      if (!line.value) continue;
      const picked = doc.valueAt(line.line)!;
      const path = formatJsonPath(picked.steps);
      const captured = applyCaptureRules([{ variable: 'x', source: 'body', path, secret: false }], { bodyText: text, headers: [], cookies: [] });
      expect(captured.values, path).toEqual([{ name: 'x', value: picked.value, secret: false }]);
    }
    expect(doc.valueAt(3)).toEqual({ steps: ['data', 'token'], value: 'abc"def', type: 'string' });
    expect(doc.valueAt(14)).toEqual({ steps: ['items', 0], value: '{"id":7,"tags":["a","b"]}', type: 'object' });
  });

  it('has no value on a closing line or past the lines indexed', () => {
    const indexer = JsonIndexer.index('{"a":[1]}');
    expect(lineSteps(indexer.text, indexer.lines, 3)).toBeNull();
    expect(lineValue(indexer.text, indexer.lines, 9)).toBeNull();
    expect(pretty('"just a string"').valueAt(0)).toEqual({ steps: [], value: 'just a string', type: 'string' });
  });

  it('reads a block whole while the rest of a large body is still being indexed', () => {
    const text = JSON.stringify({ list: Array.from({ length: 2000 }, (_, id) => ({ id })) });
    const doc = new BodyDocument(text, true);
    doc.indexSome(200);
    expect(doc.status().indexing).toBe(true);
    expect(doc.valueAt(1)?.value).toBe(JSON.stringify(JSON.parse(text).list));
  });

  it("maps a value in a filter's result back to its path in the whole body", () => {
    const filtered = filterJson(body, '$.items[*].tags');
    if (!filtered.ok) throw new Error(filtered.error);
    const doc = new BodyDocument(filtered.text, true, true);
    while (!doc.indexSome(Infinity));
    const lines = doc.lines('pretty', 0, 100);
    expect(lines[0].value, 'the result itself is no value of the body').toBeUndefined();
    expect(doc.valueAt(0)).toBeNull();
    const second = lines.find((line) => line.text.trim() === '"b"')!;
    const picked = doc.valueAt(second.line)!;
    expect(picked.steps).toEqual([0, 1]);
    expect(formatJsonPath(valueInBody(picked, body, '$.items[*].tags')!.steps)).toBe('$.items[0].tags[1]');
    const keyed = filterJson(body, '$.data');
    if (!keyed.ok) throw new Error(keyed.error);
    const keyedDoc = pretty(keyed.text);
    const odd = keyedDoc.lines('pretty', 0, 100).find((line) => line.text.includes('"deep"'))!;
    expect(formatJsonPath(valueInBody(keyedDoc.valueAt(odd.line)!, body, '$.data')!.steps)).toBe("$.data['odd key'][1].deep");
  });
});
