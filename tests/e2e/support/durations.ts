// Reads a time as the app shows it (lib/format's formatDuration: "840 ms", "1.19 s") back into ms.
import { expect } from '@playwright/test';

export function shownMs(text: string | null): number {
  const match = /([\d.]+) (ms|s)\b/.exec(text ?? '');
  expect(match, `a time in ${JSON.stringify(text)}`).not.toBeNull();
  return Number(match![1]) * (match![2] === 's' ? 1000 : 1);
}
