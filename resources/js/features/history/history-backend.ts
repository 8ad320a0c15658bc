// Where history lives. IndexedDB in the browser (entries and bodies in two object stores, so the
// list opens without reading megabytes of bodies); an in-memory store where IndexedDB is missing.

import type { HistoryEntry } from './history-entry';

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
}

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
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
  const usedBytes = () => {
    let total = 0;
    for (const entry of entries.values()) total += entryBytes(entry);
    for (const body of bodies.values()) total += body.byteLength;
    return total;
  };
  return {
    usedBytes,
    async list() {
      return [...entries.values()].map((entry) => structuredClone(entry)).sort(byTime);
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
  };
}

const DB_NAME = 'kite';
const DB_VERSION = 1;
const ENTRIES = 'history';
const BODIES = 'historyBodies';

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
    };
    open.onsuccess = () => resolve(open.result);
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
      const entries = await request(transaction.objectStore(ENTRIES).getAll() as IDBRequest<HistoryEntry[]>);
      return entries.sort(byTime);
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
      return (await request(transaction.objectStore(BODIES).get(id))) as ArrayBuffer | undefined;
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
  };
}

export function createBrowserHistoryBackend(): HistoryBackend {
  return typeof indexedDB === 'undefined' ? createMemoryHistoryBackend() : createIndexedDbHistoryBackend();
}
