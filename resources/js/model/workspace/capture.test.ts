import { describe, expect, it } from 'vitest';
import { applyCaptureRules, formatJsonPath, jsonPathGet, parseJsonPath } from './capture';
import { normalizeCaptureRules } from './capture-rules';

const body = { data: { token: 'abc', items: [{ id: 1 }, { id: 2 }], 'a b': true } };

describe('capture rules', () => {
  it('reads a JSONPath subset: names, quoted names and indexes', () => {
    expect(jsonPathGet(body, '$.data.token')).toBe('abc');
    expect(jsonPathGet(body, '$.data.items[1].id')).toBe(2);
    expect(jsonPathGet(body, '$.data.items[-1].id')).toBe(2);
    expect(jsonPathGet(body, "$.data['a b']")).toBe(true);
    expect(jsonPathGet(body, '$.data.missing.x')).toBeUndefined();
    expect(() => parseJsonPath('data.token')).toThrow('starts with $');
    expect(formatJsonPath(['data', 'items', 0, 'a b'])).toBe("$.data.items[0]['a b']");
  });

  it('sets variables from the body, a header and a cookie, and names the rules that found nothing', () => {
    const rules = normalizeCaptureRules([
      { variable: 'token', source: 'body', path: '$.data.token', secret: true },
      { variable: 'count', source: 'body', path: '$.data.items' },
      { variable: 'trace', source: 'header', path: 'x-trace' },
      { variable: 'session', source: 'cookie', path: 'sid' },
      { variable: 'gone', source: 'body', path: '$.nope' },
      'junk',
    ]);
    const outcome = applyCaptureRules(rules, {
      bodyText: JSON.stringify(body),
      headers: [['X-Trace', 't-1']],
      cookies: [{ name: 'sid', value: 'enc', decryptedValue: 's-1', attributes: {}, raw: '' }],
    });
    expect(outcome.values).toEqual([
      { name: 'token', value: 'abc', secret: true },
      { name: 'count', value: '[{"id":1},{"id":2}]', secret: false },
      { name: 'trace', value: 't-1', secret: false },
      { name: 'session', value: 's-1', secret: false },
    ]);
    expect(outcome.problems).toEqual(['{{gone}}: nothing at $.nope in the body']);
  });
});
