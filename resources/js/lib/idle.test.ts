import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdIdleWork, loadOnce, markScreenUsable, whenIdle } from './idle';

describe('nothing but the first screen loads before it is usable', () => {
  afterEach(() => vi.useRealTimers());

  // A fresh module each time: the screen becomes usable once per page.
  const freshIdle = async () => {
    vi.resetModules();
    return import('./idle');
  };

  it('starts the delay only once the main screen says it is usable', async () => {
    vi.useFakeTimers();
    const idle = await freshIdle();
    const work = vi.fn();
    idle.whenIdle(work, 500);
    vi.advanceTimersByTime(60_000);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    idle.markScreenUsable();
    vi.advanceTimersByTime(499);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("starts it at the user's first interaction when that comes first", async () => {
    vi.useFakeTimers();
    const idle = await freshIdle();
    const work = vi.fn();
    idle.whenIdle(work, 500);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(510);
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs work cancelled while it waited for the screen', async () => {
    vi.useFakeTimers();
    const idle = await freshIdle();
    const work = vi.fn();
    const cancel = idle.whenIdle(work, 500);
    cancel();
    idle.markScreenUsable();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});

describe('work deferred until the page is idle', () => {
  afterEach(() => vi.useRealTimers());
  // The screen is usable in these: they are about the delay and the holds.
  markScreenUsable();

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

  it('waits while held and runs once the last hold is released', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const release = holdIdleWork();
    const releaseToo = holdIdleWork();
    whenIdle(work, 100);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    release();
    release(); // a second release of the same hold changes nothing
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    releaseToo();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs work cancelled while it was held back', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const release = holdIdleWork();
    const cancel = whenIdle(work, 100);
    vi.runAllTimers();
    cancel();
    release();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});

describe('loadOnce', () => {
  it('loads once and gives every caller the same promise', async () => {
    const load = vi.fn(async () => 42);
    const get = loadOnce(load);
    const first = get();
    expect(get()).toBe(first);
    expect(await first).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
