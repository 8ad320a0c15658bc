import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnce } from './idle';

// The queue's rules are tested in prefetch-queue.test.ts; these are about the page's one queue:
// what opens it, what holds it, and the order of the page's prefetches.
describe("the page's prefetches", () => {
  afterEach(() => vi.useRealTimers());

  // A fresh module each time: the screen becomes usable once per page.
  const freshIdle = async () => {
    vi.resetModules();
    vi.useFakeTimers();
    return import('./idle');
  };

  it('start nothing before the main screen says it is usable, then start once the page is quiet', async () => {
    const idle = await freshIdle();
    const work = vi.fn();
    idle.whenIdle(work, 'response viewer');
    vi.advanceTimersByTime(60_000);
    expect(work).not.toHaveBeenCalled();
    idle.markScreenUsable();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("open at the user's first interaction, after the frame that answers it", async () => {
    const idle = await freshIdle();
    const work = vi.fn();
    idle.whenIdle(work, 'response viewer');
    window.dispatchEvent(new Event('pointerdown'));
    await vi.runAllTimersAsync();
    expect(work).not.toHaveBeenCalled(); // the button is still pressed: the click's work is to come
    window.dispatchEvent(new Event('pointerup'));
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('come in the page\'s order, one after the other, whatever the order they were asked for', async () => {
    const idle = await freshIdle();
    const order: string[] = [];
    idle.whenIdle(() => order.push('palette'), 'palette');
    idle.whenIdle(() => order.push('toaster'), 'toaster');
    idle.whenIdle(() => order.push('viewer'), 'response viewer');
    idle.markScreenUsable();
    await vi.runAllTimersAsync();
    expect(order).toEqual(['viewer', 'toaster', 'palette']);
  });

  it('wait while a request is on its way, and never run once cancelled', async () => {
    const idle = await freshIdle();
    const work = vi.fn();
    const cancelled = vi.fn();
    idle.markScreenUsable();
    const release = idle.holdIdleWork();
    idle.whenIdle(work, 'body editor');
    idle.whenIdle(cancelled, 'palette')();
    await vi.runAllTimersAsync();
    expect(work).not.toHaveBeenCalled();
    release();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  /** The screen usable, a typing hold for the search box, and a prefetch queued. */
  const typingBeforeAPrefetch = async (pauseMs?: number) => {
    const idle = await freshIdle();
    idle.markScreenUsable();
    const work = vi.fn();
    const typing = idle.holdWhileTyping(pauseMs);
    idle.whenIdle(work, 'body editor');
    return { idle, typing, work };
  };

  it('wait through a burst of typing, until the keys pause', async () => {
    const { idle, typing, work } = await typingBeforeAPrefetch();
    typing.typed();
    // Keys a moment apart, each after its frame was drawn and the page went quiet again.
    for (let key = 0; key < 4; key += 1) {
      await vi.advanceTimersByTimeAsync(idle.TYPING_PAUSE_MS - 100);
      expect(work).not.toHaveBeenCalled();
      typing.typed();
    }
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('count the typing pause again from when what the key asked for is drawn', async () => {
    const { idle, typing, work } = await typingBeforeAPrefetch();
    typing.typed();
    // The key's list took longer than the pause to draw (a busy machine), then was drawn.
    await vi.advanceTimersByTimeAsync(idle.TYPING_PAUSE_MS - 100);
    typing.drawn();
    await vi.advanceTimersByTimeAsync(idle.TYPING_PAUSE_MS - 100);
    expect(work).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('start no typing hold when a list is drawn with no key typed', async () => {
    const { typing, work } = await typingBeforeAPrefetch(60_000);
    typing.drawn();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('go on once the typing hold is released, though no pause came', async () => {
    const { typing, work } = await typingBeforeAPrefetch(60_000);
    typing.typed();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();
    typing.release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(1);
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
