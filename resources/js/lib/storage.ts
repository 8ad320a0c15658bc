// The one helper for every value Kite keeps in localStorage (kite:preferences, kite:workspace,
// kite:request, kite:tabs, kite:drafts, kite:cookies, kite:panes, …): its key, its default, how it
// is read back (sanitised field by field), and what happens when that fails.
//
// - A stored value that does not read is never lost: its text is first copied under
//   `KEY:set-aside` (`KEY:set-aside-2`, … when that holds another one) and a toast names the key,
//   as the history store does with records. If even the copy fails, the key is held: nothing is
//   written over it in this visit.
// - A full storage quota on a write gives one clear toast per key; the value stays in memory.
// - `storedAtom` is a jotai atomWithStorage on this storage, following changes made in other
//   windows (the `storage` event).
import { atom, type WritableAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { toast } from './toast';

export interface StoredKey<T> {
  key: string;
  /** What the value is, in a sentence: "the environments and variables". */
  label: string;
  fallback: () => T;
  /** The value from what JSON.parse gave; throws when it does not read at all. */
  read: (stored: unknown) => T;
  /** What is written, when it is not the value itself (a slimmer copy, say). */
  toStored?: (value: T) => unknown;
  /**
   * Console lines instead of toasts, for a value the specification says fails in the console only
   * (the preferences: "Failed to load preferences", "Failed to save preferences").
   */
  consoleOnly?: { unreadable: string; unsaved: string };
}

/** What a write needs of a key: a value written only (a journal read back by another part) names no reader. */
export type WrittenKey<T> = Pick<StoredKey<T>, 'key' | 'label' | 'toStored' | 'consoleOnly'>;

/** What the helper needs of a Storage (tests pass a small one). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or undefined where it is blocked (access itself throws then). */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keys whose unreadable value could not be set aside, per storage: never written in this visit. */
const held = new WeakMap<StorageLike, Set<string>>();
/** Keys already named in a toast (set aside, or storage full), so one failure gives one toast. */
const toasted = new Set<string>();

const heldKeys = (storage: StorageLike) => {
  let keys = held.get(storage);
  if (!keys) held.set(storage, (keys = new Set()));
  return keys;
};

export const setAsideKey = (key: string, n = 1) => (n === 1 ? `${key}:set-aside` : `${key}:set-aside-${n}`);

/** Copies an unreadable value's text under a free set-aside key; returns that key, or null when storage refused. */
function setAside(storage: StorageLike, key: string, text: string): string | null {
  for (let n = 1; n < 100; n += 1) {
    const target = setAsideKey(key, n);
    const there = storage.getItem(target);
    if (there === text) return target;
    if (there !== null) continue;
    try {
      storage.setItem(target, text);
      return target;
    } catch {
      return null;
    }
  }
  return null;
}

function unreadable<T>(spec: StoredKey<T>, storage: StorageLike, text: string, error: unknown): void {
  const aside = setAside(storage, spec.key, text);
  if (aside === null) heldKeys(storage).add(spec.key);
  const where = aside ? `kept under ${aside}` : `left under ${spec.key}, which is not written in this visit`;
  console.warn(`Kite: ${spec.label} (localStorage "${spec.key}") could not be read; ${where}. Starting from defaults.`, error);
  if (spec.consoleOnly) return console.error(spec.consoleOnly.unreadable, error);
  if (toasted.has(`read ${spec.key}`)) return;
  toasted.add(`read ${spec.key}`);
  toast.warning(`Kite could not read ${spec.label} stored in this browser (${spec.key})`, {
    description: aside ? `Kite starts from the defaults; the stored text is kept under ${aside}.` : `Kite starts from the defaults and does not write over ${spec.key} in this visit.`,
    duration: 15_000,
  });
}

/** The stored value, read back; the default when there is none or it does not read (then set aside). */
export function readStored<T>(spec: StoredKey<T>, storage: StorageLike | undefined = browserStorage()): T {
  let text: string | null = null;
  try {
    if (!storage) throw new Error('localStorage is not available');
    text = storage.getItem(spec.key);
  } catch (error) {
    if (spec.consoleOnly) console.error(spec.consoleOnly.unreadable, error);
    return spec.fallback();
  }
  if (text === null || !storage) return spec.fallback();
  try {
    return spec.read(JSON.parse(text));
  } catch (error) {
    unreadable(spec, storage, text, error);
    return spec.fallback();
  }
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);
}

export interface WriteOptions {
  /** Say nothing when the quota is full (the caller tries a smaller value next). */
  quietWhenFull?: boolean;
}

export type WriteResult = 'saved' | 'full' | 'refused';

/** Writes the value: 'full' when the quota is (one toast per key), 'refused' when storage is missing, held or refuses; the value stays in memory. */
export function writeStoredResult<T>(spec: WrittenKey<T>, value: T, storage: StorageLike | undefined = browserStorage(), options: WriteOptions = {}): WriteResult {
  if (!storage || heldKeys(storage).has(spec.key)) {
    if (spec.consoleOnly) console.error(spec.consoleOnly.unsaved, new Error(storage ? `${spec.key} holds a value that could not be set aside` : 'localStorage is not available'));
    return 'refused';
  }
  try {
    storage.setItem(spec.key, JSON.stringify(spec.toStored ? spec.toStored(value) : value));
    toasted.delete(`full ${spec.key}`);
    return 'saved';
  } catch (error) {
    const full = isQuotaError(error);
    if (spec.consoleOnly) console.error(spec.consoleOnly.unsaved, error);
    else if (!full) console.warn(`Kite: ${spec.label} could not be saved in this browser.`, error);
    if (!full || spec.consoleOnly || options.quietWhenFull || toasted.has(`full ${spec.key}`)) return full ? 'full' : 'refused';
    toasted.add(`full ${spec.key}`);
    console.warn(`Kite: ${spec.label} could not be saved in this browser: its storage is full.`, error);
    toast.error(`Kite could not save ${spec.label}: this browser's storage is full`, {
      description: 'Nothing is lost while this page stays open. Close tabs with large requests, remove drafts or cookies, or clear other sites’ data, to save again.',
      duration: 15_000,
    });
    return 'full';
  }
}

/** Writes the value; false when it was not saved (see writeStoredResult). */
export function writeStored<T>(spec: StoredKey<T>, value: T, storage?: StorageLike, options?: WriteOptions): boolean {
  return writeStoredResult(spec, value, storage ?? browserStorage(), options) === 'saved';
}

export interface StoredAtomOptions {
  /**
   * Writes wait this long after the last change (a value that changes on each key press), and
   * any write still waiting is made when the page goes away (pagehide). 0 writes at once.
   */
  writeDelayMs?: number;
  /**
   * Whether a change of the same key in another window replaces this window's value (true). A
   * value that is this window's own work (the request being built, its tabs) says false.
   */
  followOtherWindows?: boolean;
  /** Called on leaving before the waiting writes are made: editors that hold back text flush it into the value. */
  beforeLeave?: () => void;
}

/** Writes still waiting (see writeDelayMs) by key: the newest value's write replaces an older one. */
const waitingWrites = new Map<string, { timer: ReturnType<typeof setTimeout>; write: () => void }>();

/**
 * Runs `write` once `key` has had no newer write for `delayMs` (0: now, dropping one still waiting),
 * or at once when the page goes away:
 * for a value written as the user types, from the event that changed it (never a component effect).
 */
export function writeWhenRested(key: string, delayMs: number, write: () => void): void {
  clearTimeout(waitingWrites.get(key)?.timer);
  if (delayMs <= 0) {
    waitingWrites.delete(key); // an older value's write still waiting never lands after this one
    return write();
  }
  const timer = setTimeout(() => {
    waitingWrites.delete(key);
    write();
  }, delayMs);
  waitingWrites.set(key, { timer, write });
}

const beforeLeave = new Set<() => void>();

/**
 * Runs `flush` when the page goes away, before the writes still waiting are made: a part that holds
 * back what it has not written yet (an editor's text, history entries not yet in IndexedDB) writes it
 * then. Returns the way to stop.
 */
export function onLeavingPage(flush: () => void): () => void {
  beforeLeave.add(flush);
  return () => {
    beforeLeave.delete(flush);
  };
}

/** Makes every write still waiting now: the page goes away (a module listener, no component's). */
export function flushStoredWrites(): void {
  for (const flush of beforeLeave) flush();
  const waiting = [...waitingWrites.values()];
  waitingWrites.clear();
  for (const { timer, write } of waiting) {
    clearTimeout(timer);
    write();
  }
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', flushStoredWrites);

/**
 * A jotai atom kept under the spec's key (atomWithStorage): read once at start, written on every
 * change (or shortly after, see writeDelayMs), following the same key's changes in other windows
 * unless told not to. A failed write keeps the value in memory (mounting does not read the older
 * stored one back).
 */
export function storedAtom<T>(spec: StoredKey<T>, options: StoredAtomOptions = {}): WritableAtom<T, [T | ((previous: T) => T)], void> {
  const { writeDelayMs = 0, followOtherWindows = true } = options;
  if (options.beforeLeave) onLeavingPage(options.beforeLeave);
  let latest: { value: T } | null = null;
  // jotai's SyncStorage shape (its type is not exported from jotai/utils).
  const storage: Parameters<typeof atomWithStorage<T>>[2] & { getItem: (key: string, initialValue: T) => T } = {
    getItem: () => (latest ??= { value: readStored(spec) }).value,
    setItem: (_key: string, value: T) => {
      latest = { value };
      writeWhenRested(spec.key, writeDelayMs, () => writeStored(spec, value));
    },
    removeItem: (key: string) => {
      latest = null;
      browserStorage()?.removeItem(key);
    },
    subscribe: (key: string, callback: (value: T) => void) => {
      if (typeof window === 'undefined' || !followOtherWindows) return () => {};
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || event.storageArea !== browserStorage()) return;
        try {
          const value = event.newValue === null ? spec.fallback() : spec.read(JSON.parse(event.newValue));
          latest = { value };
          callback(value);
        } catch {
          // Another window wrote what does not read: keep what this one has.
        }
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
  const stored = atomWithStorage<T>(spec.key, spec.fallback(), storage, { getOnInit: true });
  // Without RESET in its write type: callers set values or updates only.
  return atom(
    (get) => get(stored),
    (_get, set, update: T | ((previous: T) => T)) => set(stored, update),
  );
}
