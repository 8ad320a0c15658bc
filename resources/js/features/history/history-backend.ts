// Where history lives. IndexedDB in the browser (entries and bodies in two object stores, so the
// list opens without reading megabytes of bodies); an in-memory store where IndexedDB is missing.
// Records that do not read as entries (history-record.ts) are never listed; setAsideBroken moves
// them, with their bodies, to a store of their own instead of deleting them: they may be the only
// copy of a request someone wants back, and a fixed Kite (or a person in devtools) can still read
// them there. Moved once, they are reported once, not on every load.

import type { HistoryEntry } from './history-entry';
import { historyRecordProblem, isHistoryEntry } from './history-record';

/** A stored record that did not read as an entry and was moved out of the history. */
export interface SetAsideRecord {
  key: IDBValidKey;
  problem: string;
  /** Where it went, for the console. */
  keptIn: string;
}

export interface HistoryBackend {
  /** Every entry, oldest first. */
  list(): Promise<HistoryEntry[]>;
  /** Stores an entry and, when given, its body. Rejects with a QuotaExceededError when full. */
  put(entry: HistoryEntry, body?: ArrayBuffer): Promise<void>;
  getBody(id: string): Promise<ArrayBuffer | undefined>;
  /** Removes a stored body and marks its entry as having none. */
  dropBody(id: string): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
  /** Moves every record that does not read as an entry, with its body, out of the history. */
  setAsideBroken(): Promise<SetAsideRecord[]>;
}

export function quotaError(message = 'The storage quota is full.'): Error {
  const error = new Error(message);
  error.name = 'QuotaExceededError';
  return error;
}

const byTime = (a: HistoryEntry, b: HistoryEntry) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Rough stored size of an entry, the way a quota would count it. */
export function entryBytes(entry: HistoryEntry): number {
  return JSON.stringify(entry).length * 2;
}

/**
 * History kept in memory, optionally with a byte quota (entries' JSON size plus body bytes): the
 * fallback where IndexedDB is unavailable, and the way tests fill a quota on purpose.
 */
export function createMemoryHistoryBackend(options: { quotaBytes?: number } = {}): HistoryBackend & { usedBytes(): number } {
  const entries = new Map<string, HistoryEntry>();
  const bodies = new Map<string, ArrayBuffer>();
  const setAside: Array<{ record: unknown; body?: ArrayBuffer; problem: string }> = [];
  const usedBytes = () => {
    let total = 0;
    for (const entry of entries.values()) total += entryBytes(entry);
    for (const body of bodies.values()) total += body.byteLength;
    return total;
  };
  return {
    usedBytes,
    async list() {
      return [...entries.values()].filter(isHistoryEntry).map((entry) => structuredClone(entry)).sort(byTime);
    },
    async put(entry, body) {
      const previousEntry = entries.get(entry.id);
      const previousBody = bodies.get(entry.id);
      entries.set(entry.id, structuredClone(entry));
      if (body) bodies.set(entry.id, body);
      else bodies.delete(entry.id);
      if (options.quotaBytes !== undefined && usedBytes() > options.quotaBytes) {
        // Like a transaction: a refused write leaves nothing behind.
        if (previousEntry) entries.set(entry.id, previousEntry);
        else entries.delete(entry.id);
        if (previousBody) bodies.set(entry.id, previousBody);
        else bodies.delete(entry.id);
        throw quotaError();
      }
    },
    async getBody(id) {
      return bodies.get(id);
    },
    async dropBody(id) {
      bodies.delete(id);
      const entry = entries.get(id);
      if (entry) entries.set(id, { ...entry, hasBody: false });
    },
    async delete(id) {
      entries.delete(id);
      bodies.delete(id);
    },
    async clear() {
      entries.clear();
      bodies.clear();
    },
    async setAsideBroken() {
      const moved: SetAsideRecord[] = [];
      for (const [id, record] of entries) {
        const problem = historyRecordProblem(record);
        if (problem === null) continue;
        setAside.push({ record, body: bodies.get(id), problem });
        entries.delete(id);
        bodies.delete(id);
        moved.push({ key: id, problem, keptIn: 'memory' });
      }
      return moved;
    },
  };
}

const DB_NAME = 'kite';
// 2: the set-aside store.
const DB_VERSION = 2;
const ENTRIES = 'history';
const BODIES = 'historyBodies';
const SET_ASIDE = 'historySetAside';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    // A quota failure aborts the transaction; its error says why.
    transaction.onabort = () => reject(transaction.error ?? new Error('The history transaction was aborted.'));
    transaction.onerror = () => reject(transaction.error);
  });
}

export function openHistoryDatabase(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = factory.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(BODIES)) db.createObjectStore(BODIES);
      if (!db.objectStoreNames.contains(SET_ASIDE)) db.createObjectStore(SET_ASIDE, { autoIncrement: true });
    };
    open.onsuccess = () => {
      // A newer Kite in another tab upgrading the database must not wait on this one.
      open.result.onversionchange = () => open.result.close();
      resolve(open.result);
    };
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error('The history database is blocked by another tab.'));
  });
}

export function createIndexedDbHistoryBackend(factory: IDBFactory = indexedDB): HistoryBackend {
  let database: Promise<IDBDatabase> | undefined;
  const db = () => (database ??= openHistoryDatabase(factory));
  return {
    async list() {
      const transaction = (await db()).transaction(ENTRIES, 'readonly');
      const records = await request(transaction.objectStore(ENTRIES).getAll() as IDBRequest<unknown[]>);
      return records.filter(isHistoryEntry).sort(byTime);
    },
    async put(entry, body) {
      const transaction = (await db()).transaction([ENTRIES, BODIES], 'readwrite');
      try {
        transaction.objectStore(ENTRIES).put(entry);
        if (body) transaction.objectStore(BODIES).put(body, entry.id);
        else transaction.objectStore(BODIES).delete(entry.id);
      } catch (error) {
        // All or nothing: an entry must never be stored claiming a body that was refused.
        transaction.abort();
        throw error;
      }
      await done(transaction);
    },
    async getBody(id) {
      const transaction = (await db()).transaction(BODIES, 'readonly');
      const body: unknown = await request(transaction.objectStore(BODIES).get(id));
      if (body === undefined || body instanceof ArrayBuffer) return body;
      console.warn(`Kite: the stored response body of history entry ${id} is not bytes; the entry opens without it.`);
      return undefined;
    },
    async dropBody(id) {
      const transaction = (await db()).transaction([ENTRIES, BODIES], 'readwrite');
      const entries = transaction.objectStore(ENTRIES);
      transaction.objectStore(BODIES).delete(id);
      const entry = (await request(entries.get(id))) as HistoryEntry | undefined;
      if (entry) entries.put({ ...entry, hasBody: false });
      await done(transaction);
    },
    async delete(id) {
      const transaction = (await db()).transaction([ENTRIES, BODIES], 'readwrite');
      transaction.objectStore(ENTRIES).delete(id);
      transaction.objectStore(BODIES).delete(id);
      await done(transaction);
    },
    async clear() {
      const transaction = (await db()).transaction([ENTRIES, BODIES], 'readwrite');
      transaction.objectStore(ENTRIES).clear();
      transaction.objectStore(BODIES).clear();
      await done(transaction);
    },
    async setAsideBroken() {
      const transaction = (await db()).transaction([ENTRIES, BODIES, SET_ASIDE], 'readwrite');
      const entries = transaction.objectStore(ENTRIES);
      const bodies = transaction.objectStore(BODIES);
      const [keys, records] = await Promise.all([request(entries.getAllKeys()), request(entries.getAll() as IDBRequest<unknown[]>)]);
      const moved: SetAsideRecord[] = [];
      for (const [index, record] of records.entries()) {
        const problem = historyRecordProblem(record);
        if (problem === null) continue;
        const key = keys[index];
        const body: unknown = await request(bodies.get(key));
        transaction.objectStore(SET_ASIDE).add({ record, body, problem, setAsideAt: Date.now() });
        entries.delete(key);
        bodies.delete(key);
        moved.push({ key, problem, keptIn: `the "${SET_ASIDE}" store of the "${DB_NAME}" IndexedDB database` });
      }
      await done(transaction);
      return moved;
    },
  };
}

export function createBrowserHistoryBackend(): HistoryBackend {
  return typeof indexedDB === 'undefined' ? createMemoryHistoryBackend() : createIndexedDbHistoryBackend();
}
