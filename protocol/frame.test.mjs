import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELAY_FRAME_CONTENT_TYPE, RelayFrameError, decodeRelayFrame, encodeRelayFrameHead, isRelayFrame, readRelayFrame } from './frame.js';

const meta = (bodyBytes) => ({
  status: 200,
  statusText: 'OK',
  headers: [['Content-Type', 'application/octet-stream'], ['X-Note', 'line one\nline two']],
  cookies: [],
  bodySize: bodyBytes,
  bodyBytes,
  truncated: false,
  url: 'http://127.0.0.1/x',
  timing: { ttfbMs: 1, totalMs: 2 },
});

describe('relay frame', () => {
  it('carries binary bytes, newlines included, exactly as they were after one metadata line', () => {
    const body = Uint8Array.from([0x0a, 0x00, 0xff, 0x0a, 0x7b, 0x0d]);
    const head = encodeRelayFrameHead(meta(body.length));
    const frame = new Uint8Array(head.length + body.length);
    frame.set(head);
    frame.set(body, head.length);
    expect(head.filter((byte) => byte === 0x0a)).toHaveLength(1); // a newline inside a header value is escaped
    const decoded = decodeRelayFrame(frame.buffer);
    expect(decoded.meta.headers[1][1]).toBe('line one\nline two');
    expect([...decoded.body]).toEqual([...body]);
  });

  it('refuses a frame whose body is shorter than the metadata says', () => {
    const head = encodeRelayFrameHead(meta(10));
    expect(() => decodeRelayFrame(head)).toThrow(/cut short: 0 of 10 bytes/);
  });

  it('refuses bytes without a metadata line, or with one that is not JSON', () => {
    expect(() => decodeRelayFrame(new TextEncoder().encode('{"status":200'))).toThrow(RelayFrameError);
    expect(() => decodeRelayFrame(new TextEncoder().encode('<html>\n'))).toThrow(/not JSON/);
  });

  /** A stream that hands out `bytes` in pieces ending at each of `cuts`. */
  const streamOf = (bytes, cuts) =>
    new ReadableStream({
      start(controller) {
        let from = 0;
        for (const cut of [...cuts, bytes.length]) {
          controller.enqueue(bytes.slice(from, cut));
          from = cut;
        }
        controller.close();
      },
    });
  const frameOf = (metadata, body) => {
    const head = encodeRelayFrameHead(metadata);
    const frame = new Uint8Array(head.length + body.length);
    frame.set(head);
    frame.set(body, head.length);
    return { frame, headLength: head.length };
  };

  it('is read from a stream whatever the chunks, the metadata line split across several', async () => {
    const body = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7) % 256);
    const { frame, headLength } = frameOf(meta(body.length), body);
    for (const cuts of [[], [3, 10, headLength - 1], [headLength], [headLength + 1, headLength + 2, 4000]]) {
      const read = await readRelayFrame(streamOf(frame, cuts));
      expect(read.meta.status).toBe(200);
      expect(read.body).toBeInstanceOf(ArrayBuffer);
      expect(read.body.byteLength).toBe(body.length);
      expect(new Uint8Array(read.body)).toEqual(body);
    }
  });

  it('read from a stream without bodyBytes, grows its buffer to the body', async () => {
    const body = Uint8Array.from({ length: 200_000 }, (_, i) => i % 251);
    const { frame, headLength } = frameOf({ ...meta(0), bodyBytes: undefined }, body);
    const read = await readRelayFrame(streamOf(frame, [headLength + 10, headLength + 70_000, headLength + 140_000]));
    expect(new Uint8Array(read.body)).toEqual(body);
  });

  it('read from a stream, is refused when cut short, too long, or without a metadata line', async () => {
    const { frame } = frameOf(meta(10), new Uint8Array(10));
    await expect(readRelayFrame(streamOf(frame.slice(0, frame.length - 3), [5]))).rejects.toThrow(/cut short: 7 of 10 bytes/);
    const long = frameOf(meta(10), new Uint8Array(12)).frame;
    await expect(readRelayFrame(streamOf(long, []))).rejects.toThrow(/longer than the 10 bytes/);
    await expect(readRelayFrame(streamOf(new TextEncoder().encode('{"status":200'), [4]))).rejects.toThrow(/no metadata line/);
    await expect(readRelayFrame(streamOf(new TextEncoder().encode('<html>\n'), []))).rejects.toThrow(/not JSON/);
  });

  it('tells a frame from a JSON error body by content type', () => {
    expect(isRelayFrame('application/vnd.kite.relay-frame')).toBe(true);
    expect(isRelayFrame('Application/Vnd.Kite.Relay-Frame; charset=binary')).toBe(true);
    expect(isRelayFrame('application/json; charset=utf-8')).toBe(false);
    expect(isRelayFrame(null)).toBe(false);
  });

  it('uses the same content type as protocol/types.ts', () => {
    const types = readFileSync(new URL('./types.ts', import.meta.url), 'utf8');
    expect(types).toContain(`RELAY_FRAME_CONTENT_TYPE = '${RELAY_FRAME_CONTENT_TYPE}'`);
  });
});
