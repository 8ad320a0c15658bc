import { describe, expect, it } from 'vitest';
import { bodyKind, charsetOf, downloadFileName, extensionForContentType, headerValue, isInertImageType } from './content-type';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('file extension from Content-Type', () => {
  it.each([
    ['application/json; charset=utf-8', 'json'],
    ['application/problem+json', 'json'],
    ['text/html; charset=UTF-8', 'html'],
    ['application/atom+xml', 'xml'],
    ['text/plain', 'txt'],
    ['text/csv', 'csv'],
    ['text/x-something', 'txt'],
    ['image/png', 'png'],
    ['image/jpeg', 'jpg'],
    ['image/svg+xml', 'svg'],
    ['application/pdf', 'pdf'],
    ['application/octet-stream', 'bin'],
    ['', 'bin'],
    ['application/x-unknown', 'bin'],
  ])('%s downloads as .%s', (type, extension) => {
    expect(extensionForContentType(type)).toBe(extension);
  });

  it('names the download after the last path segment with the Content-Type extension', () => {
    expect(downloadFileName('http://127.0.0.1:8080/demo/users?page=2', 'application/json')).toBe('users.json');
    expect(downloadFileName('http://127.0.0.1:8080/demo/image.png', 'image/png')).toBe('image.png');
    expect(downloadFileName('http://127.0.0.1:8080/report.php', 'text/csv')).toBe('report.csv');
    expect(downloadFileName('http://127.0.0.1:8080/', 'text/html')).toBe('response.html');
    expect(downloadFileName('', undefined)).toBe('response.bin');
  });

  it.each([
    ['attachment; filename="report 2026-11.csv"', 'report 2026-11.csv'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    // RFC 6266: filename* (RFC 5987, UTF-8) wins over the plain fallback.
    ["attachment; filename=\"resume.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf", 'résumé final.pdf'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    // A name never leaves the downloads folder or carries control characters.
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="..\\\\..\\\\evil.bat"', 'evil.bat'],
    ['attachment; filename="a\u0000b\u001fc.txt"', 'abc.txt'],
  ])('takes the name from Content-Disposition %s', (disposition, name) => {
    expect(downloadFileName('http://127.0.0.1:8080/demo/bytes', 'application/octet-stream', disposition)).toBe(name);
  });

  it.each([['inline'], ['attachment'], ['attachment; filename=""'], ['attachment; filename=".."'], ["attachment; filename*=UTF-8''%E0%A4%A"]])(
    'falls back to the URL when Content-Disposition %s names no usable file',
    (disposition) => {
      expect(downloadFileName('http://127.0.0.1:8080/demo/bytes', 'application/octet-stream', disposition)).toBe('bytes.bin');
    },
  );
});

describe('what kind of body it is', () => {
  it('trusts JSON, HTML and image content types', () => {
    expect(bodyKind('application/json', bytes('{"a":1}'))).toBe('json');
    expect(bodyKind('text/html', bytes('<p>hi</p>'))).toBe('html');
    expect(bodyKind('image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('image');
  });

  it('sniffs bodies without a useful Content-Type', () => {
    expect(bodyKind('', bytes('  [1,2]'))).toBe('json');
    expect(bodyKind('application/octet-stream', new Uint8Array([0, 1, 2, 255]))).toBe('binary');
    expect(bodyKind(undefined, bytes('plain words'))).toBe('text');
  });

  it('calls an unknown application type binary and an empty body empty', () => {
    expect(bodyKind('application/zip', new Uint8Array([0x50, 0x4b, 3, 4]))).toBe('binary');
    expect(bodyKind('application/json', new Uint8Array(0))).toBe('empty');
  });

  it('reads the charset and finds headers case-insensitively', () => {
    expect(charsetOf('text/plain; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(headerValue([['Content-Type', 'a'], ['content-type', 'b']], 'CONTENT-TYPE')).toBe('a');
  });
});

describe('which images may be shown from a blob URL of Kite\'s origin', () => {
  it.each(['image/png', 'image/jpeg', 'IMAGE/GIF', 'image/webp; q=1', 'image/x-icon'])('%s only ever draws a picture', (type) => {
    expect(isInertImageType(type)).toBe(true);
  });

  it.each(['image/svg+xml', 'image/svg+xml; charset=utf-8', 'image/x-unknown', '', 'text/html'])('%s could run script when opened as a page', (type) => {
    expect(isInertImageType(type)).toBe(false);
  });
});
