import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PERSISTED_TEXT, REQUEST_STORAGE_KEY, loadRequestState, saveRequestState } from './persistence';
import { defaultRequestState, emptyRow } from '../../model/request/request-state';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the request survives a reload', () => {
  it('reads back what it saved', () => {
    const storage = memoryStorage();
    const state = {
      ...defaultRequestState(),
      method: 'POST' as const,
      url: '/demo/users/{user}',
      pathParams: { user: '3' },
      query: [emptyRow('page', '2')],
      headers: [{ ...emptyRow('X-A', 'b'), enabled: false }],
      bodyType: 'json' as const,
      jsonBody: '{"a":1}',
      auth: { type: 'bearer' as const, token: 't', username: '', password: '', userId: '' },
      autofillSeed: 42,
    };
    expect(saveRequestState(storage, state)).toBe(true);
    expect(loadRequestState(storage)).toEqual(state);
  });

  it('starts from defaults when the saved entry is not JSON', () => {
    const storage = memoryStorage({ [REQUEST_STORAGE_KEY]: '{not json' });
    expect(loadRequestState(storage, { defaultRequestBodyType: -1, defaultAuthorizationType: 'bearer' })).toEqual(
      defaultRequestState({ defaultRequestBodyType: -1, defaultAuthorizationType: 'bearer' }),
    );
  });

  it('keeps the good fields and defaults the malformed ones', () => {
    const storage = memoryStorage({
      [REQUEST_STORAGE_KEY]: JSON.stringify({ method: 'FETCH', url: '/ok', query: 'nope', headers: [{ name: 'X', value: 5 }], bodyType: 'yaml', auth: { type: 'root' } }),
    });
    const state = loadRequestState(storage);
    expect(state.method).toBe('GET');
    expect(state.url).toBe('/ok');
    expect(state.query).toEqual([]);
    expect(state.headers.map((h) => [h.name, h.value, h.enabled])).toEqual([['X', '', true]]);
    expect(state.bodyType).toBe('none');
    expect(state.auth.type).toBe('current-user');
  });

  it('survives storage that throws on read and on write', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadRequestState(broken)).toEqual(defaultRequestState());
    expect(saveRequestState(broken, defaultRequestState())).toBe(false);
  });

  it('does not keep a body too large for local storage', () => {
    const storage = memoryStorage();
    saveRequestState(storage, { ...defaultRequestState(), bodyType: 'json', jsonBody: 'x'.repeat(MAX_PERSISTED_TEXT + 1), url: '/kept' });
    const state = loadRequestState(storage);
    expect(state.url).toBe('/kept');
    expect(state.jsonBody).toBe('');
  });

  it('reads back a saved request without a word in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = memoryStorage();
    saveRequestState(storage, defaultRequestState());
    loadRequestState(storage);
    expect(warn).not.toHaveBeenCalled();
  });

  it('names the fields it could not read in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = memoryStorage({ [REQUEST_STORAGE_KEY]: JSON.stringify({ url: 5, method: 'GET', query: {}, auth: 'x' }) });
    expect(loadRequestState(storage)).toEqual(defaultRequestState());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toBe(
      'Kite: the saved request (localStorage "kite:request") had unreadable fields (url, query, auth); they start from their defaults.',
    );
  });

  it.each(['null', '[1,2]', '"GET /users"', '42'])('starts from defaults, saying so, when the saved value is %s, and sets the value aside', (text) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = memoryStorage({ [REQUEST_STORAGE_KEY]: text });
    expect(loadRequestState(storage)).toEqual(defaultRequestState());
    expect(String(warn.mock.calls[0][0])).toContain('could not be read; kept under kite:request:set-aside. Starting from defaults');
    expect(storage.data.get(`${REQUEST_STORAGE_KEY}:set-aside`)).toBe(text);
  });
});
