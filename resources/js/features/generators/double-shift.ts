// Double Shift: two presses of Shift within 500 ms with no other key between. A press is a Shift
// key going down and up again with nothing else pressed meanwhile, so Shift+letter (typing a
// capital, even right after a Shift tap) is never a press; holding Shift (auto-repeat) is one.
// The 500 ms are measured between the events' own timeStamps (when the keys were pressed), never
// when the handlers run: on a busy page the second key-up may be handled long after it happened.
import { PALETTE } from './constants';

/** A KeyboardEvent, or what a test says of one: its timeStamp is when the key was pressed. */
export type KeyStroke = Pick<KeyboardEvent, 'key' | 'timeStamp'> & { repeat?: boolean };

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
    keyUp({ key, timeStamp: time }: KeyStroke): boolean {
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
