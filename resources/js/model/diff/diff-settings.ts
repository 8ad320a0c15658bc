// The diff's settings as kept between visits: read back field by field (a field that does not read
// takes its default, the others stay), and the two edits the view makes.
import { DEFAULT_DIFF_SETTINGS, type DiffSettings } from './response-diff';

export function readDiffSettings(stored: unknown): DiffSettings {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new Error('not an object');
  const value = stored as Record<string, unknown>;
  const strings = (list: unknown, fallback: string[]) => (Array.isArray(list) && list.every((item) => typeof item === 'string') ? [...new Set(list as string[])] : fallback);
  return {
    arrayKey: value.arrayKey === null || (typeof value.arrayKey === 'string' && value.arrayKey.trim() !== '') ? (value.arrayKey as string | null) : DEFAULT_DIFF_SETTINGS.arrayKey,
    ignoredPaths: strings(value.ignoredPaths, DEFAULT_DIFF_SETTINGS.ignoredPaths),
    ignoredHeaders: strings(value.ignoredHeaders, DEFAULT_DIFF_SETTINGS.ignoredHeaders),
  };
}

export function withIgnoredPath(settings: DiffSettings, pattern: string): DiffSettings {
  return settings.ignoredPaths.includes(pattern) ? settings : { ...settings, ignoredPaths: [...settings.ignoredPaths, pattern] };
}

export function withoutIgnoredPath(settings: DiffSettings, pattern: string): DiffSettings {
  return { ...settings, ignoredPaths: settings.ignoredPaths.filter((item) => item !== pattern) };
}

/** The key typed in the settings: blank compares arrays index by index. */
export function withArrayKey(settings: DiffSettings, typed: string): DiffSettings {
  return { ...settings, arrayKey: typed.trim() === '' ? null : typed.trim() };
}

export function withIgnoredHeader(settings: DiffSettings, name: string): DiffSettings {
  const key = name.toLowerCase();
  return settings.ignoredHeaders.includes(key) ? settings : { ...settings, ignoredHeaders: [...settings.ignoredHeaders, key] };
}
