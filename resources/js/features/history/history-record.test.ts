import { describe, expect, it } from 'vitest';
import { createMemoryHistoryBackend } from './history-backend';
import type { HistoryEntry } from './history-entry';
import { historyRecordProblem, isHistoryEntry, setAsideMessage } from './history-record';

const good: HistoryEntry = {
  id: '0000000a01',
  time: 10,
  method: 'GET',
  url: 'http://127.0.0.1/demo/users',
  request: { method: 'GET', url: '/users' },
  status: 200,
  statusText: 'OK',
  size: 2,
  durationMs: 5,
  meta: {
    status: 200,
    statusText: 'OK',
    headers: [['Content-Type', 'application/json']],
    cookies: [{ name: 'a', value: 'b', attributes: { Path: '/', HttpOnly: true }, raw: 'a=b; Path=/; HttpOnly' }],
    bodySize: 2,
    bodyBytes: 2,
    truncated: false,
    url: 'http://127.0.0.1/demo/users',
    timing: { ttfbMs: 1, totalMs: 2 },
  },
  hasBody: true,
  bodyCut: false,
};

describe('reading a stored history record', () => {
  it('reads an entry as Kite writes it, and a failed request without a response', () => {
    expect(historyRecordProblem(good)).toBeNull();
    const failed = { ...good, status: undefined, statusText: undefined, meta: undefined, failure: { code: 'TARGET_UNREACHABLE', message: 'refused' }, hasBody: false };
    expect(isHistoryEntry(failed)).toBe(true);
  });

  it('keeps the request opaque: the builder reads it back on its own', () => {
    expect(isHistoryEntry({ ...good, request: 'anything at all' })).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['a record without url', { ...good, url: undefined }, 'url is missing'],
    ['a url that is not text', { ...good, url: 42 }, 'url is not valid'],
    ['a time that is not a number', { ...good, time: '2024-01-01' }, 'time is not valid'],
    ['an empty method', { ...good, method: '' }, 'method is not valid'],
    ['a failure without a message', { ...good, failure: { code: 'X' } }, 'failure is not valid'],
    ['headers that are not pairs', { ...good, meta: { ...good.meta, headers: [['Content-Type']] } }, 'meta is not valid'],
    ['a response without timing', { ...good, meta: { ...good.meta, timing: undefined } }, 'meta is not valid'],
    ['a cookie attribute that is a number', { ...good, meta: { ...good.meta, cookies: [{ ...good.meta!.cookies[0], attributes: { 'Max-Age': 60 } }] } }, 'meta is not valid'],
    ['no hasBody flag', { ...good, hasBody: undefined }, 'hasBody is missing'],
    ['null', null, 'the record is not an object'],
    ['a string', 'GET /users', 'the record is not an object'],
  ])('sets aside %s', (_name, record, problem) => {
    expect(historyRecordProblem(record)).toBe(problem);
    expect(isHistoryEntry(record)).toBe(false);
  });

  it('words the toast for one entry and for several', () => {
    expect(setAsideMessage(1)).toBe('1 history entry could not be read and was set aside');
    expect(setAsideMessage(3)).toBe('3 history entries could not be read and were set aside');
  });
});

describe('setting broken records aside', () => {
  it('never lists a broken record and moves it out once, with its body', async () => {
    const backend = createMemoryHistoryBackend();
    await backend.put(good, new ArrayBuffer(2));
    await backend.put({ ...good, id: 'broken', url: undefined } as unknown as HistoryEntry, new ArrayBuffer(4));
    expect((await backend.list()).map((entry) => entry.id)).toEqual([good.id]);
    expect(await backend.setAsideBroken()).toEqual([{ key: 'broken', problem: 'url is missing', keptIn: 'memory' }]);
    expect(await backend.setAsideBroken()).toEqual([]);
    expect(await backend.getBody('broken')).toBeUndefined();
    expect((await backend.getBody(good.id))?.byteLength).toBe(2);
  });
});
