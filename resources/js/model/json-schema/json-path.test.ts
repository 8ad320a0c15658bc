import { describe, expect, it } from 'vitest';
import { childPath, locateJsonPaths, parseJsonPath } from './json-path';

describe('json paths', () => {
  it('names children the way the validator reports them and reads them back', () => {
    const path = childPath(childPath(childPath('$', 'items'), 2), 'odd key');
    expect(path).toBe('$.items[2]["odd key"]');
    expect(parseJsonPath(path)).toEqual(['items', 2, 'odd key']);
    expect(parseJsonPath('$')).toEqual([]);
    expect(parseJsonPath('items')).toBeNull();
  });

  it('finds the token of a scalar and the bracket of a container', () => {
    const text = '{\n  "name": 5,\n  "tags": ["a", "b\\"c", {"x": null}],\n  "odd key": true\n}';
    const found = locateJsonPaths(text, ['$.name', '$.tags[1]', '$.tags[2]', '$.tags[2].x', '$["odd key"]', '$', '$.missing']);
    const at = (path: string) => {
      const range = found.get(path)!;
      return text.slice(range.from, range.to);
    };
    expect(at('$.name')).toBe('5');
    expect(at('$.tags[1]')).toBe('"b\\"c"');
    expect(at('$.tags[2]')).toBe('{');
    expect(at('$.tags[2].x')).toBe('null');
    expect(at('$["odd key"]')).toBe('true');
    expect(at('$')).toBe('{');
    expect(found.has('$.missing')).toBe(false);
  });

  it('skips values off the way, strings with brackets in them included', () => {
    const text = '[{"a": "]}", "b": [1, {"c": "{"}]}, {"a": 1}, {"a": "x"}]';
    const found = locateJsonPaths(text, ['$[2].a']);
    expect(text.slice(found.get('$[2].a')!.from, found.get('$[2].a')!.to)).toBe('"x"');
  });
});
