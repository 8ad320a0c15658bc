import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from './history-entry';
import { HISTORY_JOURNAL_KEY, readHistoryJournal, writeHistoryJournal } from './history-journal';
import { isHistoryEntry } from './history-record';

vi.mock('../../lib/toast', () => ({ toast: { warning: vi.fn(), error: vi.fn() } }));

const entry = (id: string, hasBody = true) =>
  ({ id, time: 1, method: 'POST', url: `http://x/${id}`, request: {}, status: 201, size: 4, durationMs: 3, hasBody, bodyCut: false }) as HistoryEntry;
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const text = (buffer: ArrayBuffer | undefined) => (buffer ? new TextDecoder().decode(buffer) : undefined);

/** A Storage whose quota holds `limit` characters per value. */
function smallStorage(limit: number) {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem(key: string, value: string) {
      if (value.length > limit) throw new DOMException('full', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key: string) => void values.delete(key),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the history journal written as the page is left', () => {
  it('reads back what was written, bodies byte for byte (a body past one String.fromCharCode slice too)', () => {
    const storage = smallStorage(Infinity);
    const large = new Uint8Array(100_000).map((_, index) => index % 256).buffer;
    expect(writeHistoryJournal([{ entry: entry('a'), body: bytes('{"é":"ü"}') }, { entry: entry('b'), body: large }, { entry: entry('c', false) }], storage)).toBe('saved');
    const { items, done } = readHistoryJournal(isHistoryEntry, storage);
    expect(items.map((item) => item.entry.id)).toEqual(['a', 'b', 'c']);
    expect(text(items[0].body)).toBe('{"é":"ü"}');
    expect(Buffer.from(items[1].body!).equals(Buffer.from(large))).toBe(true);
    expect(items[2].body).toBeUndefined();
    done();
    expect(storage.getItem(HISTORY_JOURNAL_KEY)).toBeNull();
  });

  it('keeps the entries without their bodies when the quota refuses the bodies, and says so when it refuses even those', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = smallStorage(1_000);
    expect(writeHistoryJournal([{ entry: entry('a'), body: bytes('x'.repeat(5_000)) }], storage)).toBe('without bodies');
    const [item] = readHistoryJournal(isHistoryEntry, storage).items;
    expect(item.entry).toMatchObject({ id: 'a', hasBody: false });
    expect(item.body).toBeUndefined();

    expect(writeHistoryJournal([{ entry: entry('b'.repeat(2_000)) }], smallStorage(100))).toBe('not saved');
    expect(error).toHaveBeenCalledWith('Kite: 1 history entry not yet stored could not be kept as the page was left.');
  });

  it('sets a journal that does not read aside, under its own key, and reads as empty', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = smallStorage(Infinity);
    storage.setItem(HISTORY_JOURNAL_KEY, '[{"entry":{"id":"a"}}]');
    expect(readHistoryJournal(isHistoryEntry, storage).items).toEqual([]);
    expect(storage.getItem(`${HISTORY_JOURNAL_KEY}:set-aside`)).toBe('[{"entry":{"id":"a"}}]');
  });
});
