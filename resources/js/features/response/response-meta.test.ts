import { describe, expect, it } from 'vitest';
import { statusClass } from './response-meta';

describe('status class', () => {
  it.each([
    [101, 'informational'],
    [200, 'success'],
    [204, 'success'],
    [301, 'redirect'],
    [304, 'redirect'],
    [404, 'client-error'],
    [422, 'client-error'],
    [500, 'server-error'],
    [504, 'server-error'],
    [0, 'unknown'],
    [700, 'unknown'],
  ])('status %i is coloured as %s', (status, expected) => {
    expect(statusClass(status)).toBe(expected);
  });
});
