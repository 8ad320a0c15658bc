import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, differsFromDefaults, PREFERENCES_STORAGE_KEY, sanitizePreferences } from './preferences';
import { loadPreferences, savePreferences } from './storage';
import { FALLBACK_DEFAULTS, defaultRequestState } from '../../model/request/request-state';

describe('preference defaults', () => {
  it('match the specification', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      autoRefreshRoutes: true,
      maxHistoryLogs: 100,
      theme: 'system',
      defaultRequestBodyType: -1,
      defaultAuthorizationType: 'current-user',
    });
  });
});

describe('reading stored preferences', () => {
  it('keeps valid fields and drops unknown ones', () => {
    expect(sanitizePreferences({ theme: 'dark', maxHistoryLogs: 20, extra: 1 })).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      maxHistoryLogs: 20,
    });
  });

  it('falls back field by field when types are wrong', () => {
    expect(
      sanitizePreferences({
        autoRefreshRoutes: 'yes',
        maxHistoryLogs: 2.5,
        theme: 'blue',
        defaultRequestBodyType: 1,
        defaultAuthorizationType: 'root',
      }),
    ).toEqual({ ...DEFAULT_PREFERENCES, defaultRequestBodyType: 1 });
  });

  it('treats non-objects as nothing stored', () => {
    for (const value of [null, 42, 'text', [1, 2]]) expect(sanitizePreferences(value)).toEqual(DEFAULT_PREFERENCES);
  });

  it('knows when preferences differ from the defaults', () => {
    expect(differsFromDefaults({ ...DEFAULT_PREFERENCES })).toBe(false);
    expect(differsFromDefaults({ ...DEFAULT_PREFERENCES, autoRefreshRoutes: false })).toBe(true);
  });
});

describe('preferences in localStorage', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    localStorage.clear();
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  it('loads the defaults when nothing is stored, quietly', () => {
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(errors).not.toHaveBeenCalled();
  });

  it("logs 'Failed to load preferences' and uses the defaults when the JSON is corrupt", () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, '{"theme": "dark",');
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(errors).toHaveBeenCalledWith('Failed to load preferences', expect.any(SyntaxError));
  });

  it("logs 'Failed to load preferences' when storage cannot be read", () => {
    const blocked = { getItem: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as Storage;
    expect(loadPreferences(blocked)).toEqual(DEFAULT_PREFERENCES);
    expect(errors).toHaveBeenCalledWith('Failed to load preferences', expect.anything());
  });

  it("logs 'Failed to save preferences' when the quota is full", () => {
    const full = { setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } as unknown as Storage;
    expect(savePreferences({ ...DEFAULT_PREFERENCES, theme: 'dark' }, full)).toBe(false);
    expect(errors).toHaveBeenCalledWith('Failed to save preferences', expect.anything());
  });

  it("logs 'Failed to load preferences' when the stored value is not an object", () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, 'null');
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(errors).toHaveBeenCalledWith('Failed to load preferences', expect.any(Error));
  });

  it('keeps the readable fields and names the others in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ theme: 'blue', maxHistoryLogs: 7, autoRefreshRoutes: 'yes' }));
    expect(loadPreferences()).toEqual({ ...DEFAULT_PREFERENCES, maxHistoryLogs: 7 });
    expect(warn).toHaveBeenCalledWith(
      'Kite: the stored preferences (localStorage "kite:preferences") had unreadable fields (autoRefreshRoutes, theme); they use their defaults.',
    );
    warn.mockRestore();
  });

  it('round-trips through storage', () => {
    savePreferences({ ...DEFAULT_PREFERENCES, maxHistoryLogs: 7 });
    expect(loadPreferences().maxHistoryLogs).toBe(7);
  });
});

describe('preference atoms', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('save every change automatically, flag the difference and reset to defaults', async () => {
    const { preferencesAtom, isPreferencesDirtyAtom, resetPreferencesAtom } = await import('./atoms');
    const store = createStore();
    expect(store.get(isPreferencesDirtyAtom)).toBe(false);

    store.set(preferencesAtom, { theme: 'dark' });
    expect(store.get(preferencesAtom).theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY)!).theme).toBe('dark');
    expect(store.get(isPreferencesDirtyAtom)).toBe(true);

    store.set(resetPreferencesAtom);
    expect(store.get(preferencesAtom)).toEqual(DEFAULT_PREFERENCES);
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY)!)).toEqual(DEFAULT_PREFERENCES);
    expect(store.get(isPreferencesDirtyAtom)).toBe(false);
  });

  it('load what was stored at start', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ maxHistoryLogs: 5 }));
    const { preferencesAtom } = await import('./atoms');
    expect(createStore().get(preferencesAtom).maxHistoryLogs).toBe(5);
  });

  it('keep the in-memory value when saving fails', async () => {
    const { preferencesAtom } = await import('./atoms');
    const store = createStore();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    store.set(preferencesAtom, { theme: 'light' });
    expect(store.get(preferencesAtom).theme).toBe('light');
    expect(errors).toHaveBeenCalledWith('Failed to save preferences', expect.anything());
    setItem.mockRestore();
    errors.mockRestore();
  });
});

describe('a new request', () => {
  it('starts from the default preferences when given none', () => {
    expect(FALLBACK_DEFAULTS).toEqual({
      defaultRequestBodyType: DEFAULT_PREFERENCES.defaultRequestBodyType,
      defaultAuthorizationType: DEFAULT_PREFERENCES.defaultAuthorizationType,
    });
    expect(defaultRequestState()).toEqual(defaultRequestState(DEFAULT_PREFERENCES));
  });
});
