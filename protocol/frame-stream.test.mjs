import { describe, expect, it } from 'vitest';
import { decodeRelayFrame, encodeRelayFrameHead, readRelayFrame } from './frame.js';
import { decodeWholeRelayFrame } from './frame-whole.js';
import { StreamedBodyParser, encodeStreamEnd, encodeStreamPieceHead, mergeStreamTrailer } from './frame-stream.js';
import { compileSchemas } from './conformance/schemas.mjs';

const head = {
  streaming: true,
  status: 200,
  statusText: 'OK',
  headers: [['Content-Type', 'text/event-stream']],
  cookies: [],
  url: 'http://127.0.0.1/events',
  timing: { ttfbMs: 3 },
};
const trailer = (bodyBytes, extra = {}) => ({ bodySize: bodyBytes, bodyBytes, truncated: false, timing: { totalMs: 40 }, end: 'complete', ...extra });

/** @param {Uint8Array[]} pieces */
function join(pieces) {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** A streamed frame of the given body pieces. */
function streamedFrame(pieces, extra = {}) {
  const parts = [encodeRelayFrameHead(/** @type {any} */ (head))];
  for (const piece of pieces) parts.push(encodeStreamPieceHead(piece.length), piece);
  parts.push(encodeStreamEnd(/** @type {any} */ (trailer(pieces.reduce((sum, piece) => sum + piece.length, 0), extra))));
  return join(parts);
}

/** A stream handing out `bytes` in pieces of `size`. */
function streamOf(bytes, size) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

// Binary pieces that look like length lines and trailers: only the prefixes tell them apart.
const pieces = [new TextEncoder().encode('event: a\ndata: 1\n\n'), Uint8Array.from([0x30, 0x0a, 0x7b, 0x7d, 0x0a, 0xff, 0x00]), new TextEncoder().encode('0\n{"bodyBytes":0}\n')];
const whole = join(pieces);

describe('streamed relay frame', () => {
  it('decodes whole to the same bytes, with the trailer merged into the metadata', () => {
    expect(() => decodeRelayFrame(streamedFrame(pieces))).toThrow(/streamed frame/);
    const { meta, body } = decodeWholeRelayFrame(streamedFrame(pieces));
    expect([...body]).toEqual([...whole]);
    expect(meta).toMatchObject({ streaming: true, status: 200, bodyBytes: whole.length, bodySize: whole.length, truncated: false, end: 'complete', timing: { ttfbMs: 3, totalMs: 40 } });
  });

  it('reads incrementally whatever the cuts, handing each run of body bytes over as it arrives', async () => {
    const frame = streamedFrame(pieces);
    for (const size of [1, 2, 7, 64, frame.length]) {
      const runs = [];
      let seenHead = null;
      const { meta, body } = await readRelayFrame(streamOf(frame, size), {
        onStream: (h) => {
          seenHead = h;
          return (bytes) => runs.push(bytes);
        },
      });
      expect(seenHead).toMatchObject({ streaming: true, status: 200 });
      expect([...new Uint8Array(body)]).toEqual([...whole]);
      expect([...join(runs)]).toEqual([...whole]);
      expect(meta.bodyBytes).toBe(whole.length);
    }
  });

  it('refuses a stream that ends before its trailer, or whose trailer disagrees with the bytes', async () => {
    const frame = streamedFrame(pieces);
    await expect(readRelayFrame(streamOf(frame.subarray(0, frame.length - 5), 8))).rejects.toThrow(/ended before its trailer/);
    const lying = join([encodeRelayFrameHead(/** @type {any} */ (head)), encodeStreamPieceHead(2), Uint8Array.from([1, 2]), encodeStreamEnd(/** @type {any} */ (trailer(5)))]);
    expect(() => decodeWholeRelayFrame(lying)).toThrow(/says 5 bytes but 2 arrived/);
    const parser = new StreamedBodyParser(() => {});
    expect(() => parser.push(new TextEncoder().encode('x\n'))).toThrow(/length line/);
  });

  it('keeps what the trailer says about an ended stream (timeout, limit)', () => {
    const meta = mergeStreamTrailer(/** @type {any} */ (head), /** @type {any} */ (trailer(4, { end: 'timeout', message: 'still sending after 30000 ms' })));
    expect(meta).toMatchObject({ end: 'timeout', message: 'still sending after 30000 ms', timing: { ttfbMs: 3, totalMs: 40 } });
  });

  it('matches the schema: the head, the trailer, and the merged metadata', () => {
    const { problems } = compileSchemas();
    expect(problems('relay-response-meta', head)).toBeNull();
    expect(problems('relay-stream-trailer', trailer(3))).toBeNull();
    expect(problems('relay-stream-trailer', { bodyBytes: 3 })).not.toBeNull();
    expect(problems('relay-response-meta', mergeStreamTrailer(/** @type {any} */ (head), /** @type {any} */ (trailer(3))))).toBeNull();
    expect(problems('relay-response-meta', { ...head, streaming: undefined })).not.toBeNull();
  });
});
