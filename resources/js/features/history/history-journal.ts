// A Send's history entry is listed at once and stored in IndexedDB a moment later (after the frame
// that draws its answer, history-writes.ts). A reload in that moment would lose it: an IndexedDB
// write started as the page goes away may never run. So on `pagehide` the entries not stored yet
// are written to localStorage, which is synchronous, and the next visit stores them and removes the
// key. Bodies go along while they fit; when the quota refuses them, the entries go without.
import { browserStorage, readStored, type StorageLike, type StoredKey, type WrittenKey, writeStoredResult } from '../../lib/storage';
import type { HistoryEntry } from './history-entry';

export interface UnstoredEntry {
  entry: HistoryEntry;
  body?: ArrayBuffer;
}

interface JournalItem {
  entry: HistoryEntry;
  /** The body in base64, when it went along. */
  body?: string;
}

export const HISTORY_JOURNAL_KEY = 'kite:history-unsaved';

/** The journal as written: entries, each body in base64 (an entry without its body says so). */
const journalWritten: WrittenKey<UnstoredEntry[]> = {
  key: HISTORY_JOURNAL_KEY,
  label: 'the history entries not yet stored when the page was left',
  toStored: (items) => items.map(({ entry, body }): JournalItem => (body ? { entry, body: toBase64(body) } : { entry: { ...entry, hasBody: false, bodyCut: false } })),
};

/** The journal read back; `isEntry` checks each entry as history's records are checked (it loads with the store's code). */
export function historyJournal(isEntry: (value: unknown) => value is HistoryEntry): StoredKey<UnstoredEntry[]> {
  return {
    ...journalWritten,
    fallback: () => [],
    read(stored) {
      if (!Array.isArray(stored)) throw new Error('not a list');
      return stored.map((item: Partial<JournalItem>) => {
        if (!item || !isEntry(item.entry) || (item.body !== undefined && typeof item.body !== 'string')) throw new Error('an entry does not read');
        return item.body === undefined ? { entry: item.entry } : { entry: item.entry, body: fromBase64(item.body) };
      });
    },
  };
}

/** Writes the entries (with their bodies; without them when the quota refuses). Called in `pagehide`: nothing here waits. */
export function writeHistoryJournal(items: UnstoredEntry[], storage: StorageLike | undefined = browserStorage()): 'saved' | 'without bodies' | 'not saved' {
  if (writeStoredResult(journalWritten, items, storage, { quietWhenFull: true }) === 'saved') return 'saved';
  if (items.some((item) => item.body) && writeStoredResult(journalWritten, items.map(({ entry }) => ({ entry })), storage, { quietWhenFull: true }) === 'saved') return 'without bodies';
  console.error(`Kite: ${items.length === 1 ? '1 history entry' : `${items.length} history entries`} not yet stored could not be kept as the page was left.`);
  return 'not saved';
}

/** The journal's entries, and a way to remove it once they are stored. A journal that does not read is set aside (readStored). */
export function readHistoryJournal(isEntry: (value: unknown) => value is HistoryEntry, storage: (StorageLike & Pick<Storage, 'removeItem'>) | undefined = browserStorage()): { items: UnstoredEntry[]; done: () => void } {
  const items = storage?.getItem(HISTORY_JOURNAL_KEY) == null ? [] : readStored(historyJournal(isEntry), storage);
  return { items, done: () => storage?.removeItem(HISTORY_JOURNAL_KEY) };
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a megabyte of them overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}
