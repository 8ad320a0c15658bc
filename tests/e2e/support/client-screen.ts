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

/**
 * Presses Send and waits until this request is over: its Cancel button came and went, or its
 * answer (or failure) passed the 200 ms floor (lib/http/host-api.ts marks it) and two frames were
 * drawn since, with no Cancel on screen. Waiting for Send to be visible is not enough: a Send draws
 * its pending state in a React transition, after the call has left, so the button is still Send for
 * a moment after the click, and on a busy machine the answer can come before the pending state was
 * ever drawn. A MutationObserver sees every change, so even a Cancel shown for a few ms is seen.
 */
export async function send(page: Page) {
  const over = page.evaluate(
    ({ limitMs, floorMark }) =>
      new Promise<string>((resolve) => {
        const cancelShown = () => [...document.querySelectorAll('button.kite-send')].some((button) => button.textContent?.trim() === 'Cancel');
        const floors = () => performance.getEntriesByName(floorMark).length;
        const floorsBefore = floors();
        let started = false;
        let framesSinceFloor = 0;
        let done = false;
        const check = () => {
          if (cancelShown()) started = true;
          else if (started) finish('over');
        };
        const observer = new MutationObserver(check);
        const frame = () => {
          if (done) return;
          check();
          if (!done && !cancelShown() && floors() > floorsBefore && ++framesSinceFloor >= 2) finish('over');
          if (!done) requestAnimationFrame(frame);
        };
        const timer = setTimeout(() => finish(started ? 'still pending' : 'never started'), limitMs);
        function finish(outcome: string) {
          done = true;
          observer.disconnect();
          clearTimeout(timer);
          resolve(outcome);
        }
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        requestAnimationFrame(frame);
      }),
    { limitMs: 30_000, floorMark: 'kite:relay-floor' },
  );
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const outcome = await over;
  if (outcome !== 'over') throw new Error(`The Send was ${outcome} after 30 s (waited for its Cancel button to come and go, or its answer to pass the floor)`);
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
