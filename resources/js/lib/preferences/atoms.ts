// Preferences as jotai atoms: loaded once at start, saved on every change, dirty flag derived.
import { atom } from 'jotai';
import { storedAtom } from '../storage';
import { DEFAULT_PREFERENCES, differsFromDefaults, sanitizePreferences, type Preferences } from './preferences';
import { preferencesStoredKey } from './storage';

/** Loaded once at start, saved on every write; another tab's change is followed without saving back. */
const storedPreferencesAtom = storedAtom(preferencesStoredKey);

export type PreferencesUpdate = Partial<Preferences> | ((previous: Preferences) => Preferences);

/** The user's preferences; writing a partial update merges it and saves. */
export const preferencesAtom = atom(
  (get) => get(storedPreferencesAtom),
  (get, set, update: PreferencesUpdate) => {
    const previous = get(storedPreferencesAtom);
    const next = sanitizePreferences(typeof update === 'function' ? update(previous) : { ...previous, ...update });
    set(storedPreferencesAtom, next);
  },
);

/** True when any preference differs from its default. */
export const isPreferencesDirtyAtom = atom((get) => differsFromDefaults(get(preferencesAtom)));

/** Returns every preference to its default and saves. */
export const resetPreferencesAtom = atom(null, (_get, set) => {
  set(preferencesAtom, { ...DEFAULT_PREFERENCES });
});
