import { describe, expect, it } from 'vitest';
import { serverTimings } from './server-timing.mjs';

describe('Server-Timing headers', () => {
  it('become trace timings with name, duration and description, across repeated headers', () => {
    const headers = /** @type {Array<[string, string]>} */ ([
      ['Content-Type', 'application/json'],
      ['Server-Timing', 'db;dur=53.5, cache;desc="Cache Read";dur=23.2'],
      ['server-timing', 'miss, app;dur=47;desc="a, \\"quoted\\"; value"'],
    ]);
    expect(serverTimings(headers)).toEqual([
      { name: 'db', durationMs: 53.5 },
      { name: 'cache', description: 'Cache Read', durationMs: 23.2 },
      { name: 'miss' },
      { name: 'app', durationMs: 47, description: 'a, "quoted"; value' },
    ]);
  });

  it('skips entries it cannot read and durations that are not numbers', () => {
    expect(serverTimings([['Server-Timing', ' , bad name;dur=1, ok;dur=abc, neg;dur=-3']])).toEqual([{ name: 'ok' }, { name: 'neg' }]);
    expect(serverTimings([['X-Other', 'db;dur=1']])).toEqual([]);
  });
});
