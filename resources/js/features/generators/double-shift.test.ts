import { describe, expect, it } from 'vitest';
import { createDoubleShiftDetector } from './double-shift';

describe('double Shift', () => {
  it('two Shift presses within 500 ms open the palette', () => {
    const d = createDoubleShiftDetector();
    expect(d.press({ key: 'Shift', time: 1000 })).toBe(false);
    expect(d.press({ key: 'Shift', time: 1500 })).toBe(true);
  });

  it('presses more than 500 ms apart do not', () => {
    const d = createDoubleShiftDetector();
    d.press({ key: 'Shift', time: 0 });
    expect(d.press({ key: 'Shift', time: 501 })).toBe(false);
    // …but the late press starts a new pair
    expect(d.press({ key: 'Shift', time: 700 })).toBe(true);
  });

  it('another key between the presses breaks the pair (typing capitals never opens it)', () => {
    const d = createDoubleShiftDetector();
    d.press({ key: 'Shift', time: 0 });
    d.press({ key: 'A', time: 50 });
    expect(d.press({ key: 'Shift', time: 100 })).toBe(false);
    d.press({ key: 'B', time: 150 });
    expect(d.press({ key: 'Shift', time: 200 })).toBe(false);
  });

  it('holding Shift (auto-repeat) is a single press', () => {
    const d = createDoubleShiftDetector();
    d.press({ key: 'Shift', time: 0 });
    expect(d.press({ key: 'Shift', time: 30, repeat: true })).toBe(false);
    expect(d.press({ key: 'Shift', time: 60, repeat: true })).toBe(false);
  });

  it('a third press after a double does not open it again', () => {
    const d = createDoubleShiftDetector();
    d.press({ key: 'Shift', time: 0 });
    expect(d.press({ key: 'Shift', time: 100 })).toBe(true);
    expect(d.press({ key: 'Shift', time: 200 })).toBe(false);
  });
});
