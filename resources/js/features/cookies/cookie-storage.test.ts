import { describe, expect, it } from 'vitest';
import { parseSetCookie } from '../../../../protocol/cookies.js';
import type { RelayCookie } from '../../../../protocol/types';
import { storeCookies } from '../../model/request/cookie-jar';
import { COOKIE_JARS_STORAGE_KEY, loadCookieJars, saveCookieJars } from './cookie-storage';

const NOW = Date.UTC(2025, 0, 1);
const set = (...lines: string[]) => lines.map((line) => parseSetCookie(line) as RelayCookie);

describe('the cookie jars in this browser', () => {
  it('persists per application, and corrupt storage yields empty jars', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
    const jar = storeCookies([], set('a=1'), 'http://app.test/', NOW);
    saveCookieJars(storage, { api: jar });
    expect(loadCookieJars(storage)).toEqual({ api: jar });
    items.set(COOKIE_JARS_STORAGE_KEY, '{"api":[{"name":5},{"name":"ok","value":"1","domain":"app.test"}],"x":"no"}');
    expect(loadCookieJars(storage).api.map((cookie) => cookie.name)).toEqual(['ok']);
    items.set(COOKIE_JARS_STORAGE_KEY, 'not json');
    expect(loadCookieJars(storage)).toEqual({});
  });
});
