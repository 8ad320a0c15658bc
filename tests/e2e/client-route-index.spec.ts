// A catalogue too large for the page (issue 31): the page carries its route index, so the list
// draws before the routes call answers; a route picked meanwhile opens, whole, once it does.
import { expect, test, type Page } from '@playwright/test';
import { startKiteHost } from '../../bench/support.mjs';
import { writeLargeOpenApiDocument } from '../fixtures/large-openapi.mjs';
import { routeButton } from './support/client-screen';
import { ROUTES_PER_LINE } from '../../resources/js/lib/http/routes-lines';

let host: Awaited<ReturnType<typeof startKiteHost>>;

/** Notes in the page when the first route row appears (window.firstRowAt). */
async function noteFirstRow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.kite-route-button')) return;
      (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Counts in the page (window.routePieces) the pieces of routes it parses (lib/http/routes-lines.ts: `[0,[…]]`). */
async function countRoutePieces(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const parse = JSON.parse;
    const counted = window as unknown as { routePieces: number };
    counted.routePieces = 0;
    JSON.parse = function (text: string, ...rest: unknown[]) {
      if (typeof text === 'string' && text.startsWith('[0,[')) counted.routePieces += 1;
      return parse.call(this, text, ...(rest as []));
    };
  });
}

/**
 * Holds the page's routes call at the browser until `answer()`; `answered` says whether it went on,
 * `rowDrawnBefore` whether the list had drawn a route row when the call reached the browser, and
 * `referrer` who made it (a call the fetch worker makes names the worker's script).
 */
async function holdRoutesCall(page: Page) {
  let answer = () => {};
  const released = new Promise<void>((resolve) => (answer = resolve));
  const held = { answered: false, rowDrawnBefore: false, referrer: '', answer: () => answer() };
  await page.route('**/api/routes', async (route) => {
    held.referrer = route.request().headers().referer ?? '';
    held.rowDrawnBefore = await page.evaluate(() => typeof (window as unknown as { firstRowAt?: number }).firstRowAt === 'number');
    await released;
    await route.continue();
    held.answered = true;
  });
  return held;
}

/**
 * The routes call started only once the list had been drawn from the route index, and the fetch
 * worker made it: its bytes (Graph's 9.3 MB) are received off the page's thread.
 */
function expectRoutesAskedAfterTheList(routes: Awaited<ReturnType<typeof holdRoutesCall>>): void {
  expect(routes.rowDrawnBefore).toBe(true);
  expect(routes.referrer).toMatch(/\/fetch-worker\.js$/);
}

test.beforeAll(async () => {
  // 2,000 operations: 0.47 MB of routes (over PAGE_ROUTES_MAX_BYTES), 0.23 MB as an index.
  host = await startKiteHost(['--openapi', writeLargeOpenApiDocument({ operations: 2000 })]);
});
test.afterAll(async () => {
  await host?.stop();
});

test('the route list draws from the page\'s route index before the routes call answers, and a route picked meanwhile opens when it does', async ({ page }) => {
  // The routes call is held at the browser until the route has been picked.
  const routes = await holdRoutesCall(page);
  await noteFirstRow(page);
  await page.goto(host.url);
  await expect(page.getByText('2000 routes')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('put resource7/');
  await expect(page.getByText('1 of 2000 routes')).toBeVisible();
  await routeButton(page, 'PUT', '/resource7/{id}').click();
  expect(routes.answered).toBe(false);
  // Its parameters come with the routes call: until then the route is not opened half-known.
  await expect(page.getByRole('textbox', { name: 'Path parameter id' })).toHaveCount(0);

  routes.answer();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/resource7/{id}');
  await expect(page.getByRole('textbox', { name: 'Path parameter id' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Docs 1 parameter/ })).toBeVisible();
  expectRoutesAskedAfterTheList(routes);
});

test.describe('a catalogue whose route index is too large for the page as well', () => {
  let large: Awaited<ReturnType<typeof startKiteHost>>;
  test.beforeAll(async () => {
    // 3,000 operations: 0.35 MB as an index, over PAGE_ROUTES_MAX_BYTES: the page carries nothing.
    large = await startKiteHost(['--openapi', writeLargeOpenApiDocument({ operations: 3000 })]);
  });
  test.afterAll(async () => {
    await large?.stop();
  });

  test('draws its list from GET routes/index before the routes call answers, and a route picked meanwhile opens when it does', async ({ page }) => {
    const routes = await holdRoutesCall(page);
    await noteFirstRow(page);
    await countRoutePieces(page);
    const indexCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/routes/index')) indexCalls.push(request.url());
    });
    await page.goto(large.url);
    await expect(page.getByText('3000 routes')).toBeVisible({ timeout: 15_000 });
    expect(await page.locator('#kite-routes').count()).toBe(0);
    // The page started the index call while the entry loaded, and the app took it over: one call.
    expect(await page.evaluate(() => 'KiteRouteIndexCall' in window)).toBe(true);
    expect(indexCalls).toHaveLength(1);
    await page.getByRole('searchbox', { name: 'Search routes' }).fill('put resource7/');
    await expect(page.getByText('1 of 3000 routes')).toBeVisible();
    await routeButton(page, 'PUT', '/resource7/{id}').click();
    expect(routes.answered).toBe(false);
    await expect(page.getByRole('textbox', { name: 'Path parameter id' })).toHaveCount(0);

    routes.answer();
    await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/resource7/{id}');
    await expect(page.getByRole('textbox', { name: 'Path parameter id' })).toBeVisible();
    expectRoutesAskedAfterTheList(routes);
    // The page parsed the routes a piece at a time (each in a task of its own), not in one parse.
    expect(await page.evaluate(() => (window as unknown as { routePieces: number }).routePieces)).toBe(Math.ceil(3000 / ROUTES_PER_LINE));
  });
});

test('a fetch worker that never starts (its script held by the network) does not hold the routes: the page asks for them itself', async ({ page }) => {
  await page.route('**/fetch-worker.js', () => undefined); // never answered, never failed
  const routes = await holdRoutesCall(page);
  routes.answer();
  await noteFirstRow(page);
  // Not until `load`: a worker script still on its way holds the page's load event.
  await page.goto(host.url, { waitUntil: 'commit' });
  await expect(page.getByText('2000 routes')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => routes.answered, { timeout: 20_000 }).toBe(true);
  expect(routes.rowDrawnBefore).toBe(true);
  expect(routes.referrer).not.toMatch(/fetch-worker/);
  // The whole route opens, with the parameters that only the routes call carries.
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('put resource7/');
  await routeButton(page, 'PUT', '/resource7/{id}').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/resource7/{id}');
  await expect(page.getByRole('textbox', { name: 'Path parameter id' })).toBeVisible();
});

test.describe('a catalogue whose first search key is drawn in a deferred render (over 12,000 routes)', () => {
  // More routes than ROUTES_SEARCHED_AT_ONCE (12,000), so the first key is a deferred render.
  const OPERATIONS = 13_000;
  // One worker runs both tests against one host: two such hosts loading at once on a busy machine
  // would each take twice as long.
  test.describe.configure({ mode: 'default' });
  let larger: Awaited<ReturnType<typeof startKiteHost>>;
  test.beforeAll(async () => {
    // 13,000 operations take the host longer than the default 10 s to load on a busy machine, and
    // this hook longer than a test's 60 s budget.
    test.setTimeout(150_000);
    larger = await startKiteHost(['--openapi', writeLargeOpenApiDocument({ operations: OPERATIONS })], { startTimeoutMs: 120_000 });
  });
  test.afterAll(async () => {
    await larger?.stop();
  });

  test('a search typed while the routes arrive in pieces draws its list before the page parses another piece, and lists the same once they are in', async ({ page }) => {
    // As the page parses the first piece of the routes, "resource1" is typed into the search (an
    // input event, as a key gives): over 13,000 routes its list is drawn in a deferred render.
    // Noted: how many pieces were parsed when it was typed and when the list showed it.
    await page.addInitScript(() => {
      const parse = JSON.parse;
      const seen = window as unknown as { routePieces: number; piecesAtKey?: number; piecesAtList?: number };
      seen.routePieces = 0;
      JSON.parse = function (text: string, ...rest: unknown[]) {
        if (typeof text === 'string' && text.startsWith('[0,[')) {
          seen.routePieces += 1;
          const box = document.querySelector<HTMLInputElement>('input[aria-label="Search routes"]');
          const list = document.querySelector('.kite-explorer-list');
          if (seen.piecesAtKey === undefined && box && list) {
            seen.piecesAtKey = seen.routePieces;
            new MutationObserver((_, observer) => {
              if (list.getAttribute('data-search') !== 'resource1') return;
              seen.piecesAtList = seen.routePieces;
              observer.disconnect();
            }).observe(list, { attributeFilter: ['data-search'] });
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'resource1');
            box.dispatchEvent(new Event('input', { bubbles: true }));
          }
        }
        return parse.call(this, text, ...(rest as []));
      };
    });
    await page.goto(larger.url);
    const seen = () =>
      page.evaluate(() => {
        const { routePieces, piecesAtKey, piecesAtList } = window as unknown as { routePieces: number; piecesAtKey?: number; piecesAtList?: number };
        return { routePieces, piecesAtKey, piecesAtList };
      });
    await expect.poll(async () => (await seen()).piecesAtList, { timeout: 30_000 }).toBeDefined();
    const { piecesAtKey, piecesAtList } = await seen();
    expect(piecesAtKey).toBe(1);
    // No piece came between the key and its list: a piece parsed in a task of its own went between
    // each slice of the list's render.
    expect(piecesAtList).toBe(piecesAtKey);
    const footer = page.locator('.kite-explorer-footer');
    const listed = await footer.textContent();
    expect(listed).toMatch(new RegExp(`^\\d+ of ${OPERATIONS} routes$`));
    const rows = page.getByRole('navigation', { name: 'Routes' }).locator('.kite-route-button');
    const firstRows = await rows.evaluateAll((buttons) => buttons.slice(0, 10).map((button) => button.getAttribute('aria-label')));
    // Once every piece is in (the refresh button no longer busy), the list shows the same.
    await expect(page.getByRole('button', { name: 'Refresh routes' })).not.toHaveAttribute('data-busy', /.*/, { timeout: 30_000 });
    expect((await seen()).routePieces).toBe(Math.ceil(OPERATIONS / ROUTES_PER_LINE));
    await expect(footer).toHaveText(listed!);
    expect(await rows.evaluateAll((buttons) => buttons.slice(0, 10).map((button) => button.getAttribute('aria-label')))).toEqual(firstRows);
  });
  test('a search typed as the last piece of the routes is parsed draws its list before the screen takes the routes', async ({ page }) => {
    // At the last piece, "resource1" is typed (a deferred render over 13,000 routes); noted: whether
    // the routes were still being handed over (the refresh button busy) when the list showed it.
    const pieces = Math.ceil(OPERATIONS / ROUTES_PER_LINE);
    await page.addInitScript((last: number) => {
      const parse = JSON.parse;
      const seen = window as unknown as { routePieces: number; busyAtList?: boolean };
      seen.routePieces = 0;
      JSON.parse = function (text: string, ...rest: unknown[]) {
        if (typeof text === 'string' && text.startsWith('[0,[') && ++seen.routePieces === last) {
          const box = document.querySelector<HTMLInputElement>('input[aria-label="Search routes"]')!;
          const list = document.querySelector('.kite-explorer-list')!;
          new MutationObserver((_, observer) => {
            if (list.getAttribute('data-search') !== 'resource1') return;
            seen.busyAtList = document.querySelector('[aria-label="Refresh routes"]')!.hasAttribute('data-busy');
            observer.disconnect();
          }).observe(list, { attributeFilter: ['data-search'] });
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'resource1');
          box.dispatchEvent(new Event('input', { bubbles: true }));
        }
        return parse.call(this, text, ...(rest as []));
      };
    }, pieces);
    await page.goto(larger.url);
    const busyAtList = () => page.evaluate(() => (window as unknown as { busyAtList?: boolean }).busyAtList);
    await expect.poll(busyAtList, { timeout: 30_000 }).toBeDefined();
    // The key's list came first; the whole screen's render with the routes after it.
    expect(await busyAtList()).toBe(true);
    await expect(page.getByRole('button', { name: 'Refresh routes' })).not.toHaveAttribute('data-busy', /.*/, { timeout: 30_000 });
    await expect(page.locator('.kite-explorer-footer')).toHaveText(new RegExp(`^\\d+ of ${OPERATIONS} routes$`));
  });
});
