// The diff's settings (array key, ignored paths and headers), kept under one localStorage key.
import { storedAtom, type StoredKey } from '../../lib/storage';
import { readDiffSettings } from '../../model/diff/diff-settings';
import { DEFAULT_DIFF_SETTINGS, type DiffSettings } from '../../model/diff/response-diff';

export const diffSettingsStoredKey: StoredKey<DiffSettings> = {
  key: 'kite:diff',
  label: 'the response diff settings',
  fallback: () => DEFAULT_DIFF_SETTINGS,
  read: readDiffSettings,
};

export const diffSettingsAtom = storedAtom(diffSettingsStoredKey);
