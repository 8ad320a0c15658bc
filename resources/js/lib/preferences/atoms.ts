// Preferences as jotai atoms: loaded once at start, saved on every change, dirty flag derived.
import { atom } from 'jotai';
import { DEFAULT_PREFERENCES, differsFromDefaults, PREFERENCES_STORAGE_KEY, sanitizePreferences, type Preferences } from './preferences';
import { loadPreferences, savePreferences } from './storage';

const storedPreferencesAtom = atom<Preferences>(loadPreferences());

storedPreferencesAtom.onMount = (setPreferences) => {
  // Another tab changed them: follow, without saving back.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== PREFERENCES_STORAGE_KEY) return;
    try {
      setPreferences(event.newValue === null ? { ...DEFAULT_PREFERENCES } : sanitizePreferences(JSON.parse(event.newValue)));
    } catch {
      // A corrupt value written elsewhere: keep what this tab has.
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

export type PreferencesUpdate = Partial<Preferences> | ((previous: Preferences) => Preferences);

/** The user's preferences; writing a partial update merges it and saves. */
export const preferencesAtom = atom(
  (get) => get(storedPreferencesAtom),
  (get, set, update: PreferencesUpdate) => {
    const previous = get(storedPreferencesAtom);
    const next = sanitizePreferences(typeof update === 'function' ? update(previous) : { ...previous, ...update });
    set(storedPreferencesAtom, next);
    savePreferences(next);
  },
);

/** True when any preference differs from its default. */
export const isPreferencesDirtyAtom = atom((get) => differsFromDefaults(get(preferencesAtom)));

/** Returns every preference to its default and saves. */
export const resetPreferencesAtom = atom(null, (_get, set) => {
  set(preferencesAtom, { ...DEFAULT_PREFERENCES });
});
