import { describe, expect, it } from 'vitest';
import { diffHeaders } from './header-diff';
import { diffLines } from './line-diff';
import { DEFAULT_DIFF_SETTINGS, diffResponses } from './response-diff';

const response = (body: string, headers: [string, string][] = [], status = 200) => ({ status, headers, body });

describe('diffResponses', () => {
  it('states identical responses, the Date header aside', () => {
    const diff = diffResponses(response('{"a":1}', [['Date', 'Mon']]), response('{ "a": 1 }', [['date', 'Tue']]));
    expect(diff.identical).toBe(true);
    expect(diff.body.kind).toBe('json');
  });

  it('compares JSON bodies structurally, with ignored paths and the array key of the settings', () => {
    const left = response('{"data":[{"uuid":"a","at":1}]}');
    const right = response('{"data":[{"uuid":"b","at":2},{"uuid":"a","at":3}]}');
    const byUuid = diffResponses(left, right, { ...DEFAULT_DIFF_SETTINGS, arrayKey: 'uuid', ignoredPaths: ['$.data[*].at'] });
    expect(byUuid.body).toMatchObject({ kind: 'json', counts: { added: 1, removed: 0, changed: 0 } });
    expect(byUuid.identical).toBe(false);
  });

  it('reports a status change and patterns that do not read, applying the rest', () => {
    const diff = diffResponses(response('{"a":1,"b":1}', [], 200), response('{"a":2,"b":2}', [], 403), { ...DEFAULT_DIFF_SETTINGS, ignoredPaths: ['a', '$.a'] });
    expect(diff.status).toEqual({ before: 200, after: 403 });
    expect(diff.patternErrors).toHaveLength(1);
    expect(diff.body).toMatchObject({ kind: 'json', counts: { changed: 1 } });
  });

  it('compares other bodies by lines', () => {
    const diff = diffResponses(response('one\ntwo\nthree\n'), response('one\n2\nthree\nfour'));
    expect(diff.body).toMatchObject({
      kind: 'text',
      changes: [
        { kind: 'removed', line: 2, text: 'two' },
        { kind: 'added', line: 2, text: '2' },
        { kind: 'added', line: 4, text: 'four' },
      ],
    });
  });
});

describe('diffLines', () => {
  it('finds the shortest set of changed lines between shared ones', () => {
    const diff = diffLines('a\nb\nc\nd\ne', 'a\nc\nd\nx\ne');
    expect(diff.changes).toEqual([
      { kind: 'removed', line: 2, text: 'b' },
      { kind: 'added', line: 4, text: 'x' },
    ]);
    expect(diff.coarse).toBe(false);
  });

  it('reports texts that share nothing as one block each way, quickly', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 20_000 }, (_, i) => `b${i}`).join('\n');
    const diff = diffLines(a, b, 10);
    expect(diff).toMatchObject({ added: 20_000, removed: 20_000, coarse: true });
    expect(diff.changes).toHaveLength(10);
  });
});

describe('diffHeaders', () => {
  it('compares headers by name in any case, repeated ones as their list', () => {
    const changes = diffHeaders(
      [['Content-Type', 'a'], ['Set-Cookie', 'x'], ['Set-Cookie', 'y'], ['X-Old', '1']],
      [['content-type', 'a'], ['set-cookie', 'x'], ['X-New', '2']],
    );
    expect(changes).toEqual([
      { kind: 'changed', name: 'set-cookie', before: 'x, y', after: 'x' },
      { kind: 'removed', name: 'X-Old', before: '1' },
      { kind: 'added', name: 'X-New', after: '2' },
    ]);
  });
});
