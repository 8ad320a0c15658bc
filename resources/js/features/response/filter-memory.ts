// The Filter of each request, remembered in this browser: keyed by the response's URL without its
// query (the same request sent again with other parameters keeps its filter), the newest first,
// at most FILTER_MEMORY_SIZE of them. Unreadable storage is treated as empty (its text set aside,
// lib/storage.ts); nothing throws.
import { browserStorage, readStored, writeStored, type StorageLike, type StoredKey } from '../../lib/storage';
export const FILTER_MEMORY_KEY = 'kite:response-filters';
export const FILTER_MEMORY_SIZE = 200;

type Remembered = Array<[key: string, expression: string]>;

/** The request a response answers, as far as its filter is concerned. */
export function filterKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split('?')[0];
  }
}

/** The memory's localStorage key (lib/storage.ts sets aside what does not read). */
const filterMemoryStoredKey: StoredKey<Remembered> = {
  key: FILTER_MEMORY_KEY,
  label: 'the remembered response filters',
  fallback: () => [],
  read: (value) => {
    if (!Array.isArray(value)) throw new Error('it is not a list');
    return value.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string');
  },
};

export function rememberedFilter(url: string, storage: StorageLike | undefined = browserStorage()): string {
  const key = filterKey(url);
  return readStored(filterMemoryStoredKey, storage).find(([entry]) => entry === key)?.[1] ?? '';
}

/** A full quota loses only the memory of this filter, never the response on screen. */
export function rememberFilter(url: string, expression: string, storage: StorageLike | undefined = browserStorage()): void {
  const key = filterKey(url);
  const rest = readStored(filterMemoryStoredKey, storage).filter(([entry]) => entry !== key);
  const next = expression.trim() === '' ? rest : [[key, expression] as [string, string], ...rest].slice(0, FILTER_MEMORY_SIZE);
  writeStored(filterMemoryStoredKey, next, storage);
}
