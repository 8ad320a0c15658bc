import { describe, expect, it } from 'vitest';
import type { RunEvent, RunResultEvent } from '../../../../protocol/types';
import { buildScope } from '../workspace/variables';
import { NO_PROGRESS, keptCaptures, ndjsonReader, responseOfResult, resultFailed, resultsByIteration, withEvent } from './run-events';
import { folderRunEntries, runEntriesOf, runRequestOf, selectionAfterToggle } from './run-plan';

const entry = (path: string, name: string, folder: string, problem?: string) => ({ path, name, folder, method: 'GET', url: '/', ...(problem ? { problem } : {}) });
const result = (iteration: number, index: number, passed: boolean): RunResultEvent => ({ type: 'result', iteration, index, path: `requests/${index}.json`, method: 'GET', url: 'http://t/', status: 200, durationMs: 1, size: 2, assertions: [{ assertion: { source: 'status', path: '', operator: 'equals', expected: '200' }, passed, actual: '200', message: '' }], captured: {} });

describe('a folder run', () => {
  it("takes the folder's readable requests in the pane's order, its subfolders after it", () => {
    const entries = [entry('requests/b.json', 'B', 'auth'), entry('requests/c.json', 'C', 'auth/admin'), entry('requests/a.json', 'A', 'auth'), entry('requests/x.json', 'X', 'other'), entry('requests/bad.json', 'Bad', 'auth', 'not JSON'), entry('requests/y.json', 'Y', 'authors')];
    expect(folderRunEntries(entries, 'auth').map((item) => item.name)).toEqual(['A', 'B', 'C']);
  });

  it("runs a selection in the pane's order, whatever order it was picked in, skipping a file that does not read", () => {
    const entries = [entry('requests/b.json', 'B', 'auth'), entry('requests/x.json', 'X', 'other'), entry('requests/a.json', 'A', 'auth'), entry('requests/top.json', 'Top', ''), entry('requests/bad.json', 'Bad', 'auth', 'not JSON')];
    expect(runEntriesOf(entries, { paths: ['requests/x.json', 'requests/bad.json', 'requests/top.json', 'requests/a.json'] }).map((item) => item.name)).toEqual(['Top', 'A', 'X']);
    expect(runEntriesOf(entries, { folder: 'auth' }).map((item) => item.name)).toEqual(['A', 'B']);
    expect(runEntriesOf(entries, { paths: [] })).toEqual([]);
  });

  it('ticks one path, or with Shift the range from the last one ticked, as a file manager does', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    const one = selectionAfterToggle(new Set(), order, 'b', true);
    expect([...one]).toEqual(['b']);
    expect([...selectionAfterToggle(one, order, 'e', true, 'b')].sort()).toEqual(['b', 'c', 'd', 'e']);
    expect([...selectionAfterToggle(one, order, 'a', true, 'd')].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...selectionAfterToggle(new Set(order), order, 'd', false, 'b')].sort()).toEqual(['a', 'e']);
    // An anchor no longer listed (deleted, renamed) ticks the one path.
    expect([...selectionAfterToggle(one, order, 'd', true, 'gone')].sort()).toEqual(['b', 'd']);
  });

  it('sends the variables as {{name}} sees them, naming the secret ones, with the options', () => {
    const scope = buildScope({ environment: [{ name: 'token', value: 's3cret', secret: true }, { name: 'user', value: 'ada', secret: false }], capture: [{ name: 'user', value: 'bob', secret: false }] });
    const file = { name: 'A' } as never;
    expect(runRequestOf([{ path: 'requests/a.json', file }], scope, { rows: [{ id: '1' }], bail: true, delayMs: 50 })).toEqual({
      requests: [{ path: 'requests/a.json', file }],
      variables: { token: 's3cret', user: 'bob' },
      secretNames: ['token'],
      rows: [{ id: '1' }],
      bail: true,
      delayMs: 50,
    });
    expect(runRequestOf([], scope, { rows: [], bail: false, delayMs: 0 })).not.toHaveProperty('rows');
  });

  it('reads NDJSON cut anywhere into events, and groups results by data row', () => {
    const events: RunEvent[] = [];
    const reader = ndjsonReader((event) => events.push(event));
    const text = `${JSON.stringify(result(0, 0, true))}\n${JSON.stringify(result(1, 0, false))}\n{"type":"done","passed":1,"failed":1,"durationMs":3,"cancelled":false}`;
    for (let at = 0; at < text.length; at += 7) reader.push(text.slice(at, at + 7));
    expect(events).toHaveLength(2);
    reader.end();
    const progress = events.reduce(withEvent, NO_PROGRESS);
    expect(progress.done).toMatchObject({ passed: 1, failed: 1 });
    expect(resultsByIteration(progress.results).map((group) => [group.iteration, group.results.map(resultFailed)])).toEqual([
      [0, [false]],
      [1, [true]],
    ]);
  });

  it("keeps the last data row's captured values, a later request's winning, and names the secret ones it cannot keep", () => {
    const captured = (iteration: number, index: number, values: Record<string, string>): RunResultEvent => ({ ...result(iteration, index, true), captured: values });
    const files: Record<string, { captures: Array<{ variable: string; source: 'body'; path: string; secret: boolean }> }> = {
      'requests/0.json': { captures: [{ variable: 'userId', source: 'body', path: '$.id', secret: false }, { variable: 'session', source: 'body', path: '$.s', secret: true }] },
      'requests/1.json': { captures: [{ variable: 'userId', source: 'body', path: '$.id', secret: false }, { variable: 'etag', source: 'body', path: '$.e', secret: false }] },
    };
    const results = [captured(0, 0, { userId: '1', session: '{{session}}' }), captured(1, 0, { userId: '2', session: '{{session}}' }), captured(1, 1, { userId: '3', etag: 'x' }), captured(0, 1, { userId: '9', etag: 'old' })];
    expect(keptCaptures(results, (path) => files[path])).toEqual({
      values: [
        { name: 'userId', value: '3', secret: false },
        { name: 'etag', value: 'x', secret: false },
      ],
      withheld: ['session'],
    });
    // A rule that found nothing, a file not known, no results: nothing kept.
    expect(keptCaptures([captured(0, 1, {})], (path) => files[path])).toEqual({ values: [], withheld: [] });
    expect(keptCaptures([captured(0, 0, { userId: '1' })], () => undefined)).toEqual({ values: [], withheld: [] });
    expect(keptCaptures([], () => undefined)).toEqual({ values: [], withheld: [] });
  });

  it("gives a result's answer to the response viewer as the relay's metadata and body", () => {
    const answered = { ...result(0, 0, true), response: { headers: [['content-type', 'application/json']] as Array<[string, string]>, body: '{"ok":true}', truncated: false } };
    const shown = responseOfResult(answered);
    expect(shown?.meta).toMatchObject({ status: 200, headers: [['content-type', 'application/json']], bodyBytes: 11, truncated: false, url: 'http://t/', timing: { totalMs: 1 } });
    expect(new TextDecoder().decode(shown?.body)).toBe('{"ok":true}');
    expect(responseOfResult(result(0, 0, true))).toBeNull();
  });
});
