// The "?" sheet lists every shortcut the key handlers know (lib/keyboard-shortcuts.ts is the one list
// both use), whole and readable.
import { expect, test } from '@playwright/test';
import { findTextProblems } from './support/overflow';
import { watchPageProblems } from './support/page-problems';

/** Sends `keys` (key-down, key-up) to the window in the commit that first draws the URL field: before the page has painted it. */
const KEYS_AS_THE_SCREEN_APPEARS = (keys: KeyboardEventInit[]) => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('input[aria-label="URL"]')) return;
    observer.disconnect();
    for (const key of keys) for (const type of ['keydown', 'keyup']) window.dispatchEvent(new KeyboardEvent(type, { ...key, bubbles: true }));
    (window as unknown as { keysSent: boolean }).keysSent = true;
  }).observe(document, { childList: true, subtree: true });
};

test('a "?" pressed as the main screen appears opens the sheet: the key handlers listen from the commit that draws it', async ({ page }) => {
  // Chromium handles input before React's passive effects: a listener added by useEffect was not
  // there yet, and the key was lost (a CI failure of the test below).
  await page.addInitScript(KEYS_AS_THE_SCREEN_APPEARS, [{ key: '?' }]);
  await page.goto('/http-client');
  await expect.poll(() => page.evaluate(() => (window as unknown as { keysSent?: boolean }).keysSent)).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('a double Shift pressed as the main screen appears opens the generator palette', async ({ page }) => {
  await page.addInitScript(KEYS_AS_THE_SCREEN_APPEARS, [{ key: 'Shift' }, { key: 'Shift' }]);
  await page.goto('/http-client');
  await expect.poll(() => page.evaluate(() => (window as unknown as { keysSent?: boolean }).keysSent)).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Generate a value' })).toBeVisible();
});

test('a Ctrl+B pressed as the main screen appears expands the sidebar', async ({ page }) => {
  // The sidebar's listener was a passive effect: a CI run lost the key of shell.spec's Ctrl+B test.
  await page.addInitScript(KEYS_AS_THE_SCREEN_APPEARS, [{ key: 'b', ctrlKey: true }]);
  await page.goto('/http-client');
  await expect.poll(() => page.evaluate(() => (window as unknown as { keysSent?: boolean }).keysSent)).toBe(true);
  await expect(page.getByRole('complementary', { name: 'Kite' })).toHaveAttribute('data-state', 'expanded');
});

test('a Ctrl+L pressed as the main screen appears moves focus to the URL', async ({ page }) => {
  await page.addInitScript(KEYS_AS_THE_SCREEN_APPEARS, [{ key: 'l', ctrlKey: true }]);
  await page.goto('/http-client');
  await expect.poll(() => page.evaluate(() => (window as unknown as { keysSent?: boolean }).keysSent)).toBe(true);
  await expect(page.getByRole('textbox', { name: 'URL' })).toBeFocused();
});

test('"?" shows the shortcuts for saving and for tabs: Ctrl+S, Alt+N, Alt+W, Ctrl+1…9, Alt+Shift+←/→', async ({ page }, testInfo) => {
  // CI once found no sheet after the "?" (not reproduced in 30 runs beside two busy processes).
  const problems = watchPageProblems(page);
  await page.goto('/http-client');
  await expect(page.getByRole('textbox', { name: 'URL' })).toBeVisible();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  try {
    await expect(sheet).toBeVisible();
  } catch (error) {
    throw new Error(`${(error as Error).message}\nfocused: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}\n${problems()}`);
  }
  const keysOf = (action: string) => sheet.locator('.kite-shortcut').filter({ has: page.getByText(action, { exact: true }) }).locator('dt');
  await expect(keysOf('Save the request into the workspace folder')).toHaveText('Ctrl+S');
  await expect(keysOf('Open a new tab')).toHaveText('Alt+N');
  await expect(keysOf('Close the tab')).toHaveText('Alt+W');
  await expect(keysOf('Open the first to ninth tab')).toHaveText('Ctrl+1…9');
  await expect(keysOf('Move the tab left or right')).toHaveText('Alt+Shift+← / Alt+Shift+→');
  await expect(keysOf('Open the generator palette (press Shift twice); the value goes into the focused field')).toHaveText('Shift Shift');
  await page.screenshot({ path: testInfo.outputPath('shortcuts-sheet.png') });
  expect(await findTextProblems(page, { scope: sheet })).toEqual([]);
});
