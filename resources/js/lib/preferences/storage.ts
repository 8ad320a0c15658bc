// Loading and saving preferences in localStorage. Failures never break the page: a corrupt or
// unreadable entry gives the defaults, a failed save keeps the in-memory value.
import { isRecord } from '../is-record';
import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY, sanitizePreferences, type Preferences } from './preferences';

export const LOAD_FAILED_MESSAGE = 'Failed to load preferences';
export const SAVE_FAILED_MESSAGE = 'Failed to save preferences';

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Access itself throws when storage is blocked.
  }
}

export function loadPreferences(storage: Storage | undefined = defaultStorage()): Preferences {
  try {
    if (!storage) throw new Error('localStorage is not available');
    const raw = storage.getItem(PREFERENCES_STORAGE_KEY);
    if (raw === null) return { ...DEFAULT_PREFERENCES };
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored)) throw new Error(`The stored preferences are not an object: ${raw.slice(0, 80)}`);
    const preferences = sanitizePreferences(stored);
    const unreadable = (Object.keys(preferences) as Array<keyof Preferences>).filter((key) => stored[key] !== undefined && stored[key] !== preferences[key]);
    if (unreadable.length > 0) {
      console.warn(`Kite: the stored preferences (localStorage "${PREFERENCES_STORAGE_KEY}") had unreadable fields (${unreadable.join(', ')}); they use their defaults.`);
    }
    return preferences;
  } catch (error) {
    console.error(LOAD_FAILED_MESSAGE, error);
    return { ...DEFAULT_PREFERENCES };
  }
}

/** Returns whether the preferences were saved. */
export function savePreferences(preferences: Preferences, storage: Storage | undefined = defaultStorage()): boolean {
  try {
    if (!storage) throw new Error('localStorage is not available');
    storage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
    return true;
  } catch (error) {
    console.error(SAVE_FAILED_MESSAGE, error);
    return false;
  }
}
