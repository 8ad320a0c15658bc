import { describe, expect, it } from 'vitest';
import { parseServerTiming, timingRows } from './timing';

describe('Server-Timing', () => {
  it('reads names, durations and quoted descriptions, over several headers', () => {
    expect(parseServerTiming(['cache;desc="Cache Read";dur=23.2, db;dur=53', 'app;dur=47.2, miss', 'total;desc="a, \\"b\\"";dur=1'])).toEqual([
      { name: 'cache', durationMs: 23.2, description: 'Cache Read' },
      { name: 'db', durationMs: 53 },
      { name: 'app', durationMs: 47.2 },
      { name: 'miss' },
      { name: 'total', durationMs: 1, description: 'a, "b"' },
    ]);
    expect(parseServerTiming(['bad name;dur=1, ;dur=2, ok;dur=x'])).toEqual([{ name: 'ok' }]);
  });
});

describe('the timing waterfall', () => {
  it("lays the target's phases end to end inside the round trip, and Kite's hold after it", () => {
    const { rows, totalMs } = timingRows({
      timing: { ttfbMs: 40, totalMs: 60, phases: { dnsMs: 5, connectMs: 10, waitMs: 25, downloadMs: 20 } },
      roundTripMs: 80,
      minimumMs: 200,
      serverTiming: [{ name: 'db', durationMs: 12, description: 'queries' }],
    });
    expect(rows.map((row) => [row.label, row.startMs, row.durationMs])).toEqual([
      ['Browser → Kite host', 0, 10],
      ['DNS lookup', 10, 5],
      ['Connect', 15, 10],
      ['Waiting (first byte)', 25, 25],
      ['Download', 50, 20],
      ['db', 25, 12],
      ['Kite host → browser', 70, 10],
      ["Kite's hold (minimum 200 ms)", 80, 120],
    ]);
    expect(rows.find((row) => row.label === 'db')?.kind).toBe('server');
    expect(rows.at(-1)?.kind).toBe('hold');
    expect(totalMs).toBe(200);
  });

  it("puts a Digest challenge's first exchange before the answered one", () => {
    const { rows } = timingRows({
      timing: { ttfbMs: 20, totalMs: 60, challengeMs: 30, phases: { waitMs: 20, downloadMs: 10 } },
      roundTripMs: 80,
      minimumMs: 0,
      serverTiming: [],
    });
    expect(rows.map((row) => [row.label, row.startMs, row.durationMs])).toEqual([
      ['Browser → Kite host', 0, 10],
      ['Digest challenge (401)', 10, 30],
      ['Waiting (first byte)', 40, 20],
      ['Download', 60, 10],
      ['Kite host → browser', 70, 10],
    ]);
  });

  it('without phases, splits the target call at its first byte; without a hold when the call took longer', () => {
    const { rows, totalMs } = timingRows({ timing: { ttfbMs: 300, totalMs: 350 }, roundTripMs: 360, minimumMs: 200, serverTiming: [] });
    expect(rows.map((row) => row.label)).toEqual(['Browser → Kite host', 'Waiting (first byte)', 'Download', 'Kite host → browser']);
    expect(rows[1].durationMs).toBe(300);
    expect(rows[2].durationMs).toBe(50);
    expect(totalMs).toBe(360);
  });

  it("shows a same-app call's time in the application instead of network phases", () => {
    const { rows } = timingRows({ timing: { ttfbMs: 30, totalMs: 30, appMs: 28 }, roundTripMs: 50, minimumMs: 200, serverTiming: [] });
    expect(rows.map((row) => row.label)).toEqual(['Browser → Kite host', 'In the application', 'Kite host → browser', "Kite's hold (minimum 200 ms)"]);
    expect(rows[1]).toMatchObject({ kind: 'app', durationMs: 28 });
  });
});
