import { describe, expect, it } from 'vitest';
import { parseSetCookie } from '../../../../protocol/cookies.js';
import type { RelayCookie } from '../../../../protocol/types';
import { cookiesFor, defaultPath, mergeCookieHeader, pathMatches, storeCookies, type CookieJar } from './cookie-jar';

const NOW = Date.UTC(2025, 0, 1);
const set = (...lines: string[]) => lines.map((line) => parseSetCookie(line) as RelayCookie);
const names = (jar: CookieJar, url: string, now = NOW) => cookiesFor(jar, url, now).map((cookie) => `${cookie.name}=${cookie.value}`);

describe('the cookie jar', () => {
  it('keeps a session cookie and sends it back to the same origin, HttpOnly included', () => {
    const jar = storeCookies([], set('demo_session=abc; Path=/; HttpOnly; SameSite=Lax'), 'http://127.0.0.1:8080/demo/login', NOW);
    expect(jar[0]).toMatchObject({ name: 'demo_session', domain: '127.0.0.1', hostOnly: true, path: '/', httpOnly: true, expires: null });
    expect(names(jar, 'http://127.0.0.1:8080/demo/me')).toEqual(['demo_session=abc']);
    expect(names(jar, 'http://api.test/demo/me')).toEqual([]);
  });

  it('matches paths as RFC 6265 does, with the request directory as the default path', () => {
    expect(pathMatches('/docs/web', '/docs')).toBe(true);
    expect(pathMatches('/docs', '/docs')).toBe(true);
    expect(pathMatches('/docsets', '/docs')).toBe(false);
    expect(defaultPath('/demo/login')).toBe('/demo');
    expect(defaultPath('/login')).toBe('/');
    const jar = storeCookies([], set('a=1; Path=/demo', 'b=2', 'c=3; Path=/admin'), 'http://app.test/demo/login', NOW);
    expect(names(jar, 'http://app.test/demo/me')).toEqual(['a=1', 'b=2']);
    expect(names(jar, 'http://app.test/other')).toEqual([]);
  });

  it('sends longer paths first', () => {
    const jar = storeCookies([], set('x=root; Path=/', 'x=deep; Path=/demo/users'), 'http://app.test/', NOW);
    expect(names(jar, 'http://app.test/demo/users/1')).toEqual(['x=deep', 'x=root']);
  });

  it('expires cookies by Max-Age, which wins over Expires, and deletes with Max-Age=0 or a past date', () => {
    let jar = storeCookies([], set('short=1; Max-Age=60; Expires=Wed, 01 Jan 2031 00:00:00 GMT', 'long=2; Expires=Wed, 01 Jan 2031 00:00:00 GMT'), 'http://app.test/', NOW);
    expect(names(jar, 'http://app.test/')).toEqual(['short=1', 'long=2']);
    expect(names(jar, 'http://app.test/', NOW + 61_000)).toEqual(['long=2']);
    jar = storeCookies(jar, set('short=; Max-Age=0', 'long=; Expires=Thu, 01 Jan 1970 00:00:00 GMT'), 'http://app.test/', NOW);
    expect(jar).toEqual([]);
  });

  it('sends Secure cookies only over https (or to a loopback host) and refuses them from insecure pages', () => {
    const jar = storeCookies([], set('s=1; Secure'), 'https://app.test/', NOW);
    expect(names(jar, 'https://app.test/')).toEqual(['s=1']);
    expect(names(jar, 'http://app.test/')).toEqual([]);
    expect(storeCookies([], set('s=1; Secure'), 'http://app.test/', NOW)).toEqual([]);
    expect(names(storeCookies([], set('s=1; Secure'), 'http://localhost:8000/', NOW), 'http://localhost:8000/')).toEqual(['s=1']);
  });

  it('shares a Domain cookie with subdomains and ignores one for another site', () => {
    const jar = storeCookies([], set('d=1; Domain=.app.test', 'evil=1; Domain=other.test'), 'http://www.app.test/', NOW);
    expect(names(jar, 'http://api.app.test/')).toEqual(['d=1']);
    expect(jar.map((cookie) => cookie.name)).toEqual(['d']);
  });

  it('replaces a cookie of the same name, domain and path', () => {
    const jar = storeCookies(storeCookies([], set('a=1'), 'http://app.test/', NOW), set('a=2'), 'http://app.test/', NOW + 1);
    expect(names(jar, 'http://app.test/')).toEqual(['a=2']);
  });

  it('merges into one Cookie header with the typed cookies winning by name', () => {
    expect(mergeCookieHeader([{ name: 'a', value: '1' }, { name: 'b', value: '2' }], [{ name: 'b', value: 'typed' }])).toBe('a=1; b=typed');
    expect(mergeCookieHeader([], [])).toBeUndefined();
  });
});
