// A solid-colour PNG, encoded by hand (no canvas: generators also run in workers and tests). The
// `dataUri` generator answers a raster image because image and file fields are checked for one:
// Laravel 11+'s `image` rule refuses SVG unless the app allows it.
import { concatBytes } from '../bytes';

/** The PNG's bytes: one IDAT whose zlib stream holds stored (uncompressed) blocks. */
export function solidPng(width: number, height: number, [red, green, blue]: readonly [number, number, number]): Uint8Array {
  const row = [0, ...Array.from({ length: width }, () => [red, green, blue]).flat()];
  const pixels = Uint8Array.from(Array.from({ length: height }, () => row).flat());
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, adaptive filter, no interlace
  return concatBytes([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(pixels)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concatBytes([Uint8Array.from(type, (c) => c.charCodeAt(0)), data]);
  return concatBytes([uint32(data.length), typed, uint32(crc32(typed))]);
}

/** A zlib stream of stored blocks (at most 65535 bytes each) and its Adler-32. */
function zlibStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.of(0x78, 0x01)];
  for (let at = 0; at < data.length || at === 0; at += 65535) {
    const block = data.subarray(at, at + 65535);
    const last = at + 65535 >= data.length ? 1 : 0;
    parts.push(Uint8Array.of(last, block.length & 0xff, block.length >> 8, ~block.length & 0xff, (~block.length >> 8) & 0xff), block);
    if (last) break;
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  parts.push(uint32(((b << 16) | a) >>> 0));
  return concatBytes(parts);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

