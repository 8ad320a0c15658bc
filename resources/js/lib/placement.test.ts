import { describe, expect, it } from 'vitest';
import { placePanel } from './placement';

// The palette's measures (features/generators/constants.ts: PALETTE).
const PALETTE = { assumedHeight: 400, offset: 4, viewportMargin: 8 };
const placePalette = (anchor: Parameters<typeof placePanel>[0], viewport: Parameters<typeof placePanel>[1], width: number) => placePanel(anchor, viewport, width, PALETTE);

const viewport = { width: 1280, height: 800 };
const rect = (top: number, left: number, height = 32, width = 200) => ({ top, left, bottom: top + height, right: left + width });

describe('placing the palette', () => {
  it('goes 4 px below the focused input when the assumed 400 px fit', () => {
    expect(placePalette(rect(100, 50), viewport, 448)).toEqual({ kind: 'below', top: 136, left: 50, maxHeight: 800 - 136 - 8 });
  });

  it('flips above the input when 400 px do not fit below', () => {
    expect(placePalette(rect(600, 50), viewport, 448)).toEqual({ kind: 'above', bottom: 800 - 600 + 4, left: 50, maxHeight: 600 - 4 - 8 });
  });

  it('when neither side has 400 px it takes the roomier side and shrinks to fit', () => {
    expect(placePalette(rect(250, 50), { width: 1280, height: 600 }, 448)).toEqual({ kind: 'below', top: 286, left: 50, maxHeight: 600 - 286 - 8 });
    expect(placePalette(rect(320, 50), { width: 1280, height: 600 }, 448)).toEqual({ kind: 'above', bottom: 600 - 320 + 4, left: 50, maxHeight: 320 - 4 - 8 });
  });

  it('goes over an input taller than the room around it, inside the viewport', () => {
    expect(placePalette({ top: 120, left: 50, bottom: 1400, right: 600 }, viewport, 448)).toEqual({ kind: 'over', bottom: 8, left: 50, maxHeight: 784 });
  });

  it('is centred when no input is focused', () => {
    expect(placePalette(null, viewport, 448)).toEqual({ kind: 'centred', top: 200, left: 416 });
  });

  it('keeps within the viewport horizontally', () => {
    expect(placePalette(rect(100, 1200), viewport, 448)).toMatchObject({ left: 1280 - 448 - 8 });
    expect(placePalette(rect(100, -20), viewport, 448)).toMatchObject({ left: 8 });
  });
});
