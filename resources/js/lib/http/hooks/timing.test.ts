import { describe, expect, it } from 'vitest';
import { untilFloor } from './timing';

describe('untilFloor', () => {
  it('resolves at once when the floor has passed', async () => {
    await expect(untilFloor(performance.now() - 1)).resolves.toBeUndefined();
  });

  it('resolves no earlier than the floor', async () => {
    const floor = performance.now() + 30;
    await untilFloor(floor);
    expect(performance.now()).toBeGreaterThanOrEqual(floor);
  });

  it('resolves no earlier than a floor a fraction of a millisecond past a whole delay (timers count whole milliseconds)', async () => {
    for (let i = 0; i < 20; i += 1) {
      const floor = performance.now() + 1.6 + (i % 4) * 0.1;
      await untilFloor(floor);
      expect(performance.now()).toBeGreaterThanOrEqual(floor);
    }
  });

  it("rejects with the signal's reason when cancelled first, and at once when already cancelled", async () => {
    const controller = new AbortController();
    const waiting = untilFloor(performance.now() + 60_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    await expect(untilFloor(performance.now() + 60_000, controller.signal)).rejects.toThrow('cancelled');
  });
});
