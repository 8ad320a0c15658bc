import { describe, expect, it } from 'vitest';
import { NO_ROW_SLOTS, assignRowSlots, rowAt, rowOffsets, scrollToShow, visibleRows } from './row-window';

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

describe('the elements that draw the rows in view (slots)', () => {
  const rows = (from: number, to: number, prefix = 'r') => Array.from({ length: to - from }, (_, i) => ({ key: `${prefix}${from + i}`, kind: 'route' }));
  const named = (...keys: string[]) => keys.map((key) => ({ key, kind: key.startsWith('#') ? 'group' : 'route' }));
  const drawn = assignRowSlots(NO_ROW_SLOTS, rows(0, 6));

  it('are new for the first rows, and kept by the rows that stay', () => {
    expect(drawn.slots).toEqual([0, 1, 2, 3, 4, 5]);
    expect(assignRowSlots(drawn, rows(0, 6)).slots).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('are those of the rows before when a search leaves none of them, in the same order', () => {
    const searched = assignRowSlots(drawn, rows(0, 4, 's'));
    expect(searched.slots).toEqual([0, 1, 2, 3]);
    expect(searched.next).toBe(6);
    // More rows than before: the rest are new elements.
    expect(assignRowSlots(drawn, rows(0, 8, 's')).slots).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('never place an old element before one it followed: a row scrolled in at either end is a new element', () => {
    expect(assignRowSlots(drawn, rows(1, 7)).slots).toEqual([1, 2, 3, 4, 5, 6]);
    expect(assignRowSlots(drawn, [...named('r-1'), ...rows(0, 5)]).slots).toEqual([6, 0, 1, 2, 3, 4]);
  });

  it('give a row that comes the slot of a row that left between the rows that stay around it', () => {
    // r1 and r4 left; s1 comes between r0 and r2, s4 between r3 and r5, s9 after r5.
    expect(assignRowSlots(drawn, named('r0', 's1', 'r2', 'r3', 's4', 'r5', 's9')).slots).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('give a group header the slot of a header, a route the slot of a route', () => {
    const grouped = assignRowSlots(NO_ROW_SLOTS, named('#a', 'a1', 'a2', '#b', 'b1'));
    expect(assignRowSlots(grouped, named('#c', 'c1', '#d', 'd1', 'd2')).slots).toEqual([0, 1, 3, 4, 5]);
  });

  it('never give the focused row\'s slot to another row', () => {
    const searched = assignRowSlots(drawn, rows(0, 4, 's'), 1);
    expect(searched.slots).toEqual([0, 2, 3, 4]);
  });
});
