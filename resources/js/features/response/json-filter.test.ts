import { describe, expect, it } from 'vitest';
import { expressionProblem, filterJson } from './json-filter';

const body = { data: [{ email: 'ada@example.test', age: 36 }, { email: 'alan@example.test', age: 25 }], owner: { age: 41 } };

describe('the JSONPath filter', () => {
  it('selects values by path and by filter expression', () => {
    expect(filterJson(body, '$.data[*].email')).toEqual({ ok: true, text: '["ada@example.test","alan@example.test"]', count: 2 });
    const older = filterJson(body, '$..[?(@.age > 30)]');
    expect(older.ok && JSON.parse(older.text)).toEqual([{ age: 41 }, { email: 'ada@example.test', age: 36 }]);
  });

  it('gives an empty result, not an error, when nothing matches', () => {
    expect(filterJson(body, '$.nothing')).toEqual({ ok: true, text: '[]', count: 0 });
  });

  it('says what is wrong with an expression instead of reading it leniently', () => {
    expect(filterJson(body, 'data')).toEqual({ ok: false, error: expect.stringContaining('starts with $') });
    expect(filterJson(body, '$.data[')).toEqual({ ok: false, error: '] is missing at the end' });
    expect(filterJson(body, "$['data")).toEqual({ ok: false, error: "The string opened with ' is not closed" });
    expect(expressionProblem('$.data)')).toBe('Unexpected ) at character 7');
    expect(filterJson(body, '$..[?(@.age >)]')).toEqual({ ok: false, error: expect.stringContaining('Expected expression after >') });
  });

  it('never runs a filter as script', () => {
    const outcome = filterJson(body, '$..[?(@.constructor.constructor("globalThis.pwned = 1")())]');
    expect(outcome.ok).toBe(false);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });
});
