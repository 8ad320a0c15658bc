import { describe, expect, it } from 'vitest';
import { buildTargetUrl, canonicalSegments, isSameSite, isUnderBase } from './target.mjs';
import { buildOutgoing } from './outgoing.mjs';
import { RelayRequestError } from './validate.mjs';

describe('the target URL', () => {
  it('joins a path to the base URL whether or not it starts with a slash, then appends the query', () => {
    expect(buildTargetUrl('http://api.test/v1/', '/users/7', []).href).toBe('http://api.test/v1/users/7');
    expect(buildTargetUrl('http://api.test/v1', 'users?sort=name', [{ name: 'q', value: 'a b' }]).href).toBe('http://api.test/v1/users?sort=name&q=a%20b');
    expect(buildTargetUrl('http://api.test/v1', 'https://other.test/x#frag', []).href).toBe('https://other.test/x');
  });

  it('refuses schemes other than http and https, naming the url field', () => {
    expect(() => buildTargetUrl('http://api.test', 'file:///etc/passwd', [])).toThrow(RelayRequestError);
    let thrown;
    try {
      buildTargetUrl('http://api.test', 'javascript:alert(1)', []);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ field: 'url', message: 'Only http and https URLs can be relayed, not javascript:' });
  });
});

describe('same site', () => {
  const url = (href) => new URL(href);
  it('counts the same host, loopback names and subdomains of one site as the same site', () => {
    expect(isSameSite('app.test:8080', url('http://app.test:8000/api'))).toBe(true);
    expect(isSameSite('localhost:8080', url('http://127.0.0.1:8000'))).toBe(true);
    expect(isSameSite('kite.example.com', url('https://api.example.com'))).toBe(true);
  });

  it('counts other sites and other IP addresses as cross-site', () => {
    expect(isSameSite('app.test', url('http://evil.test'))).toBe(false);
    expect(isSameSite('127.0.0.1:8080', url('http://10.0.0.2'))).toBe(false);
    expect(isSameSite('', url('http://app.test'))).toBe(false);
  });
});

describe('current-user credentials', () => {
  const request = { method: 'GET', url: '/', headers: [{ name: 'Cookie', value: 'typed=1' }], query: [], body: { type: 'none' }, authorization: { type: 'current-user' } };
  const cookieOf = (outgoing) => outgoing.headers.filter(([name]) => name === 'Cookie').map(([, value]) => value);

  it('forwards the browser cookies only to a same-site target', () => {
    const context = { impersonateHeader: null, browserCookies: [{ name: 'session', value: 's' }], userAgent: 'Kite/test' };
    expect(cookieOf(buildOutgoing(request, { ...context, sameSite: true }))).toEqual(['session=s; typed=1']);
    expect(cookieOf(buildOutgoing(request, { ...context, sameSite: false }))).toEqual(['typed=1']);
  });
});

describe('the allow-list check on base URLs', () => {
  const under = (href, base = 'http://api.test/public') => isUnderBase(new URL(href), base);

  it('lets through the base URL itself and what lies below it', () => {
    for (const href of ['http://api.test/public', 'http://api.test/public/', 'http://api.test/public/users/7?x=../y', 'http://api.test/public/a/../b', 'http://api.test/public/a%2Fb', 'http://api.test/public/%7Euser']) expect(under(href), href).toBe(true);
    expect(under('http://api.test/anything', 'http://api.test')).toBe(true);
    expect(under('http://api.test/public/x', 'http://api.test/public/')).toBe(true);
  });

  it('refuses dot segments, encoded dots, encoded slashes and backslashes that climb out of it', () => {
    for (const href of [
      'http://api.test/public/../secret',
      'http://api.test/public/%2e%2e/secret',
      'http://api.test/public/%2E%2e/secret',
      'http://api.test/public/.%2e/secret',
      'http://api.test/public/..%2Fsecret',
      'http://api.test/public/..%5csecret',
      'http://api.test/public\\..\\secret',
      'http://api.test/public/a/../../secret',
    ]) expect(under(href), href).toBe(false);
  });

  it('compares on segment boundaries and on the whole origin', () => {
    expect(under('http://api.test/publicity')).toBe(false);
    expect(under('http://api.test/public%69ty')).toBe(false);
    expect(under('https://api.test/public/x')).toBe(false);
    expect(under('http://api.test:81/public/x')).toBe(false);
    expect(under('http://api.test.evil/public/x')).toBe(false);
  });

  it('reads the spelled-out path the way a server would', () => {
    expect(canonicalSegments('/a/%2e%2e/b/./%7e', false)).toEqual(['b', '~']);
    expect(canonicalSegments('/a%2Fb/..%2F../c', true)).toEqual(['c']);
    expect(canonicalSegments('/a%2fb', false)).toEqual(['a%2Fb']);
  });
});
