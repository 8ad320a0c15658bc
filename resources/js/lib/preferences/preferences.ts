// User preferences: fields, defaults and the rules for reading them back from storage.
import type { AuthorizationType } from '../../../../protocol/types';
import { AUTHORIZATION_OPTIONS, DEFAULT_AUTHORIZATION_TYPE } from '../../model/request/authorization';

export type ThemePreference = 'light' | 'dark' | 'system';

export interface Preferences {
  autoRefreshRoutes: boolean;
  maxHistoryLogs: number;
  theme: ThemePreference;
  /** -1: JSON for methods with a body when the route has a body schema, none otherwise. */
  defaultRequestBodyType: number;
  defaultAuthorizationType: AuthorizationType;
}

/** The one localStorage key of the preferences (stubs/page.html reads `theme` from it too). */
export const PREFERENCES_STORAGE_KEY = 'kite:preferences';

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  autoRefreshRoutes: true,
  maxHistoryLogs: 100,
  theme: 'system',
  defaultRequestBodyType: -1,
  defaultAuthorizationType: DEFAULT_AUTHORIZATION_TYPE,
});

export const THEMES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const MAX_HISTORY_LOGS_LIMIT = 10_000;

type FieldRule<K extends keyof Preferences> = (value: unknown) => value is Preferences[K];

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

const rules: { [K in keyof Preferences]: FieldRule<K> } = {
  autoRefreshRoutes: (value): value is boolean => typeof value === 'boolean',
  maxHistoryLogs: (value): value is number => isInteger(value) && value >= 1 && value <= MAX_HISTORY_LOGS_LIMIT,
  theme: (value): value is ThemePreference => THEMES.includes(value as ThemePreference),
  defaultRequestBodyType: (value): value is number => isInteger(value) && value >= -1,
  defaultAuthorizationType: (value): value is AuthorizationType => AUTHORIZATION_OPTIONS.some((option) => option.type === value),
};

/**
 * Reads stored preferences field by field: valid fields are kept, missing, unknown or wrongly typed
 * ones fall back to their defaults, so one bad field never costs the user the others.
 */
export function sanitizePreferences(stored: unknown): Preferences {
  const source = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const result = { ...DEFAULT_PREFERENCES } as Preferences;
  for (const key of Object.keys(rules) as Array<keyof Preferences>) {
    const value = source[key];
    if ((rules[key] as (v: unknown) => boolean)(value)) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}

/** Whether the preferences differ from the defaults in any field. */
export function differsFromDefaults(preferences: Preferences): boolean {
  return (Object.keys(DEFAULT_PREFERENCES) as Array<keyof Preferences>).some((key) => preferences[key] !== DEFAULT_PREFERENCES[key]);
}
