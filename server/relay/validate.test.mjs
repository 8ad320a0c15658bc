// The relay request's field-by-field check, without a server.
import { describe, expect, it } from 'vitest';
import { RelayRequestError, validateRelayRequest } from './validate.mjs';

const base = { method: 'GET', url: '/x', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } };

/** The field the check blames for `request` (base changed by it), or null when it passes. */
function blamed(request) {
  try {
    validateRelayRequest({ ...base, ...request });
    return null;
  } catch (error) {
    if (!(error instanceof RelayRequestError)) throw error;
    return error.field;
  }
}

describe('timeoutMs', () => {
  it('accepts whole milliseconds from 1 to 600000', () => {
    for (const timeoutMs of [1, 200, 30_000, 600_000]) expect(blamed({ timeoutMs }), String(timeoutMs)).toBeNull();
  });

  it('refuses fractions, zero, negatives, huge numbers, 600001 and strings, naming timeoutMs', () => {
    for (const timeoutMs of [0.5, 0, -1, 1e19, 600_001, '100', Number.NaN, null]) expect(blamed({ timeoutMs }), String(timeoutMs)).toBe('timeoutMs');
  });
});

describe('text that ends up in a header line', () => {
  const file = (contentType) => ({ body: { type: 'multipart', fields: [{ name: 't', kind: 'text', value: 'v' }, { name: 'f', kind: 'file', filename: 'a', contentType, base64: '' }] } });
  const bad = ['a\r\nInjected: 1', 'a\nb', 'a\0b', 'a\x01b', 'a\x7fb', 'caf€', '😀'];

  it('refuses line breaks, NUL, other control characters and non-Latin-1 characters, naming the field', () => {
    for (const text of bad) {
      const label = JSON.stringify(text);
      expect(blamed({ headers: [{ name: 'A', value: 'ok' }, { name: 'B', value: 'ok' }, { name: 'X', value: text }] }), label).toBe('headers[2].value');
      expect(blamed({ authorization: { type: 'bearer', token: text } }), label).toBe('authorization.token');
      expect(blamed({ authorization: { type: 'impersonate', userId: text } }), label).toBe('authorization.userId');
      expect(blamed({ body: { type: 'raw', text: '', contentType: text } }), label).toBe('body.contentType');
      expect(blamed(file(text)), label).toBe('body.fields[1].contentType');
    }
  });

  it('refuses control characters in basic credentials, which may otherwise hold any character (they travel base64-encoded)', () => {
    for (const text of ['a\r\nb', 'a\0b', 'a\x1bb']) {
      expect(blamed({ authorization: { type: 'basic', username: text, password: 'p' } })).toBe('authorization.username');
      expect(blamed({ authorization: { type: 'basic', username: 'u', password: text } })).toBe('authorization.password');
    }
    expect(blamed({ authorization: { type: 'basic', username: 'ädä', password: '密码' } })).toBeNull();
  });

  it('accepts tabs and Latin-1 in header values', () => {
    expect(blamed({ headers: [{ name: 'X', value: 'a\tb café' }], authorization: { type: 'bearer', token: 'abc.def' } })).toBeNull();
  });

  it('refuses a url with a backslash, a line break or a control character', () => {
    for (const url of ['/public\\..\\secret', '/a\r\nHost: evil', '/a\nb', '/a\0', '/a\tb']) expect(blamed({ url }), JSON.stringify(url)).toBe('url');
  });
});
