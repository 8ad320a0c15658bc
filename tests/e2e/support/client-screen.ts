// How a person drives Kite's main screen, by role and visible text: shared by the specs that run
// it against the Node host and against the Laravel host.
import { expect, type Page } from '@playwright/test';

export const responseArea = (page: Page) => page.getByRole('region', { name: 'Response' });

/** A route in the explorer, named by its method (spelled out, as everywhere) and path. */
export const routeButton = (page: Page, method: string, uri: string) =>
  page
    .getByRole('navigation', { name: 'Routes' })
    .getByRole('button', { name: new RegExp(`^${method}\\s*${uri.replace(/[{}/]/g, '\\$&')}$`) });

/** The JSON body's code editor (CodeMirror's contenteditable, a textbox named "JSON body"). */
export const jsonBody = (page: Page) => page.getByRole('textbox', { name: 'JSON body' });

/** The JSON body's text, line by line as the editor shows it (short bodies: every line is drawn). */
export const jsonBodyText = (page: Page) => jsonBody(page).innerText();

export async function pickRoute(page: Page, method: string, uri: string) {
  await routeButton(page, method, uri).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(uri);
}

/** Presses Send and waits until the request is over (the button is back). */
export async function send(page: Page) {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: 15_000 });
}

/** Clears the builder, drafts, cookie jar, preferences and history, so a test starts fresh. */
export async function clearClientStorage(page: Page) {
  await page.goto('/http-client');
  await page.evaluate(async () => {
    localStorage.clear();
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase('kite');
      request.onsuccess = request.onerror = request.onblocked = () => resolve(null);
    });
  });
}

/** Pastes text into the focused element, as the browser does: a paste ClipboardEvent carrying a DataTransfer. */
export async function pasteIntoFocused(page: Page, text: string) {
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
