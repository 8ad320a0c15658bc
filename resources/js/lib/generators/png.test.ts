import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { solidPng } from './png';

/** The PNG's chunks as [type, data]. */
function chunks(png: Uint8Array): [string, Buffer][] {
  const buffer = Buffer.from(png);
  const found: [string, Buffer][] = [];
  for (let at = 8; at < buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    found.push([buffer.toString('latin1', at + 4, at + 8), buffer.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  return found;
}

describe('solidPng', () => {
  it('encodes a PNG of the size and colour asked for, whose pixels inflate back', () => {
    const png = solidPng(3, 2, [10, 200, 30]);

    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const [[ihdr, header], [idat, data], [iend]] = chunks(png);
    expect([ihdr, idat, iend]).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([3, 2, 8, 2]);
    expect([...inflateSync(data)]).toEqual([0, 10, 200, 30, 10, 200, 30, 10, 200, 30, 0, 10, 200, 30, 10, 200, 30, 10, 200, 30]);
  });

  it('is a PNG image to PHP: its size, and the MIME type finfo gives (Laravel’s image rule reads it)', () => {
    const base64 = Buffer.from(solidPng(64, 64, [1, 2, 3])).toString('base64');
    const php = `$s = getimagesizefromstring(base64_decode('${base64}')); echo json_encode([$s[0], $s[1], $s['mime'], (new finfo(FILEINFO_MIME_TYPE))->buffer(base64_decode('${base64}'))]);`;
    expect(JSON.parse(execFileSync('php', ['-r', php], { encoding: 'utf8' }))).toEqual([64, 64, 'image/png', 'image/png']);
  });
});
