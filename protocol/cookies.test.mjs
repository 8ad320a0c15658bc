import { describe, expect, it } from 'vitest';
import { formatCookieHeader, parseCookieHeader, parseSetCookie, readCookie, readCookies } from './cookies.js';

describe('Set-Cookie parsing', () => {
  it('reads name, value and every attribute, flags as true', () => {
    const line = 'session=abc%3D%3D; Path=/app; Max-Age=3600; HttpOnly; Secure; SameSite=Lax';
    expect(parseSetCookie(line)).toEqual({
      name: 'session',
      value: 'abc%3D%3D',
      attributes: { Path: '/app', 'Max-Age': '3600', HttpOnly: true, Secure: true, SameSite: 'Lax' },
      raw: line,
    });
  });

  it('keeps "=" inside the value and drops surrounding quotes', () => {
    expect(parseSetCookie('token=a=b=c; Path=/')?.value).toBe('a=b=c');
    expect(parseSetCookie('quoted="hello world"')?.value).toBe('hello world');
  });

  it('keeps an Expires date with its comma whole', () => {
    expect(parseSetCookie('x=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT')?.attributes.Expires).toBe('Wed, 21 Oct 2026 07:28:00 GMT');
  });

  it('rejects a line without a name', () => {
    expect(parseSetCookie('=nope; Path=/')).toBeNull();
    expect(parseSetCookie('garbage')).toBeNull();
  });
});

describe('Cookie header parsing', () => {
  it('lists pairs in order, repeated names kept', () => {
    expect(parseCookieHeader('a=1; b=2;a=3; junk; =x')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
      { name: 'a', value: '3' },
    ]);
    expect(parseCookieHeader(undefined)).toEqual([]);
  });

  it('reads one cookie URL-decoded, and an undecodable one as sent', () => {
    expect(readCookie('XSRF-TOKEN=a%2Bb; other=1', 'XSRF-TOKEN')).toBe('a+b');
    expect(readCookie('bad=%E0%A4%A', 'bad')).toBe('%E0%A4%A');
    expect(readCookie('a=1', 'missing')).toBeUndefined();
  });

  it('reads every cookie of one name, in order', () => {
    expect(readCookies('XSRF-TOKEN=other; a=1; XSRF-TOKEN=mine%2B', 'XSRF-TOKEN')).toEqual(['other', 'mine+']);
    expect(readCookies('a=1', 'XSRF-TOKEN')).toEqual([]);
  });

  it('formats pairs back into a header', () => {
    expect(formatCookieHeader([{ name: 'a', value: '1' }, { name: 'b', value: '2' }])).toBe('a=1; b=2');
  });
});
