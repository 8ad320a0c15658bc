import { describe, expect, it } from 'vitest';
import { jsonErrorPosition, lineColumnAt } from './json-error-position.js';

describe('where JSON text breaks', () => {
  it('finds nothing wrong with valid JSON, with or without a byte order mark', () => {
    expect(jsonErrorPosition('{"a": [1, 2.5e3, true, null, "x\\u00e9"]}')).toBe(-1);
    expect(jsonErrorPosition('\ufeff{}')).toBe(-1);
  });

  it('points at the first character that breaks the grammar', () => {
    expect(jsonErrorPosition('{"a": 1,}')).toBe(8);
    expect(jsonErrorPosition('[1 2]')).toBe(3);
    expect(jsonErrorPosition('{"a": tru}')).toBe(9);
    expect(jsonErrorPosition('x')).toBe(0);
  });

  it('points at the end when the text stops early', () => {
    expect(jsonErrorPosition('{"a": [1, 2')).toBe(11);
    expect(jsonErrorPosition('"open')).toBe(5);
  });

  it('rejects a bad escape and trailing text', () => {
    expect(jsonErrorPosition('"\\q"')).toBe(2);
    expect(jsonErrorPosition('{} {}')).toBe(3);
  });
});

describe('the line and column of an offset', () => {
  it('counts both from 1, lines ending at a newline', () => {
    expect(lineColumnAt('{"a": 1,}', 8)).toEqual({ line: 1, column: 9 });
    expect(lineColumnAt('{\n  "a": 1,\n}', 12)).toEqual({ line: 3, column: 1 });
    expect(lineColumnAt('[\n', 2)).toEqual({ line: 2, column: 1 });
  });
});
