import { describe, expect, it } from 'vitest';
import { lineWindow, MAX_SCROLL_HEIGHT, scrollTopForLine } from './viewport';

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
