import { describe, expect, it } from 'vitest';
import { createMemoryHistoryBackend, entryBytes } from './history-backend';
import { type HistoryEntry, MAX_HISTORY_BODY_BYTES, historyBody, newHistoryId } from './history-entry';
import { addToHistory, quotaWarning, trimHistory } from './history-store';
import { searchHistory } from './history-search';

function entry(time: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: newHistoryId(time),
    time,
    method: 'GET',
    url: `http://x/items/${time}`,
    request: { method: 'GET', url: '/users' },
    status: 200,
    statusText: 'OK',
    size: 10,
    durationMs: 5,
    hasBody: true,
    bodyCut: false,
    ...overrides,
  };
}

const body = (bytes: number) => new ArrayBuffer(bytes);

describe('history trimming', () => {
  it('keeps at most maxHistoryLogs entries, dropping the oldest', async () => {
    const backend = createMemoryHistoryBackend();
    for (let time = 1; time <= 5; time += 1) await addToHistory(backend, entry(time), body(4), 3);
    expect((await backend.list()).map((item) => item.time)).toEqual([3, 4, 5]);
  });

  it('trims at once when the limit is lowered', async () => {
    const backend = createMemoryHistoryBackend();
    for (let time = 1; time <= 5; time += 1) await backend.put(entry(time));
    expect(await trimHistory(backend, 2)).toBe(3);
    expect((await backend.list()).map((item) => item.time)).toEqual([4, 5]);
  });

  it('keeps only the first megabyte of a body', () => {
    const kept = historyBody(body(MAX_HISTORY_BODY_BYTES + 10));
    expect(kept.body.byteLength).toBe(MAX_HISTORY_BODY_BYTES);
    expect(kept.cut).toBe(true);
    expect(historyBody(body(10)).cut).toBe(false);
  });
});

describe('a full storage quota', () => {
  const oneEntry = entryBytes(entry(1, { hasBody: false }));

  it('drops the oldest bodies first and keeps every entry', async () => {
    // Room for three entries and two 1,000-byte bodies.
    const backend = createMemoryHistoryBackend({ quotaBytes: oneEntry * 3 + 2_000 + 50 });
    await addToHistory(backend, entry(1), body(1_000), 100);
    await addToHistory(backend, entry(2), body(1_000), 100);
    const outcome = await addToHistory(backend, entry(3), body(1_000), 100);
    expect(outcome).toMatchObject({ droppedBodies: 1, droppedEntries: 0, droppedOwnBody: false });
    const entries = await backend.list();
    expect(entries.map((item) => [item.time, item.hasBody])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(await backend.getBody(entries[0].id)).toBeUndefined();
    expect((await backend.getBody(entries[2].id))?.byteLength).toBe(1_000);
  });

  it('then drops the oldest entries, never the newest', async () => {
    const backend = createMemoryHistoryBackend({ quotaBytes: oneEntry * 2 + 1_000 + 50 });
    await addToHistory(backend, entry(1, { hasBody: false }), undefined, 100);
    await addToHistory(backend, entry(2, { hasBody: false }), undefined, 100);
    const outcome = await addToHistory(backend, entry(3), body(1_000), 100);
    expect(outcome.droppedEntries).toBeGreaterThanOrEqual(1);
    const entries = await backend.list();
    expect(entries.at(-1)).toMatchObject({ time: 3, hasBody: true });
    expect(entries.map((item) => item.time)).not.toContain(1);
  });

  it('stores the newest entry without its body when nothing else can go', async () => {
    const backend = createMemoryHistoryBackend({ quotaBytes: oneEntry + 100 });
    const outcome = await addToHistory(backend, entry(1), body(5_000), 100);
    expect(outcome.droppedOwnBody).toBe(true);
    expect(await backend.list()).toMatchObject([{ time: 1, hasBody: false }]);
  });

  it('explains what was dropped in the warning, and stays silent otherwise', () => {
    expect(quotaWarning({ trimmed: 0, droppedBodies: 2, droppedEntries: 1, droppedOwnBody: false })).toBe(
      'Browser storage is full: history dropped 2 older response bodies, 1 older entry to keep the newest request.',
    );
    expect(quotaWarning({ trimmed: 4, droppedBodies: 0, droppedEntries: 0, droppedOwnBody: false })).toBeNull();
  });

  it('passes on errors that are not about the quota', async () => {
    const backend = createMemoryHistoryBackend();
    backend.put = async () => {
      throw new Error('disk on fire');
    };
    await expect(addToHistory(backend, entry(1), undefined, 10)).rejects.toThrow('disk on fire');
  });
});

describe('history search', () => {
  const entries = [
    entry(1, { method: 'GET', url: 'http://x/demo/users', status: 200 }),
    entry(2, { method: 'POST', url: 'http://x/demo/users', status: 422 }),
    entry(3, { method: 'DELETE', url: 'http://x/demo/posts/1', status: 404 }),
    entry(4, { method: 'GET', url: 'http://x/demo/slow', status: undefined, failure: { code: 'TIMEOUT', message: 'late' } }),
  ];
  const times = (search: string) => searchHistory(entries, search).map((item) => item.time);

  it('finds entries by method, URL and status', () => {
    expect(times('post')).toEqual([2, 3]);
    expect(times('POST users')).toEqual([2]);
    expect(times('404')).toEqual([3]);
    expect(times('4xx')).toEqual([2, 3]);
    expect(times('slow')).toEqual([4]);
    expect(times('failed')).toEqual([4]);
    expect(times('')).toEqual([1, 2, 3, 4]);
  });
});
