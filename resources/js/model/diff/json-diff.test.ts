import { describe, expect, it } from 'vitest';
import { diffJson } from './json-diff';
import { formatPath, generalisePath, matchesPattern, parsePattern } from './json-path-pattern';

const pattern = (text: string) => {
  const parsed = parsePattern(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.segments;
};

describe('diffJson', () => {
  it('names the paths added, removed and changed', () => {
    const diff = diffJson({ a: 1, b: { c: 'x' }, gone: true }, { a: 2, b: { c: 'x', d: [1] } });
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(diff.changes).toEqual([
      { kind: 'changed', path: '$.a', pattern: '$.a', before: '1', after: '2' },
      { kind: 'added', path: '$.b.d', pattern: '$.b.d', after: '[1]' },
      { kind: 'removed', path: '$.gone', pattern: '$.gone', before: 'true' },
    ]);
  });

  it('says nothing changed for equal documents whatever their key order', () => {
    expect(diffJson({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] }).changes).toEqual([]);
  });

  it('matches array items by id, so an item added at the top is one change', () => {
    const before = { data: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Bob' }] };
    const after = { data: [{ id: 3, name: 'New' }, { id: 1, name: 'Ada' }, { id: 2, name: 'Rob' }] };
    const diff = diffJson(before, after);
    expect(diff.changes.map((c) => `${c.kind} ${c.path}`)).toEqual(['changed $.data[2].name', 'added $.data[0]']);
    expect(diff.changes[0]?.pattern).toBe('$.data[*].name');
  });

  it('compares by index when the key is switched off or items lack it', () => {
    const before = [{ id: 1 }, { id: 2 }];
    const after = [{ id: 2 }, { id: 1 }];
    expect(diffJson(before, after).changes).toEqual([]);
    expect(diffJson(before, after, { arrayKey: null }).counts.changed).toBe(2);
    expect(diffJson([{ uuid: 'a' }, { uuid: 'b' }], [{ uuid: 'b' }], { arrayKey: 'uuid' }).changes.map((c) => c.path)).toEqual(['$[0]']);
    expect(diffJson([1, 2], [1, 3, 4]).changes.map((c) => `${c.kind} ${c.path}`)).toEqual(['changed $[1]', 'added $[2]']);
  });

  it('leaves out ignored paths and everything under them', () => {
    const before = { data: [{ id: 1, updated_at: 'a', meta: { token: 'x' } }], when: 1 };
    const after = { data: [{ id: 1, updated_at: 'b', meta: { token: 'y' } }], when: 2 };
    expect(diffJson(before, after, { ignore: [pattern('$.data[*].updated_at'), pattern('$..token'), pattern('$.when')] }).changes).toEqual([]);
    expect(diffJson(before, after, { ignore: [pattern('$.data[*].updated_at')] }).counts.changed).toBe(2);
  });

  it('counts every change but lists only up to the limit, with values cut short', () => {
    const diff = diffJson(
      Array.from({ length: 10 }, (_, i) => i),
      Array.from({ length: 10 }, (_, i) => (i === 0 ? 'x'.repeat(1000) : -i)),
      { limit: 3 },
    );
    expect(diff.counts.changed).toBe(10);
    expect(diff.changes).toHaveLength(3);
    expect(diff.changes[0]?.after?.length).toBe(160);
  });
});

describe('JSON path patterns', () => {
  it('writes paths as JSONPath and generalises indexes', () => {
    expect(formatPath(['data', 3, 'a b', 'x'])).toBe("$.data[3]['a b'].x");
    expect(generalisePath(['data', 3, 'tags', 0])).toBe('$.data[*].tags[*]');
  });

  it('matches any key with *, any depth with .., quoted names and indexes', () => {
    expect(matchesPattern(pattern('$.data[*].id'), ['data', 4, 'id'])).toBe(true);
    expect(matchesPattern(pattern('$.data[*].id'), ['data', 4, 'name'])).toBe(false);
    expect(matchesPattern(pattern('$..token'), ['a', 0, 'b', 'token'])).toBe(true);
    expect(matchesPattern(pattern("$['a b'][2]"), ['a b', 2])).toBe(true);
    expect(matchesPattern(pattern('$.a'), ['a', 'b'])).toBe(false);
  });

  it('says what is wrong with a pattern it cannot read', () => {
    expect(parsePattern('data.id')).toMatchObject({ ok: false, error: expect.stringContaining('starts with $') });
    expect(parsePattern('$.data[x]')).toMatchObject({ ok: false, error: expect.stringContaining('[ at character 7') });
  });
});
