import { describe, expect, it } from 'vitest';
import { JsonIndexer, JsonSyntaxError } from './json-index';
import { renderJsonLine } from '../../features/response/render-line';

/** The pretty text the index describes, built line by line as the viewer would. */
function pretty(source: string): string {
  const { lines } = JsonIndexer.index(source);
  const out: string[] = [];
  for (let i = 0; i < lines.count; i += 1) {
    out.push(renderJsonLine(source, { start: lines.start[i], end: lines.endOf(i), depth: lines.depth[i] }, null, null).text);
  }
  return out.join('\n');
}

describe('pretty-printing JSON by line index', () => {
  it.each([
    ['{"a":1,"b":[true,false,null],"c":{"d":"x"}}'],
    ['[]'],
    ['{}'],
    ['"just a string"'],
    ['  42  '],
    ['[{"id":1,"tags":[],"meta":{}},{"id":2,"name":"Ann \\"A\\" Lee","n":-1500.25}]'],
    ['{\n    "already": [\n        1,\n        2\n    ],\n    "pretty": "yes"\n}'],
  ])('matches JSON.stringify(…, null, 2) for %s', (source) => {
    expect(pretty(source)).toBe(JSON.stringify(JSON.parse(source), null, 2));
  });

  it('keeps numbers exactly as the server wrote them (no precision lost on big ids)', () => {
    expect(pretty('{"id":12345678901234567890,"price":1.50,"e":1E5}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "price": 1.50,\n  "e": 1E5\n}',
    );
  });

  it('records which line closes each block, for folding', () => {
    const { lines } = JsonIndexer.index('{"a":[1,2],"b":{"c":3}}');
    // 0 {   1 "a": [   2 1,   3 2   4 ],   5 "b": {   6 "c": 3   7 }   8 }
    expect(Array.from(lines.foldEnd.subarray(0, lines.count))).toEqual([8, 4, -1, -1, -1, 7, -1, -1, -1]);
    expect(Array.from(lines.depth.subarray(0, lines.count))).toEqual([0, 1, 2, 2, 1, 1, 2, 1, 0]);
  });

  it('can be built in small slices with the same result', () => {
    const source = JSON.stringify({ users: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `user ${i}`, tags: ['a', 'b'] })) });
    const whole = JsonIndexer.index(source).lines;
    const sliced = new JsonIndexer(source);
    let rounds = 0;
    while (!sliced.advance(7)) rounds += 1;
    expect(rounds).toBeGreaterThan(100);
    expect(sliced.error).toBeNull();
    expect(Array.from(sliced.lines.start.subarray(0, sliced.lines.count))).toEqual(Array.from(whole.start.subarray(0, whole.count)));
  });

  it.each([
    ['{"a":1,}', /Expected a property name.*line 1, column 8/],
    ['[1,2', /Unexpected end of the JSON/],
    ['{"a" 1}', /Expected ':'/],
    ['[1] x', /Unexpected 'x' after the JSON value/],
    ['{"a":tru}', /Unexpected 't'/],
    ['[1}', /Expected ',' or '\]'/],
    ['', /empty/],
    ['"open', /Unterminated string/],
  ])('reports %s as not JSON with where it goes wrong', (source, message) => {
    expect(() => JsonIndexer.index(source)).toThrow(JsonSyntaxError);
    expect(() => JsonIndexer.index(source)).toThrow(message);
  });
});
