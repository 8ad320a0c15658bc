// The click on Send until the relay request leaves the page (issue 31): the call goes out in the
// click's own microtasks, before React draws anything the Send changes (the pending response, the
// Cancel button, the pinned tab), by the page's fetch before the fetch worker runs and by the
// worker after. An init script looks at the page at the moment the relay request is handed over.
import { expect, test, type Page } from '@playwright/test';
import { pickRoute, responseArea } from './support/client-screen';

/** Records, for each relay request as it leaves, how it left and whether the pending state was already drawn. */
async function watchRelayLeaving(page: Page) {
  await page.addInitScript(() => {
    const left: Array<{ by: string; pendingDrawn: boolean }> = [];
    (window as unknown as { relayLeft: typeof left }).relayLeft = left;
    const leaving = (by: string) => left.push({ by, pendingDrawn: document.querySelector('.kite-response[aria-busy="true"]') !== null });
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [StructuredSerializeOptions?]) {
      const call = message as { type?: string; url?: string } | null;
      if (call?.type === 'fetch' && call.url?.endsWith('/relay')) leaving('fetch worker');
      return post.call(this, message, ...rest);
    } as Worker['postMessage'];
    const pageFetch = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/relay')) leaving('page');
      return pageFetch.call(this, input, init);
    };
  });
}

const relayLeft = (page: Page) => page.evaluate(() => (window as unknown as { relayLeft: Array<{ by: string; pendingDrawn: boolean }> }).relayLeft);

test('a Send’s relay request leaves before React draws the pending response, first Send and later ones', async ({ page }) => {
  await watchRelayLeaving(page);
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/users');
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  await sendButton.click();
  await expect(responseArea(page).getByText('200', { exact: true })).toBeVisible();
  await expect(sendButton).toBeVisible();
  expect(await relayLeft(page)).toEqual([{ by: expect.any(String), pendingDrawn: false }]);

  // Once the fetch worker runs, the call goes to it, just as early.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('kite:fetch-worker-ready').length), { timeout: 30_000 }).toBe(1);
  await sendButton.click();
  await expect.poll(async () => (await relayLeft(page)).length).toBe(2);
  await expect(sendButton).toBeVisible();
  expect((await relayLeft(page))[1]).toEqual({ by: 'fetch worker', pendingDrawn: false });
});
