import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELAY_FRAME_CONTENT_TYPE, RelayFrameError, decodeRelayFrame, encodeRelayFrameHead, isRelayFrame } from './frame.js';

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
