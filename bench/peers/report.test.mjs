import { describe, expect, it } from 'vitest';
import { decidedAsUnfinished, formatGap, formatMs, formatTask, goalVerdicts, medianOrInfinity, ratio, renderMarkdown, speedGoalVerdicts, summarizeRuns } from './report.mjs';

const run = (overrides = {}) => ({ firstText: 100, lastLine: 200, longestTask: 0, maxGap: 20, ...overrides });

describe('medians over runs', () => {
  it('counts a run that did not finish as slower than any finished run', () => {
    expect(medianOrInfinity([300, null, 100, null, 200])).toBe(300);
    expect(medianOrInfinity([null, null, null, 100, 200])).toBe(Infinity);
  });

  it('knows the median is "did not finish" once most of the planned runs did not finish', () => {
    expect(decidedAsUnfinished(2, 5)).toBe(false);
    expect(decidedAsUnfinished(3, 5)).toBe(true);
  });

  it('counts the runs that froze (a heartbeat gap over 1 s, or a page that stayed hung)', () => {
    const summary = summarizeRuns([run({ maxGap: 1500 }), run({ maxGap: null, lastLine: null }), run()]);
    expect(summary).toMatchObject({ runs: 3, unfinished: 1, froze: 2, firstText: 100 });
  });
});

describe('cells', () => {
  it('writes milliseconds under a second and seconds above, and "did not finish" for no figure', () => {
    expect(formatMs(87.4)).toBe('87 ms');
    expect(formatMs(3456)).toBe('3.46 s');
    expect(formatMs(Infinity)).toBe('did not finish in 60 s');
  });

  it('reports a task shorter than the long-task floor as under 50 ms', () => {
    expect(formatTask(0)).toBe('< 50 ms');
    expect(formatTask(420)).toBe('420 ms');
  });

  it('calls a heartbeat gap over one second a freeze', () => {
    expect(formatGap(40)).toBe('no (40 ms)');
    expect(formatGap(3200)).toBe('froze 3.20 s');
  });
});

describe("Kite's ratio to the best peer", () => {
  it('divides by the lowest finished peer figure', () => {
    expect(ratio(50, [200, 100, Infinity])).toBe('0.50×');
  });

  it('says when only Kite finished, or when Kite did not', () => {
    expect(ratio(500, [Infinity, Infinity])).toBe('only Kite finished');
    expect(ratio(Infinity, [800])).toBe('Kite did not finish');
  });

  it('bounds the ratio when Kite is under the long-task floor', () => {
    expect(ratio(0, [500], 50)).toBe('< 0.10×');
    expect(ratio(0, [0], 50)).toBe('both under 50 ms');
  });
});

function results({ kiteGzip = 100 * 1024, kiteTti = 200, kiteFirst = 100, kiteTask = 0 } = {}) {
  const sizes = [
    { id: '1kb', label: '1 KB' },
    { id: '50mb', label: '50 MB' },
  ];
  const entry = (runs) => ({ runs, summary: summarizeRuns(runs), notes: [] });
  return {
    meta: { date: '2025-01-01', runs: 1, cpu: 'CPU', cores: 2, ramGb: 24, os: 'Debian', browser: 'Chromium 1', playwright: '1', elapsedMs: 1000 },
    clients: [
      { id: 'kite', name: 'Kite', version: '0.1.0', sendPath: 'route → Send' },
      { id: 'scalar', name: 'Scalar', version: '1', sendPath: 'Test Request → Send' },
    ],
    sizes,
    load: { kite: { raw: 300 * 1024, gzip: kiteGzip, tti: kiteTti, firstControl: 100 }, scalar: { raw: 4000 * 1024, gzip: 1200 * 1024, tti: 1900, firstControl: 1500 } },
    responses: {
      kite: { '1kb': entry([run({ firstText: kiteFirst, longestTask: kiteTask })]), '50mb': entry([run({ firstText: 600 })]) },
      scalar: { '1kb': entry([run({ firstText: 80 })]), '50mb': entry([run({ firstText: 3000, lastLine: null, maxGap: 3100 })]) },
    },
  };
}

describe('goals', () => {
  it('names the size and the peer where Kite is not first to text', () => {
    const verdict = goalVerdicts(results()).find((v) => v.goal === 'Fastest to first text at every size');
    expect(verdict.met).toBe(false);
    expect(verdict.detail).toBe('1 KB: Scalar 80 ms vs Kite 100 ms');
  });

  it('meets the load goals when Kite is small and quick', () => {
    const verdicts = goalVerdicts(results({ kiteFirst: 50 }));
    expect(verdicts.every((v) => v.met)).toBe(true);
  });

  it('misses the load goals above 140 KB gzip or 300 ms, and a Kite task over 100 ms', () => {
    const verdicts = goalVerdicts(results({ kiteGzip: 150 * 1024, kiteTti: 450, kiteFirst: 50, kiteTask: 180 }));
    const missed = verdicts.filter((v) => !v.met).map((v) => v.goal);
    expect(missed).toEqual([
      'First load at most 140 KB gzip and smaller than every peer',
      'Time to interactive under 300 ms',
      'No Kite main-thread task over 100 ms at any size (any run)',
    ]);
  });
});

describe("issue 31's goals as ratios", () => {
  const everyday = ({ busy = false, kite1kb = 220, kite1mbLast = 300, task = 120 } = {}) => {
    const entry = (runs) => ({ runs, summary: summarizeRuns(runs), notes: [] });
    return {
      meta: { busy },
      clients: [{ id: 'kite' }, { id: 'rapidoc' }],
      sizes: [{ id: '1kb', label: '1 KB' }, { id: '1mb', label: '1 MB' }],
      load: { kite: { gzip: 180 * 1024 } },
      responses: {
        kite: { '1kb': entry([run({ firstText: kite1kb, lastLine: kite1kb, longestTask: task })]), '1mb': entry([run({ firstText: 215, lastLine: kite1mbLast })]) },
        rapidoc: { '1kb': entry([run({ firstText: 30, lastLine: 30 })]), '1mb': entry([run({ firstText: 250, lastLine: 250 })]) },
      },
    };
  };

  it("divides Kite's own time above the 200 ms hold, the 1 MB last line, the longest task and the first load by their goals", () => {
    const verdicts = speedGoalVerdicts(everyday());
    expect(verdicts.map((v) => [v.met, v.detail])).toEqual([
      [true, '20 ms = 0.67× the goal'],
      [true, '20 ms = 0.67× the goal'],
      [true, '15 ms = 0.50× the goal'],
      [false, '100 ms = 3.33× the goal'],
      [true, 'Kite 300 ms − 200 ms = 100 ms vs 1.1 × 250 ms = 0.36× the goal'],
      [false, '120 ms = 1.20× the goal'],
      [false, '180.0 KB = 1.06× the goal'],
    ]);
  });

  it("sets Kite's 1 MB last line above the 200 ms hold against 1.1× the fastest peer's", () => {
    const verdict = (kite1mbLast) => speedGoalVerdicts(everyday({ kite1mbLast })).find((v) => v.goal.startsWith('1 MB: last line within'));
    expect(verdict(475)).toMatchObject({ met: true, detail: 'Kite 475 ms − 200 ms = 275 ms vs 1.1 × 250 ms = 1.00× the goal' });
    expect(verdict(500)).toMatchObject({ met: false, detail: 'Kite 500 ms − 200 ms = 300 ms vs 1.1 × 250 ms = 1.09× the goal' });
  });

  it('allows a 200 ms task on a busy machine', () => {
    const task = speedGoalVerdicts(everyday({ busy: true })).find((v) => v.goal.startsWith('No Kite main-thread task'));
    expect(task).toMatchObject({ goal: 'No Kite main-thread task over 200 ms at any size (busy machine, any run)', met: true, detail: '120 ms = 0.60× the goal' });
  });
});

describe('the Markdown report', () => {
  it('has a ratio row in every table and lists the runs that did not finish', () => {
    const markdown = renderMarkdown(results());
    expect(markdown.match(/\*\*Kite ÷ best peer\*\*/g)).toHaveLength(5);
    expect(markdown).toContain('| Scalar | 50 MB | 1 of 1 |');
    expect(markdown).toContain('| **Kite ÷ best peer** | 0.07× | 0.08× | 0.07× | 0.11× |  |');
    expect(markdown).toContain('only Kite finished');
  });

  it("names the files Kite loaded before its Send was usable", () => {
    const withFiles = results();
    withFiles.load.kite.files = ['kite.js', 'ClientScreen-AB12.js'];
    expect(renderMarkdown(withFiles)).toContain("Kite's files before its Send was usable (the run with the median gzip): kite.js, ClientScreen-AB12.js.");
  });
});
