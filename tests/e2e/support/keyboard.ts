// Key presses with the times a person pressed them. Playwright's keyboard sends each key after the
// page handled the previous one, so on a busy machine two quick Shift taps can arrive seconds
// apart. Chromium's DevTools protocol takes each key event's time (`timestamp`), which becomes the
// event's own `timeStamp` in the page: the double-Shift detector reads that, so a test states
// "pressed 100 ms apart" and it holds however slowly the events are handled.
import type { Page } from '@playwright/test';

const KEYS = {
  Shift: { code: 'ShiftLeft', windowsVirtualKeyCode: 16 },
  A: { code: 'KeyA', windowsVirtualKeyCode: 65, text: 'A' },
  a: { code: 'KeyA', windowsVirtualKeyCode: 65, text: 'a' },
} as const;
const SHIFT_MODIFIER = 8;

export type StampedKey = keyof typeof KEYS;
/** A key going down or up, `at` milliseconds after the first event of the sequence. */
export type Stroke = [direction: 'down' | 'up', key: StampedKey, at: number];

export async function pressAtTimes(page: Page, strokes: Stroke[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now();
  let shiftHeld = false;
  try {
    for (const [direction, key, at] of strokes) {
      if (key === 'Shift') shiftHeld = direction === 'down';
      const { text, ...ids } = { text: undefined, ...KEYS[key] };
      await cdp.send('Input.dispatchKeyEvent', {
        type: direction === 'up' ? 'keyUp' : text ? 'keyDown' : 'rawKeyDown',
        key,
        ...ids,
        ...(direction === 'down' && text ? { text, unmodifiedText: text.toLowerCase() } : {}),
        modifiers: shiftHeld ? SHIFT_MODIFIER : 0,
        timestamp: (start + at) / 1000,
      });
    }
  } finally {
    await cdp.detach();
  }
}

/** A Shift tap (down, up 30 ms later) at `at` ms. */
export const shiftTap = (at: number): Stroke[] => [
  ['down', 'Shift', at],
  ['up', 'Shift', at + 30],
];

/** Shift pressed twice, 100 ms apart, as a person does it. */
export const doubleShift = (page: Page) => pressAtTimes(page, [...shiftTap(0), ...shiftTap(100)]);

/** Resolves once the page has drawn two more frames: whatever the last input set going has rendered. */
export const renderedFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
