import { describe, expect, it } from 'vitest';
import { createDoubleShiftDetector } from './double-shift';

type Detector = ReturnType<typeof createDoubleShiftDetector>;

/** Shift down at `time`, up 40 ms later; true when that completed a double Shift. */
const tapShift = (d: Detector, time: number) => {
  d.keyDown({ key: 'Shift', time });
  return d.keyUp({ key: 'Shift', time: time + 40 });
};
const tap = (d: Detector, key: string, time: number) => {
  d.keyDown({ key, time });
  d.keyUp({ key, time: time + 20 });
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
    d.keyDown({ key: 'Shift', time: 100 });
    d.keyDown({ key: 'A', time: 120 });
    d.keyUp({ key: 'A', time: 140 });
    expect(d.keyUp({ key: 'Shift', time: 160 })).toBe(false);
    expect(tapShift(d, 300)).toBe(false);
  });

  it('holding Shift (auto-repeat) is a single press', () => {
    const d = createDoubleShiftDetector();
    d.keyDown({ key: 'Shift', time: 0 });
    d.keyDown({ key: 'Shift', time: 30, repeat: true });
    d.keyDown({ key: 'Shift', time: 60, repeat: true });
    expect(d.keyUp({ key: 'Shift', time: 90 })).toBe(false);
    expect(tapShift(d, 200)).toBe(true);
  });

  it('a third press after a double does not open it again', () => {
    const d = createDoubleShiftDetector();
    tapShift(d, 0);
    expect(tapShift(d, 100)).toBe(true);
    expect(tapShift(d, 200)).toBe(false);
  });
});
