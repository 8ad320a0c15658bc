import { describe, expect, it } from 'vitest';
import { formatDuration, formatExactSize, formatRelativeTime, formatSize, relativeTimeRefreshMs } from './format';

describe('sizes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [50 * 1024 * 1024, '50 MB'],
    [123.4 * 1024 * 1024, '123 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%i bytes read as %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });

  it('gives the exact size with thousands separators', () => {
    expect(formatExactSize(52_428_800)).toBe('52,428,800 bytes');
    expect(formatExactSize(1)).toBe('1 byte');
  });

  it('shows durations in ms under a second, then seconds', () => {
    expect(formatDuration(87.4)).toBe('87 ms');
    expect(formatDuration(1240)).toBe('1.24 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});

describe('arrival time', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000 + 10, '5 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [3 * 60 * 60_000, '3 hours ago'],
    [2 * 24 * 60 * 60_000, '2 days ago'],
    [-5_000, 'just now'],
  ])('a response %i ms old arrived %s', (age, expected) => {
    expect(formatRelativeTime(now - age, now)).toBe(expected);
  });

  it('re-renders exactly when the text can change', () => {
    expect(relativeTimeRefreshMs(now - 10_000, now)).toBe(50_000);
    expect(relativeTimeRefreshMs(now - 90_000, now)).toBe(30_000);
  });
});
