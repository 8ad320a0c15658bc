import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBody } from './body-actions';

afterEach(() => vi.restoreAllMocks());

describe('downloading a body', () => {
  it('saves an HTML or SVG body as an opaque file, never as a type a browser would render in Kite', () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; record what the download would point at.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:kite/1';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    downloadBody(svg.buffer, 'image.svg');
    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs.map((blob) => blob.type)).toEqual(['application/octet-stream']);
    expect(blobs[0].size).toBe(svg.byteLength);
  });
});
