import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes';

describe('concatBytes', () => {
  it('copies several pieces into one array, in order', () => {
    expect([...concatBytes([Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3)])]).toEqual([1, 2, 3]);
    expect(concatBytes([])).toHaveLength(0);
  });

  it('hands a single piece back as it is, without a copy', () => {
    const piece = Uint8Array.of(7, 8);
    expect(concatBytes([piece])).toBe(piece);
  });
});
