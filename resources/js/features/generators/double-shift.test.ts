import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDoubleShiftDetector } from './double-shift';

type Detector = ReturnType<typeof createDoubleShiftDetector>;

/** Shift down at `time`, up 40 ms later; true when that completed a double Shift. */
const tapShift = (d: Detector, time: number) => {
  d.keyDown({ key: 'Shift', timeStamp: time });
  return d.keyUp({ key: 'Shift', timeStamp: time + 40 });
};
const tap = (d: Detector, key: string, time: number) => {
  d.keyDown({ key, timeStamp: time });
  d.keyUp({ key, timeStamp: time + 20 });
};

describe('double Shift', () => {
  it('two Shift presses within 500 ms open the palette', () => {
    const d = createDoubleShiftDetector();
    expect(tapShift(d, 1000)).toBe(false);
    expect(tapShift(d, 1400)).toBe(true);
  });

  it('presses more than 500 ms apart do not', () => {
    const d = createDoubleShiftDetector();
    tapShift(d, 0);
    expect(tapShift(d, 600)).toBe(false);
    // …but the late press starts a new pair
    expect(tapShift(d, 900)).toBe(true);
  });

  it('another key between the presses breaks the pair', () => {
    const d = createDoubleShiftDetector();
    tapShift(d, 0);
    tap(d, 'a', 100);
    expect(tapShift(d, 200)).toBe(false);
  });

  it('a Shift tap followed by a capital letter does not open it', () => {
    const d = createDoubleShiftDetector();
    tapShift(d, 0);
    d.keyDown({ key: 'Shift', timeStamp: 100 });
    d.keyDown({ key: 'A', timeStamp: 120 });
    d.keyUp({ key: 'A', timeStamp: 140 });
    expect(d.keyUp({ key: 'Shift', timeStamp: 160 })).toBe(false);
    expect(tapShift(d, 300)).toBe(false);
  });

  it('holding Shift (auto-repeat) is a single press', () => {
    const d = createDoubleShiftDetector();
    d.keyDown({ key: 'Shift', timeStamp: 0 });
    d.keyDown({ key: 'Shift', timeStamp: 30, repeat: true });
    d.keyDown({ key: 'Shift', timeStamp: 60, repeat: true });
    expect(d.keyUp({ key: 'Shift', timeStamp: 90 })).toBe(false);
    expect(tapShift(d, 200)).toBe(true);
  });

  it('a third press after a double does not open it again', () => {
    const d = createDoubleShiftDetector();
    tapShift(d, 0);
    expect(tapShift(d, 100)).toBe(true);
    expect(tapShift(d, 200)).toBe(false);
  });

  describe('on a busy page', () => {
    afterEach(() => vi.useRealTimers());

    it('measures between the events’ own timeStamps, however late their handlers run', () => {
      vi.useFakeTimers();
      const d = createDoubleShiftDetector();
      // Pressed 150 ms apart; the second key-up is handled 2 s later, after a long task.
      expect(tapShift(d, 1000)).toBe(false);
      vi.advanceTimersByTime(2000);
      expect(tapShift(d, 1150)).toBe(true);
    });

    it('takes a real KeyboardEvent as it comes', () => {
      const d = createDoubleShiftDetector();
      const stamped = (type: string, timeStamp: number) => Object.defineProperty(new KeyboardEvent(type, { key: 'Shift' }), 'timeStamp', { value: timeStamp });
      d.keyDown(stamped('keydown', 10));
      expect(d.keyUp(stamped('keyup', 40))).toBe(false);
      d.keyDown(stamped('keydown', 200));
      expect(d.keyUp(stamped('keyup', 230))).toBe(true);
    });
  });
});
