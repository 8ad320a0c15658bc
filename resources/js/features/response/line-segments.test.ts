import { describe, expect, it } from 'vitest';
import { lineSegments } from './line-segments';

describe('cutting a line into highlighted runs', () => {
  it('splits tokens where search matches begin and end, marking the current match', () => {
    const line = {
      text: '  "name": "Ada Lovelace"',
      spans: [
        [0, 2, 'text'],
        [2, 8, 'key'],
        [8, 9, 'punct'],
        [9, 10, 'text'],
        [10, 24, 'str'],
      ] as Array<[number, number, 'text' | 'key' | 'punct' | 'str']>,
      matches: [
        [3, 5, 4],
        [11, 14, 5],
      ] as Array<[number, number, number]>,
    };
    expect(lineSegments(line, 5)).toEqual([
      { text: '  ', kind: 'text', match: 'none' },
      { text: '"', kind: 'key', match: 'none' },
      { text: 'na', kind: 'key', match: 'hit' },
      { text: 'me"', kind: 'key', match: 'none' },
      { text: ':', kind: 'punct', match: 'none' },
      { text: ' ', kind: 'text', match: 'none' },
      { text: '"', kind: 'str', match: 'none' },
      { text: 'Ada', kind: 'str', match: 'current' },
      { text: ' Lovelace"', kind: 'str', match: 'none' },
    ]);
  });

  it('gives a plain line one run', () => {
    expect(lineSegments({ text: 'plain', spans: [[0, 5, 'text']], matches: [] }, -1)).toEqual([{ text: 'plain', kind: 'text', match: 'none' }]);
  });
});
