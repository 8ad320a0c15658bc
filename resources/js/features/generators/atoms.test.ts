import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  clearFilterAtom,
  filteredGeneratorsAtom,
  recentGeneratorsAtom,
  rememberGeneratorAtom,
  searchQueryAtom,
  selectedCategoryAtom,
  toggleCategoryAtom,
} from './atoms';

describe('palette command state', () => {
  it('the filtered list is derived from the search and the category', () => {
    const store = createStore();
    expect(store.get(filteredGeneratorsAtom)).toHaveLength(48);
    store.set(searchQueryAtom, 'name');
    store.set(selectedCategoryAtom, 'person');
    expect(store.get(filteredGeneratorsAtom).map((g) => g.id)).toEqual(['first-name', 'last-name', 'full-name']);
  });

  it('clicking the selected category again clears the category filter', () => {
    const store = createStore();
    store.set(toggleCategoryAtom, 'finance');
    expect(store.get(selectedCategoryAtom)).toBe('finance');
    store.set(toggleCategoryAtom, 'data');
    expect(store.get(selectedCategoryAtom)).toBe('data');
    store.set(toggleCategoryAtom, 'data');
    expect(store.get(selectedCategoryAtom)).toBeNull();
  });

  it('clearing resets both search and category', () => {
    const store = createStore();
    store.set(searchQueryAtom, 'x');
    store.set(selectedCategoryAtom, 'time');
    store.set(clearFilterAtom);
    expect(store.get(searchQueryAtom)).toBe('');
    expect(store.get(selectedCategoryAtom)).toBeNull();
    expect(store.get(filteredGeneratorsAtom)).toHaveLength(48);
  });

  it('generating front-inserts into the recent list, without duplicates, keeping 2', () => {
    const store = createStore();
    store.set(rememberGeneratorAtom, 'uuid');
    store.set(rememberGeneratorAtom, 'email');
    store.set(rememberGeneratorAtom, 'uuid');
    store.set(rememberGeneratorAtom, 'int');
    expect(store.get(recentGeneratorsAtom)).toEqual(['int', 'uuid']);
  });
});
