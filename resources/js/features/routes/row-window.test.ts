import { describe, expect, it } from 'vitest';
import { rowAt, rowOffsets, scrollToShow, visibleRows } from './row-window';

describe('the rows a scroll position shows', () => {
  const offsets = rowOffsets([28, 30, 42, 30, 28, 30]); // 0 28 58 100 130 158 188

  it('are found by their offsets whatever their heights', () => {
    expect([...offsets]).toEqual([0, 28, 58, 100, 130, 158, 188]);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 57)).toBe(1);
    expect(rowAt(offsets, 58)).toBe(2);
    expect(rowAt(offsets, 500)).toBe(5);
    expect(visibleRows(offsets, 60, 50, 0)).toEqual({ first: 2, end: 4 });
    expect(visibleRows(offsets, 60, 50, 1)).toEqual({ first: 1, end: 5 });
    expect(visibleRows(rowOffsets([]), 0, 500, 5)).toEqual({ first: 0, end: 0 });
  });

  it('scroll as little as needed to bring a row into view', () => {
    expect(scrollToShow(offsets, 4, 0, 100)).toBe(58); // below: its bottom at the viewport's
    expect(scrollToShow(offsets, 1, 100, 60)).toBe(28); // above: its top at the viewport's
    expect(scrollToShow(offsets, 2, 40, 100)).toBe(40); // already shown
  });

  it('handle 5,000 rows', () => {
    const many = rowOffsets(Array.from({ length: 5000 }, (_, i) => (i % 10 === 0 ? 28 : 42)));
    const { first, end } = visibleRows(many, 100_000, 800, 12);
    expect(first).toBeGreaterThan(2000);
    expect(end - first).toBeLessThan(60);
  });
});
