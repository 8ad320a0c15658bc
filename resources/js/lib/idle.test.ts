import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('work deferred until the page is idle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs after the delay, not before', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work, 1000);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const cancel = whenIdle(work, 1000);
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
