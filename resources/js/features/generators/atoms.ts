// The palette's command state (spec §3) as jotai atoms in the default store. They outlive the
// palette's UI, which is how reopening remembers the search and the category.
import { atom } from 'jotai';
import { GENERATOR_CATALOG } from '../../lib/generators/catalog';
import type { CategoryId } from '../../lib/generators/types';
import type { ValueInputElement } from '../../lib/palette-command';
import { filterGenerators } from './filter';
import { pushRecent } from './recent';

export const searchQueryAtom = atom('');
export const selectedCategoryAtom = atom<CategoryId | null>(null);
export const recentGeneratorsAtom = atom<string[]>([]);

/** The input the palette writes into (null: none was focused, the value is copied instead); spec §3's focused input. */
export const focusedInputAtom = atom<ValueInputElement | null>(null);

export const filteredGeneratorsAtom = atom((get) =>
  filterGenerators(GENERATOR_CATALOG, { search: get(searchQueryAtom), category: get(selectedCategoryAtom) }),
);

/** Front-inserts a generator into the recent list, without duplicates, keeping 2. */
export const rememberGeneratorAtom = atom(null, (get, set, id: string) => {
  set(recentGeneratorsAtom, pushRecent(get(recentGeneratorsAtom), id));
});

/** Clicking the selected category again clears the category filter. */
export const toggleCategoryAtom = atom(null, (get, set, id: CategoryId) => {
  set(selectedCategoryAtom, get(selectedCategoryAtom) === id ? null : id);
});

/** Clearing resets both the search and the category. */
export const clearFilterAtom = atom(null, (_get, set) => {
  set(searchQueryAtom, '');
  set(selectedCategoryAtom, null);
});
