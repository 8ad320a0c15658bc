// Double Shift: two presses of Shift within 500 ms with no other key between. A press is a Shift
// key going down and up again with nothing else pressed meanwhile, so Shift+letter (typing a
// capital, even right after a Shift tap) is never a press; holding Shift (auto-repeat) is one.
import { PALETTE } from './constants';

export interface KeyStroke {
  key: string;
  /** Milliseconds, any monotonic clock (event.timeStamp). */
  time: number;
  repeat?: boolean;
}

export function createDoubleShiftDetector(windowMs: number = PALETTE.doubleShiftMs) {
  let lastPressAt: number | null = null;
  let shiftDownAlone = false;
  return {
    keyDown({ key, repeat }: KeyStroke): void {
      if (key !== 'Shift') {
        lastPressAt = null;
        shiftDownAlone = false;
      } else if (!repeat) {
        shiftDownAlone = true;
      }
    },
    /** True when this key-up completes the second Shift press of a pair. */
    keyUp({ key, time }: KeyStroke): boolean {
      if (key !== 'Shift' || !shiftDownAlone) return false;
      shiftDownAlone = false;
      if (lastPressAt !== null && time - lastPressAt <= windowMs) {
        lastPressAt = null;
        return true;
      }
      lastPressAt = time;
      return false;
    },
  };
}
