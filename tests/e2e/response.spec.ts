// The response viewer, end to end through the real client screen: the URL typed into the request
// builder, Send, a real relay call through the Node host to its demo API, and the response read
// in the right-hand pane (real stylesheet, page config, XSRF cookie, json-worker.js from dist/).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { responseArea } from './support/client-screen';

/** Types a path of the demo API into the URL bar and sends it. */
async function send(page: Page, url: string) {
  if (!page.url().includes('/http-client')) await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('a JSON response shows its status, time, size and arrival, pretty-printed with line numbers', async ({ page }) => {
  await send(page, '/users?per_page=3');
  const pane = responseArea(page);
  await expect(pane.getByText('200', { exact: true })).toBeVisible();
  await expect(pane.getByText('OK', { exact: true })).toBeVisible();
  await expect(pane.getByText('just now')).toBeVisible();
  await expect(pane.getByText(/^\d+(\.\d)? (B|KB)$/)).toBeVisible();
  await expect(pane.getByRole('tab', { name: 'Pretty' })).toHaveAttribute('aria-selected', 'true');
  const body = pane.getByRole('region', { name: 'Pretty body' });
  await expect(body).toContainText('"data": [');
  await expect(body.locator('.kite-tok-key').first()).toBeVisible();
  await expect(body.getByText('1', { exact: true }).first()).toBeVisible();
});

test('folding a block hides its lines and unfolding shows them again', async ({ page }) => {
  await send(page, '/users?per_page=2');
  const body = responseArea(page).getByRole('region', { name: 'Pretty body' });
  await expect(body).toContainText('"data": [');
  const rowsBefore = await body.locator('.kite-code-row').count();
  await body.getByRole('button', { name: 'Fold line 2', exact: true }).click();
  await expect(body).toContainText('"data": [ … ],');
  await expect(body.getByRole('button', { name: 'Unfold line 2', exact: true })).toBeVisible();
  await expect.poll(() => body.locator('.kite-code-row').count()).toBeLessThan(rowsBefore);
  await body.getByRole('button', { name: 'Unfold line 2', exact: true }).click();
  await expect(body).not.toContainText('[ … ]');
  await expect(body.getByRole('button', { name: 'Fold line 2', exact: true })).toBeVisible();
});

test('the Raw tab shows the body exactly as the server sent it', async ({ page }) => {
  await send(page, '/cookies');
  await responseArea(page).getByRole('tab', { name: 'Raw' }).click();
  await expect(responseArea(page).getByRole('region', { name: 'Raw body' })).toHaveText(/^1\{"set":\["demo_theme","demo_tracking","demo_flash"\]\}$/);
});

test('a plain-text response shows its lines in Raw', async ({ page }) => {
  await send(page, '/text');
  const pane = responseArea(page);
  await expect(pane.getByRole('tab', { name: 'Raw' })).toHaveAttribute('aria-selected', 'true');
  await expect(pane.getByRole('tab', { name: 'Pretty' })).toHaveCount(0);
  const rows = pane.getByRole('region', { name: 'Raw body' }).locator('.kite-code-row');
  await expect(rows.nth(0)).toHaveText('1Plain text from the demo API.');
  await expect(rows.nth(1)).toHaveText('2Second line.');
});

test('a large body still shows when the formatting worker cannot load', async ({ page }) => {
  await page.route('**/json-worker.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await send(page, '/large?mb=2');
  const body = responseArea(page).getByRole('region', { name: 'Pretty body' });
  await expect(body).toContainText('"first_name":', { timeout: 10_000 });
});

/** Resolves once the fetch worker said it runs (lib/http/worker-fetch.ts marks it): from then on the relay goes to it. */
// Polled from here: waitForFunction's own polling runs on animation frames, and a page that draws
// frames without end never has the quiet idle period its prefetch queue waits for.
const fetchWorkerRuns = (page: Page) => expect.poll(() => page.evaluate(() => performance.getEntriesByName('kite:fetch-worker-ready').length), { timeout: 30_000 }).toBe(1);
/** How many relay calls a thread's resource timing lists (it is per thread: the page's, or the worker's). */
const relayCalls = (names: string[]) => names.filter((name) => new URL(name).pathname.endsWith('/api/relay')).length;
const resourceNames = () => performance.getEntriesByType('resource').map((entry) => entry.name);

test("the relay's answer is received by the fetch worker, off the page's thread", async ({ page }) => {
  await page.goto('/http-client');
  await fetchWorkerRuns(page);
  await send(page, '/large?mb=2');
  await expect(responseArea(page).getByRole('region', { name: 'Pretty body' })).toContainText('"first_name":', { timeout: 10_000 });
  // Resource timing is per thread: the relay call is in the worker's timeline, not the page's.
  expect(relayCalls(await page.evaluate(resourceNames))).toBe(0);
  const worker = page.workers().find((w) => w.url().endsWith('/fetch-worker.js'));
  expect(worker, 'the fetch worker runs').toBeDefined();
  await expect.poll(async () => relayCalls(await worker!.evaluate(resourceNames))).toBe(1);
});

test('a Send never waits for the fetch worker to start: it goes by the page, and the worker takes the next one', async ({ page }) => {
  // The worker's script is held back until the first answer is on screen: a Send that waited for
  // the worker to start would never show it (issue 31: that wait was most of a first Send's time).
  let releaseScript = () => {};
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route('**/fetch-worker.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await send(page, '/users?per_page=1');
  const pane = responseArea(page);
  await expect(pane.getByText('200', { exact: true })).toBeVisible();
  // The call's resource entry may be recorded a moment after its answer is read (and the answer is
  // staged, its status in the page, during the hold): waited for, not read once.
  await expect.poll(async () => relayCalls(await page.evaluate(resourceNames))).toBe(1);

  releaseScript();
  await fetchWorkerRuns(page);
  await page.getByRole('textbox', { name: 'URL' }).fill('/text');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Raw body' })).toContainText('Plain text from the demo API.');
  const worker = page.workers().find((w) => w.url().endsWith('/fetch-worker.js'));
  await expect.poll(async () => relayCalls(await worker!.evaluate(resourceNames))).toBe(1);
  expect(relayCalls(await page.evaluate(resourceNames))).toBe(1);
});

test('a response still arrives when the fetch worker cannot load', async ({ page }) => {
  await page.route('**/fetch-worker.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await send(page, '/large?mb=2');
  await expect(responseArea(page).getByRole('region', { name: 'Pretty body' })).toContainText('"first_name":', { timeout: 10_000 });
  expect(page.workers().some((w) => w.url().endsWith('/fetch-worker.js'))).toBe(false);
});

test('an HTML response previews in a sandboxed frame that cannot run scripts', async ({ page }) => {
  await send(page, '/page.html');
  const pane = responseArea(page);
  await expect(pane.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  const frame = pane.locator('iframe[title="HTML preview"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="HTML preview"]').getByRole('heading', { name: 'Hello from the demo API' })).toBeVisible();
  await pane.getByRole('tab', { name: 'Raw' }).click();
  await expect(pane.getByRole('region', { name: 'Raw body' })).toContainText('<h1>Hello from the demo API</h1>');
});

test('an image response is shown as an image', async ({ page }) => {
  await send(page, '/image.png');
  const image = responseArea(page).getByRole('img', { name: 'Response image' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect(responseArea(page).getByText(/image\/png · \d+ × \d+ px/)).toBeVisible();
});

test('a binary response is offered as a download with the extension from its Content-Type', async ({ page }) => {
  await send(page, '/bytes?kb=3');
  const pane = responseArea(page);
  await expect(pane.getByText('Binary body · 3 KB · application/octet-stream')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: 'Download bytes.bin' }).click()]);
  expect(download.suggestedFilename()).toBe('bytes.bin');
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.length).toBe(3 * 1024);
  expect([bytes[0], bytes[1], bytes[255], bytes[256]]).toEqual([0, 1, 255, 0]);
});

test('a response is downloaded as its raw bytes under the name its Content-Disposition gives, 20 MB too', async ({ page }) => {
  test.slow(); // 20 MB through the relay on a busy machine
  await send(page, `/bytes?kb=${20 * 1024}&filename=${encodeURIComponent('kite résumé.bin')}`);
  const pane = responseArea(page);
  await expect(pane.getByText('Binary body · 20 MB · application/octet-stream')).toBeVisible({ timeout: 45_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: 'Download kite résumé.bin' }).click()]);
  expect(download.suggestedFilename()).toBe('kite résumé.bin');
  const bytes = readFileSync(await download.path());
  expect(bytes.length).toBe(20 * 1024 * 1024);
  expect([bytes[0], bytes[255], bytes[256], bytes[bytes.length - 1]]).toEqual([0, 255, 0, 255]);
  // The pane's own Download button (beside Copy, for every kind of body) uses the same name.
  await expect(pane.getByRole('button', { name: 'Download', exact: true })).toHaveAttribute('title', 'Download as kite résumé.bin');
});

test('the Headers tab lists every header in order and the Cookies tab each cookie with its attributes', async ({ page }) => {
  await send(page, '/cookies');
  const pane = responseArea(page);
  await pane.getByRole('tab', { name: /Headers/ }).click();
  const headers = pane.getByRole('table', { name: 'Response headers' });
  await expect(headers.getByRole('row', { name: /content-type application\/json; charset=utf-8/i })).toBeVisible();
  const setCookieRows = headers.getByRole('row', { name: /set-cookie/i });
  await expect(setCookieRows).toHaveCount(3);
  await expect(setCookieRows.nth(0)).toContainText('demo_theme=dark');
  await expect(setCookieRows.nth(2)).toContainText('demo_flash=');

  await pane.getByRole('tab', { name: /Cookies/ }).click();
  const cookies = pane.getByRole('table', { name: 'Response cookies' });
  await expect(cookies.getByRole('row')).toHaveCount(4);
  const tracking = cookies.getByRole('row', { name: /demo_tracking/ });
  await expect(tracking).toContainText('abc123');
  await expect(tracking.getByRole('list', { name: 'Attributes of demo_tracking' })).toContainText('HttpOnly');
  await expect(tracking.getByRole('list', { name: 'Attributes of demo_tracking' })).toContainText('SameSite=Strict');
  await tracking.getByText('Raw').click();
  await expect(tracking.getByText('demo_tracking=abc123; Path=/demo; HttpOnly; SameSite=Strict')).toBeVisible();
});

test('Copy puts the body on the clipboard and says Copied for 1.5 seconds', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The page's clock is Playwright's: "1.5 seconds" is counted on it, not on a busy machine's wall clock.
  await page.clock.install();
  await send(page, '/cookies');
  const pane = responseArea(page);
  await expect(pane.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await pane.getByRole('button', { name: 'Copy' }).click();
  await expect(pane.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('{"set":["demo_theme","demo_tracking","demo_flash"]}');
  await page.clock.runFor(1400);
  await expect(pane.getByRole('button', { name: 'Copied' })).toBeVisible();
  await page.clock.runFor(200);
  await expect(pane.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
});

test('search highlights every match, counts them and steps through them', async ({ page }) => {
  await send(page, '/cookies');
  const pane = responseArea(page);
  await pane.getByRole('searchbox', { name: 'Search body' }).fill('demo_');
  await expect(pane.getByText('1 of 3')).toBeVisible();
  const body = pane.getByRole('region', { name: 'Pretty body' });
  await expect(body.locator('mark')).toHaveCount(3);
  await expect(body.locator('mark[data-current]')).toHaveText('demo_');
  await pane.getByRole('button', { name: 'Next match' }).click();
  await expect(pane.getByText('2 of 3')).toBeVisible();
  await pane.getByRole('searchbox', { name: 'Search body' }).press('Shift+Enter');
  await expect(pane.getByText('1 of 3')).toBeVisible();
  await pane.getByRole('button', { name: 'Previous match' }).click();
  await expect(pane.getByText('3 of 3')).toBeVisible();
  // Ctrl+F inside the body goes to the body's search box, not the browser's.
  await body.click();
  await page.keyboard.press('Control+f');
  await expect(pane.getByRole('searchbox', { name: 'Search body' })).toBeFocused();
  await pane.getByRole('searchbox', { name: 'Search body' }).fill('nothing-like-this');
  await expect(pane.getByText('No matches')).toBeVisible();
  await expect(body.locator('mark')).toHaveCount(0);
});

test('a redirect shows where it points', async ({ page }) => {
  await send(page, '/redirect');
  await expect(responseArea(page).getByText('302', { exact: true })).toBeVisible();
  await expect(responseArea(page).getByText('Redirects to')).toBeVisible();
  await expect(responseArea(page).getByText(/^http:\/\/127\.0\.0\.1:\d+\/demo\/users$/)).toBeVisible();
});

test('a relay failure shows the host message, code and status in the response area', async ({ page }) => {
  await send(page, 'http://203.0.113.9/elsewhere');
  const alert = responseArea(page).getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('403');
  await expect(alert).toContainText('TARGET_NOT_ALLOWED');
});

test("a scroll draws the rows it brings into view while the browser dispatches it, before that frame's paint", async ({ page }) => {
  // Long enough to scroll past the first screen and short of the end, short enough that the page
  // already holds every line (no fetch).
  await send(page, '/users?per_page=20');
  const body = responseArea(page).getByRole('region', { name: 'Pretty body' });
  await expect(body).toContainText('"data": [');
  // The window's rows, not the body's end that is drawn below them.
  const numbers = body.locator('.kite-code-rows:not([data-end]) .kite-code-number');
  const firstScreenLast = Number(await numbers.last().textContent());
  // Read the rows from a listener added after React's (on the same element, so it runs next in the
  // same dispatch): a view that draws only in a later task still shows the first screen here.
  const atScroll = await body.evaluate(
    (element) =>
      new Promise<{ top: number; drawn: number[] }>((resolve) => {
        element.addEventListener(
          'scroll',
          () => {
            const shown = element.querySelectorAll('.kite-code-rows:not([data-end]) .kite-code-number');
            resolve({ top: element.scrollTop, drawn: [...shown].map((number) => Number(number.textContent)) });
          },
          { once: true },
        );
        element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
      }),
  );
  // Rows are 20 px tall and numbered from 1: the first line in view after the scroll.
  const firstInView = Math.floor(atScroll.top / 20) + 1;
  expect(firstInView).toBeGreaterThan(firstScreenLast);
  expect(atScroll.drawn).toContain(firstInView);
  expect(atScroll.drawn).toContain(firstInView + 5);
});

test("a body's last screenful is drawn with its first: a jump to the end shows its lines in the jump's frame, without asking the worker", async ({ page }) => {
  // 2 MB: formatted in the worker, whose lines come a round trip after they are asked for.
  await send(page, '/large?mb=2');
  const pane = responseArea(page);
  const body = pane.getByRole('region', { name: 'Pretty body' });
  await expect(body).toContainText('"first_name":');
  await expect(pane.getByRole('progressbar', { name: 'Formatting body' })).toHaveCount(0);
  // Before any scroll, the end is drawn below the window: the closing bracket is the last row.
  const end = body.locator('.kite-code-rows[data-end] .kite-code-row');
  await expect(end.last()).toHaveText(/^\d+\]$/);
  await expect(end.first()).not.toHaveAttribute('data-loading', '');
  // Jump to the end and read, in the scroll's own dispatch, the rows the viewport shows: every one
  // has its text, none is a row still waiting for its line.
  const seen = await body.evaluate(
    (element) =>
      new Promise<{ loading: number; lastShown: string }>((resolve) => {
        element.addEventListener(
          'scroll',
          () => {
            const box = element.getBoundingClientRect();
            const inView = [...element.querySelectorAll<HTMLElement>('.kite-code-row')].filter((row) => {
              const r = row.getBoundingClientRect();
              return r.bottom > box.top && r.top < box.bottom;
            });
            const bottom = inView.reduce<HTMLElement | null>((low, row) => (!low || row.getBoundingClientRect().top > low.getBoundingClientRect().top ? row : low), null);
            resolve({ loading: inView.filter((row) => row.hasAttribute('data-loading')).length, lastShown: bottom?.textContent ?? '' });
          },
          { once: true },
        );
        element.scrollTop = element.scrollHeight;
      }),
  );
  expect(seen.loading).toBe(0);
  expect(seen.lastShown).toMatch(/^\d+\]$/);
});

test('a 50 MB JSON response shows its first screen and scrolls to its last line', async ({ page }) => {
  test.setTimeout(60_000);
  await send(page, '/large?mb=50');
  const body = responseArea(page).getByRole('region', { name: 'Pretty body' });
  // How fast is a benchmark's question (bench/response.bench.mjs), not a test's.
  await expect(body).toContainText('"first_name":', { timeout: 20_000 });
  await expect(responseArea(page).getByText('50 MB', { exact: true })).toBeVisible();
  // The first screen shows before the whole body is indexed; the end is there once it is.
  await expect(responseArea(page).getByRole('progressbar', { name: 'Formatting body' })).toHaveCount(0, { timeout: 20_000 });
  // Scroll to the very end: the closing bracket of the top-level array is the last line.
  await body.evaluate((element) => (element.scrollTop = element.scrollHeight));
  const windowRows = body.locator('.kite-code-rows:not([data-end]) .kite-code-row');
  await expect(windowRows.last()).toHaveText(/^\d{7}\]$/);
  const lastNumber = Number((await windowRows.locator('.kite-code-number').last().textContent()) ?? 0);
  expect(lastNumber).toBeGreaterThan(2_000_000);
  // Only a screenful of rows exists in the page, however long the body.
  expect(await body.locator('.kite-code-row').count()).toBeLessThan(200);
  // Search runs in the worker over the whole body and jumps to a match near the end.
  await responseArea(page).getByRole('searchbox', { name: 'Search body' }).fill('user200000@');
  await expect(responseArea(page).getByText('1 of 1')).toBeVisible();
  await expect(body.locator('mark[data-current]')).toHaveText('user200000@');
});
