// Loading and saving preferences in localStorage, through the one stored-value helper (../storage.ts).
// Failures never break the page: a corrupt or unreadable entry gives the defaults (its text set
// aside under kite:preferences:set-aside), a failed save keeps the in-memory value. As the
// specification says, both failures are console lines only.
import { isRecord } from '../../model/is-record';
import { readStored, writeStored, type StoredKey } from '../storage';
import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY, sanitizePreferences, type Preferences } from './preferences';

export const LOAD_FAILED_MESSAGE = 'Failed to load preferences';
export const SAVE_FAILED_MESSAGE = 'Failed to save preferences';

export const preferencesStoredKey: StoredKey<Preferences> = {
  key: PREFERENCES_STORAGE_KEY,
  label: 'the preferences',
  fallback: () => ({ ...DEFAULT_PREFERENCES }),
  read: (stored) => {
    if (!isRecord(stored)) throw new Error(`The stored preferences are not an object: ${JSON.stringify(stored)?.slice(0, 80)}`);
    const preferences = sanitizePreferences(stored);
    const unreadable = (Object.keys(preferences) as Array<keyof Preferences>).filter((key) => stored[key] !== undefined && stored[key] !== preferences[key]);
    if (unreadable.length > 0) {
      console.warn(`Kite: the stored preferences (localStorage "${PREFERENCES_STORAGE_KEY}") had unreadable fields (${unreadable.join(', ')}); they use their defaults.`);
    }
    return preferences;
  },
  consoleOnly: { unreadable: LOAD_FAILED_MESSAGE, unsaved: SAVE_FAILED_MESSAGE },
};

export function loadPreferences(storage?: Storage): Preferences {
  return readStored(preferencesStoredKey, storage);
}

/** Returns whether the preferences were saved. */
export function savePreferences(preferences: Preferences, storage?: Storage): boolean {
  return writeStored(preferencesStoredKey, preferences, storage);
}
