import { describe, expect, it } from 'vitest';
import { countLines, joinChunks, splitIntoChunks } from './text-chunks';

describe('splitting a large document into sections of lines', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

  it.each([0, 1, 3, 4, 5, 9, 12])('joins %i lines back into the same text', (n) => {
    const text = lines(n);
    expect(joinChunks(splitIntoChunks(text, 4))).toBe(text);
  });

  it('keeps whole lines of the given count in each section', () => {
    expect(splitIntoChunks(lines(9), 4)).toEqual(['line 1\nline 2\nline 3\nline 4', 'line 5\nline 6\nline 7\nline 8', 'line 9']);
  });

  it('keeps a trailing newline and empty lines', () => {
    const text = 'a\n\nb\n';
    expect(joinChunks(splitIntoChunks(text, 2))).toBe(text);
    expect(joinChunks(splitIntoChunks('\n\n\n\n', 2))).toBe('\n\n\n\n');
  });

  it('counts lines', () => {
    expect(countLines('')).toBe(1);
    expect(countLines('a\nb\n')).toBe(3);
  });

  it('splits 5 MB quickly', () => {
    const text = Array.from({ length: 75_000 }, (_, i) => `{"name": "user ${i}", "email": "user${i}@example.com"},`).join('\n');
    const started = performance.now();
    const chunks = splitIntoChunks(text);
    expect(joinChunks(chunks)).toBe(text);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
