import { describe, expect, it } from 'vitest';
import { FoldState } from './fold-state';

// Lines 0..9; block 1..8 contains blocks 2..4 and 5..7.
const foldEnd = Int32Array.from([9, 8, 4, -1, -1, 7, -1, -1, -1, -1]);

describe('folded blocks and visible lines', () => {
  it('hides the lines of a folded block and maps positions both ways', () => {
    const folds = new FoldState(() => foldEnd);
    folds.toggle(2);
    expect(folds.visibleCount(10)).toBe(8);
    expect([0, 1, 2, 3, 4].map((v) => folds.toLine(v))).toEqual([0, 1, 2, 5, 6]);
    expect(folds.toVisible(5)).toBe(3);
    expect(folds.toVisible(3)).toBe(2);
  });

  it('remembers an inner fold while the outer block is folded', () => {
    const folds = new FoldState(() => foldEnd);
    folds.toggle(2);
    folds.toggle(1);
    expect(folds.visibleCount(10)).toBe(3);
    expect([0, 1, 2].map((v) => folds.toLine(v))).toEqual([0, 1, 9]);
    folds.toggle(1);
    expect(folds.visibleCount(10)).toBe(8);
  });

  it('unfolds whatever hides a line when asked to reveal it', () => {
    const folds = new FoldState(() => foldEnd);
    folds.toggle(5);
    folds.toggle(1);
    expect(folds.reveal(6)).toBe(true);
    expect(folds.visibleCount(10)).toBe(10);
  });

  it('ignores lines that open no block', () => {
    const folds = new FoldState(() => foldEnd);
    expect(folds.toggle(3)).toBe(false);
    expect(folds.size).toBe(0);
  });
});
