import { describe, expect, it } from 'vitest';
import { FILTER_MEMORY_KEY, FILTER_MEMORY_SIZE, filterKey, rememberFilter, rememberedFilter } from './filter-memory';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('remembered response filters', () => {
  it('are kept per request URL, whatever its query', () => {
    const storage = memoryStorage();
    rememberFilter('http://api.test/users?page=1', '$.data[*].email', storage);
    expect(rememberedFilter('http://api.test/users?page=2', storage)).toBe('$.data[*].email');
    expect(rememberedFilter('http://api.test/posts', storage)).toBe('');
    rememberFilter('http://api.test/users', '', storage);
    expect(rememberedFilter('http://api.test/users', storage)).toBe('');
    expect(filterKey('http://api.test/a/b?c=d#e')).toBe('http://api.test/a/b');
  });

  it('keep the newest ones only', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= FILTER_MEMORY_SIZE; i += 1) rememberFilter(`http://api.test/${i}`, `$[${i}]`, storage);
    expect(rememberedFilter('http://api.test/0', storage)).toBe('');
    expect(rememberedFilter(`http://api.test/${FILTER_MEMORY_SIZE}`, storage)).toBe(`$[${FILTER_MEMORY_SIZE}]`);
  });

  it('read corrupt storage as empty and survive a full quota', () => {
    expect(rememberedFilter('http://api.test/users', memoryStorage({ [FILTER_MEMORY_KEY]: '{oops' }))).toBe('');
    expect(rememberedFilter('http://api.test/users', memoryStorage({ [FILTER_MEMORY_KEY]: '[[1,2],"x",["http://api.test/users","$.a"]]' }))).toBe('$.a');
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => rememberFilter('http://api.test/users', '$.a', full)).not.toThrow();
  });
});
