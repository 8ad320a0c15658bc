// Double Shift: two presses of Shift within 500 ms with no other key between. Holding Shift
// (auto-repeat) is one press; Shift+letter (typing a capital) breaks the pair.
import { PALETTE } from './constants';

export interface KeyPress {
  key: string;
  /** Milliseconds, any monotonic clock (event.timeStamp). */
  time: number;
  repeat?: boolean;
}

export function createDoubleShiftDetector(windowMs: number = PALETTE.doubleShiftMs) {
  let lastShiftAt: number | null = null;
  return {
    /** Feed every keydown; true when this one completes a double Shift. */
    press({ key, time, repeat }: KeyPress): boolean {
      if (key !== 'Shift') {
        lastShiftAt = null;
        return false;
      }
      if (repeat) return false;
      if (lastShiftAt !== null && time - lastShiftAt <= windowMs) {
        lastShiftAt = null;
        return true;
      }
      lastShiftAt = time;
      return false;
    },
    reset() {
      lastShiftAt = null;
    },
  };
}
