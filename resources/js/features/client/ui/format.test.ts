import { describe, expect, it } from 'vitest';
import { formatBytes, relativeTime } from './format';

describe('display helpers', () => {
  it("says 'just now' under 60 seconds, then relative time", () => {
    expect(relativeTime(0, 59_000)).toBe('just now');
    expect(relativeTime(0, 60_000)).toBe('1 min ago');
    expect(relativeTime(0, 3 * 3_600_000)).toBe('3 h ago');
    expect(relativeTime(0, 26 * 3_600_000)).toBe('yesterday');
  });

  it('formats sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
