import { describe, expect, it } from 'vitest';
import { placePalette } from './placement';

const viewport = { width: 1280, height: 800 };
const rect = (top: number, left: number, height = 32, width = 200) => ({ top, left, bottom: top + height, right: left + width });

describe('placing the palette', () => {
  it('goes 4 px below the focused input when the assumed 400 px fit', () => {
    expect(placePalette(rect(100, 50), viewport, 448)).toEqual({ kind: 'below', top: 136, left: 50 });
  });

  it('flips above the input when 400 px do not fit below', () => {
    expect(placePalette(rect(600, 50), viewport, 448)).toEqual({ kind: 'above', bottom: 800 - 600 + 4, left: 50 });
  });

  it('stays below when there is even less room above', () => {
    expect(placePalette(rect(250, 50), { width: 1280, height: 600 }, 448).kind).toBe('below');
  });

  it('is centred when no input is focused', () => {
    expect(placePalette(null, viewport, 448)).toEqual({ kind: 'centred', top: 200, left: 416 });
  });

  it('keeps within the viewport horizontally', () => {
    expect(placePalette(rect(100, 1200), viewport, 448)).toMatchObject({ left: 1280 - 448 - 8 });
    expect(placePalette(rect(100, -20), viewport, 448)).toMatchObject({ left: 8 });
  });
});
