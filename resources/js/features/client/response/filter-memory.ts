// The Filter of each request, remembered in this browser: keyed by the response's URL without its
// query (the same request sent again with other parameters keeps its filter), the newest first,
// at most FILTER_MEMORY_SIZE of them. Unreadable storage is treated as empty; nothing throws.
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

function read(storage: Storage): Remembered {
  try {
    const value: unknown = JSON.parse(storage.getItem(FILTER_MEMORY_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberedFilter(url: string, storage: Storage = window.localStorage): string {
  const key = filterKey(url);
  return read(storage).find(([entry]) => entry === key)?.[1] ?? '';
}

export function rememberFilter(url: string, expression: string, storage: Storage = window.localStorage): void {
  const key = filterKey(url);
  const rest = read(storage).filter(([entry]) => entry !== key);
  const next = expression.trim() === '' ? rest : [[key, expression] as [string, string], ...rest].slice(0, FILTER_MEMORY_SIZE);
  try {
    storage.setItem(FILTER_MEMORY_KEY, JSON.stringify(next));
  } catch (error) {
    // A full quota loses only the memory of this filter, never the response on screen.
    console.warn('Kite: the response filter could not be remembered.', error);
  }
}
