import { describe, expect, it } from 'vitest';
import { createPrefetchQueue, IDLE_TIMEOUT_MS, type IdleSlot, type RequestIdle } from './prefetch-queue';

/** An idle scheduler driven by the test: `idle(ms)` grants the pending callbacks an idle period of `ms`. */
function idleScheduler() {
  let waiting: ((slot: IdleSlot) => void)[] = [];
  const timeouts: number[] = [];
  const requestIdle: RequestIdle = (callback, timeoutMs) => {
    waiting.push(callback);
    timeouts.push(timeoutMs);
    return () => {
      waiting = waiting.filter((c) => c !== callback);
    };
  };
  const idle = (ms: number, didTimeout = false) => {
    const now = waiting;
    waiting = [];
    for (const callback of now) callback({ didTimeout, timeRemaining: () => ms });
  };
  return { requestIdle, idle, pending: () => waiting.length, timeouts };
}

/** A prefetch whose chunk arrives when the test says so. */
function chunk(name: string, log: string[]) {
  let arrive = () => {};
  const work = () => {
    log.push(name);
    return new Promise<void>((resolve) => (arrive = resolve));
  };
  return { work, arrive: async () => (arrive(), await Promise.resolve(), await Promise.resolve()) };
}

describe('the prefetch queue', () => {
  it('starts nothing before the screen is usable, however idle the page is', () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    queue.add(chunk('viewer', log).work, 0);
    idle.idle(50);
    idle.idle(50, true);
    expect(log).toEqual([]);
    expect(idle.pending()).toBe(0);
  });

  it('once usable, waits for a quiet idle period: a short one means a frame or a task is pending', () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle, 40);
    const log: string[] = [];
    queue.add(chunk('viewer', log).work, 0);
    queue.open();
    idle.idle(12);
    idle.idle(3);
    expect(log).toEqual([]);
    idle.idle(45);
    expect(log).toEqual(['viewer']);
  });

  it("takes the browser's timeout as leave to start when no quiet period ever comes", () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle, 40);
    const log: string[] = [];
    queue.add(chunk('viewer', log).work, 0);
    queue.open();
    idle.idle(0, true);
    expect(log).toEqual(['viewer']);
  });

  it('starts a piece once it has waited the timeout, even when a frame is always due (short idle periods only)', () => {
    const idle = idleScheduler();
    let clock = 0;
    const queue = createPrefetchQueue(idle.requestIdle, 40, () => clock);
    const log: string[] = [];
    queue.add(chunk('viewer', log).work, 0);
    queue.open();
    // An endless animation: an idle period of a few ms after each 16 ms frame, never the browser's own timeout.
    for (; clock < IDLE_TIMEOUT_MS - 16; clock += 16) idle.idle(4);
    expect(log).toEqual([]);
    expect(idle.timeouts.at(-1), "the browser is asked for what is left of the timeout").toBeLessThan(50);
    clock += 16;
    idle.idle(4);
    expect(log).toEqual(['viewer']);
  });

  it('fetches one piece at a time, in rank order, each after the previous arrived and the page is quiet again', async () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    const palette = chunk('palette', log);
    const viewer = chunk('viewer', log);
    const editor = chunk('editor', log);
    queue.add(palette.work, 5);
    queue.add(viewer.work, 0);
    queue.add(editor.work, 1);
    queue.open();
    idle.idle(50);
    expect(log).toEqual(['viewer']);
    expect(queue.busy).toBe(true);
    idle.idle(50);
    expect(log).toEqual(['viewer']); // the viewer's chunk has not arrived: nothing else starts
    await viewer.arrive();
    expect(queue.busy).toBe(false);
    expect(log).toEqual(['viewer']); // arrived, but the next one waits for the page to be quiet again
    idle.idle(50);
    expect(log).toEqual(['viewer', 'editor']);
    await editor.arrive();
    idle.idle(50);
    expect(log).toEqual(['viewer', 'editor', 'palette']);
  });

  it('goes on after a prefetch that failed or threw', async () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    queue.add(() => {
      log.push('offline');
      return Promise.reject(new Error('offline'));
    }, 0);
    queue.add(() => {
      log.push('throws');
      throw new Error('stale deployment');
    }, 1);
    queue.add(() => void log.push('last'), 2);
    queue.open();
    idle.idle(50);
    await Promise.resolve();
    await Promise.resolve();
    idle.idle(50);
    await Promise.resolve();
    await Promise.resolve();
    idle.idle(50);
    expect(log).toEqual(['offline', 'throws', 'last']);
  });

  it('starts nothing new while held (an interaction or a request under way), and goes on once every hold is released', async () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    const viewer = chunk('viewer', log);
    queue.add(viewer.work, 0);
    queue.add(chunk('editor', log).work, 1);
    queue.open();
    idle.idle(50);
    expect(log).toEqual(['viewer']);
    const release = queue.hold();
    const releaseToo = queue.hold();
    await viewer.arrive(); // what was under way is not aborted, but nothing follows it
    idle.idle(50, true);
    expect(log).toEqual(['viewer']);
    release();
    release(); // a second release of the same hold changes nothing
    idle.idle(50, true);
    expect(log).toEqual(['viewer']);
    releaseToo();
    idle.idle(50);
    expect(log).toEqual(['viewer', 'editor']);
  });

  it('a hold taken while it waited for an idle period cancels that wait', () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    queue.add(chunk('viewer', log).work, 0);
    queue.open();
    expect(idle.pending()).toBe(1);
    queue.hold();
    expect(idle.pending()).toBe(0);
  });

  it('never runs work cancelled while it was queued', () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    const cancel = queue.add(chunk('viewer', log).work, 0);
    queue.add(chunk('editor', log).work, 1);
    cancel();
    queue.open();
    idle.idle(50);
    expect(log).toEqual(['editor']);
  });

  it('is empty only when nothing is queued and nothing is on its way (key presses then hold nothing)', async () => {
    const idle = idleScheduler();
    const queue = createPrefetchQueue(idle.requestIdle);
    const log: string[] = [];
    expect(queue.empty).toBe(true);
    const viewer = chunk('viewer', log);
    queue.add(viewer.work, 0);
    expect(queue.empty).toBe(false);
    queue.open();
    idle.idle(50);
    expect(log).toEqual(['viewer']);
    expect(queue.empty).toBe(false);
    await viewer.arrive();
    expect(queue.empty).toBe(true);
  });
});
