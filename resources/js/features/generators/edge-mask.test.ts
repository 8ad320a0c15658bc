import { describe, expect, it } from 'vitest';
import { edgeMask, maskImage } from './edge-mask';

describe('category tab edge mask', () => {
  it('masks nothing when all tabs fit', () => {
    expect(edgeMask({ scrollLeft: 0, clientWidth: 400, scrollWidth: 400 })).toEqual({ start: false, end: false });
    expect(maskImage({ start: false, end: false })).toBe('none');
  });

  it('masks the end at the start of a scrollable row, the start at its end', () => {
    expect(edgeMask({ scrollLeft: 0, clientWidth: 400, scrollWidth: 900 })).toEqual({ start: false, end: true });
    expect(edgeMask({ scrollLeft: 500, clientWidth: 400, scrollWidth: 900 })).toEqual({ start: true, end: false });
    expect(edgeMask({ scrollLeft: 200, clientWidth: 400, scrollWidth: 900 })).toEqual({ start: true, end: true });
  });

  it('ignores a scroll position within the 1 px threshold', () => {
    expect(edgeMask({ scrollLeft: 1, clientWidth: 400, scrollWidth: 900 }).start).toBe(false);
    expect(edgeMask({ scrollLeft: 499, clientWidth: 400, scrollWidth: 900 }).end).toBe(false);
    expect(edgeMask({ scrollLeft: 1.5, clientWidth: 400, scrollWidth: 900 }).start).toBe(true);
  });

  it('fades 32 px at each hidden side', () => {
    expect(maskImage({ start: true, end: true })).toBe('linear-gradient(to right, transparent, #000 32px, #000 calc(100% - 32px), transparent)');
    expect(maskImage({ start: false, end: true })).toBe('linear-gradient(to right, #000, #000, #000 calc(100% - 32px), transparent)');
    expect(maskImage({ start: true, end: false })).toBe('linear-gradient(to right, transparent, #000 32px, #000)');
  });
});
