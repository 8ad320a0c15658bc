import { describe, expect, it } from 'vitest';
import { blocksShow, drawnBlocks, lineWindow, MAX_SCROLL_HEIGHT, scrollTopForLine } from './viewport';

describe('which lines a scroll position shows', () => {
  it('draws only the lines on screen plus a little overscan', () => {
    const window = lineWindow({ scrollTop: 2000, viewportHeight: 400, lineCount: 10_000, lineHeight: 20, overscan: 5 });
    expect(window).toMatchObject({ first: 95, count: 31, offset: 1900, contentHeight: 200_000, scaled: false });
  });

  it('starts at the top and never draws past the last line', () => {
    expect(lineWindow({ scrollTop: 0, viewportHeight: 400, lineCount: 3, lineHeight: 20, overscan: 5 })).toMatchObject({ first: 0, count: 3 });
  });

  it('scales the scrollbar for millions of lines and still reaches the last one', () => {
    const lineCount = 5_000_000;
    const input = { viewportHeight: 600, lineCount, lineHeight: 20, overscan: 0 };
    const bottom = MAX_SCROLL_HEIGHT - 600;
    const end = lineWindow({ ...input, scrollTop: bottom });
    expect(end.scaled).toBe(true);
    expect(end.contentHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(end.first + end.count).toBe(lineCount);
    // The last line's bottom edge meets the viewport's bottom edge.
    const lastTop = end.offset + (lineCount - 1 - end.first) * 20;
    expect(lastTop + 20).toBeCloseTo(bottom + 600, 5);
    const middle = lineWindow({ ...input, scrollTop: bottom / 2 });
    expect(middle.first).toBeGreaterThan(lineCount / 2 - 100);
    expect(middle.first).toBeLessThan(lineCount / 2 + 100);
  });

  it('scrolls a line (a search match) into view, scaled or not', () => {
    expect(scrollTopForLine(500, { viewportHeight: 300, lineCount: 10_000, lineHeight: 20 })).toBe((500 - 5) * 20);
    const top = scrollTopForLine(2_500_000, { viewportHeight: 600, lineCount: 5_000_000, lineHeight: 20 });
    const shown = lineWindow({ scrollTop: top, viewportHeight: 600, lineCount: 5_000_000, lineHeight: 20, overscan: 0 });
    expect(shown.first).toBeLessThanOrEqual(2_500_000);
    expect(shown.first + shown.count).toBeGreaterThan(2_500_000);
  });
});

describe("the body's end, drawn with the window", () => {
  const input = { viewportHeight: 400, lineCount: 10_000, lineHeight: 20 };
  const at = (scrollTop: number, lineCount = input.lineCount) => lineWindow({ ...input, lineCount, scrollTop, overscan: 5 });

  it('draws the last screenful below the window at its own place, once the line count is final', () => {
    const blocks = drawnBlocks(at(0), input, true);
    expect(blocks).toEqual([
      { role: 'window', first: 0, count: 26, offset: 0 },
      { role: 'end', first: 9980, count: 20, offset: 9980 * 20 },
    ]);
    // The last line's bottom is the content's bottom: a scroll to the end shows it where it is drawn.
    const end = blocks[1]!;
    expect(end.offset + end.count * 20).toBe(at(0).contentHeight);
    expect(drawnBlocks(at(0), input, false)).toEqual([{ role: 'window', first: 0, count: 26, offset: 0 }]);
  });

  it('draws one block when the window reaches the end, and stops the window where the end begins when it comes near', () => {
    expect(drawnBlocks(at(0, 20), { ...input, lineCount: 20 }, true)).toEqual([{ role: 'window', first: 0, count: 20, offset: 0 }]);
    // A body of 40 lines: the window (lines 0-25) stops where the end (lines 20-39) begins.
    expect(drawnBlocks(at(0, 40), { ...input, lineCount: 40 }, true)).toEqual([
      { role: 'window', first: 0, count: 20, offset: 0 },
      { role: 'end', first: 20, count: 20, offset: 400 },
    ]);
    // Scrolled to the end: the end block is unchanged, the window keeps only the overscan above it.
    const bottom = at(10_000 * 20);
    expect(drawnBlocks(bottom, input, true)).toEqual([
      { role: 'window', first: 9975, count: 5, offset: 9975 * 20 },
      { role: 'end', first: 9980, count: 20, offset: 9980 * 20 },
    ]);
  });

  it('places the end of a scaled body where a scroll to the bottom shows it', () => {
    const lineCount = 5_000_000;
    const scaled = { viewportHeight: 600, lineCount, lineHeight: 20 };
    const [, end] = drawnBlocks(lineWindow({ ...scaled, scrollTop: 0, overscan: 5 }), scaled, true);
    const atBottom = lineWindow({ ...scaled, scrollTop: MAX_SCROLL_HEIGHT, overscan: 0 });
    expect(end).toEqual({ role: 'end', first: atBottom.first, count: atBottom.count, offset: atBottom.offset });
    expect(end!.first + end!.count).toBe(lineCount);
    // Near the bottom the window alone: lines there are placed by the scroll position.
    expect(drawnBlocks(lineWindow({ ...scaled, scrollTop: MAX_SCROLL_HEIGHT, overscan: 5 }), scaled, true)).toHaveLength(1);
  });

  it('tells a scroll whose lines are all drawn from one that needs a render first', () => {
    const blocks = drawnBlocks(at(0), input, true);
    const scroll = (scrollTop: number) => blocksShow(blocks, { ...input, scrollTop });
    expect(scroll(0)).toBe(true);
    // Within the window's overscan.
    expect(scroll(80)).toBe(true);
    // Past it: lines 6-26, and line 26 is not drawn.
    expect(scroll(120)).toBe(false);
    expect(scroll(5_000 * 20)).toBe(false);
    // The end, at once.
    expect(scroll(10_000 * 20)).toBe(true);
    const scaledInput = { viewportHeight: 600, lineCount: 5_000_000, lineHeight: 20 };
    const scaledBlocks = drawnBlocks(lineWindow({ ...scaledInput, scrollTop: 0, overscan: 5 }), scaledInput, true);
    expect(blocksShow(scaledBlocks, { ...scaledInput, scrollTop: 0 })).toBe(false);
  });
});
