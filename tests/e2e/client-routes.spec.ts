// The route explorer with a large API: 5,000 operations from an OpenAPI document served by a host
// of its own, one of them with a schema the host could not read.
import { expect, test } from '@playwright/test';
import { startKiteHost } from '../../bench/support.mjs';
import { writeLargeOpenApiDocument } from '../fixtures/large-openapi.mjs';
import { routeButton } from './support/client-screen';

let host: Awaited<ReturnType<typeof startKiteHost>>;

test.beforeAll(async () => {
  // A 5,000-operation document takes the host more than the default 10 s to load on a busy machine.
  host = await startKiteHost(['--openapi', writeLargeOpenApiDocument({ operations: 5000, brokenRoute: true })], { startTimeoutMs: 60_000 });
});
test.afterAll(async () => {
  await host?.stop();
});

test('a catalogue too large for the page has its route index asked for as the page starts, before the shell has rendered', async ({ page }) => {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('aside')) return;
      (window as unknown as { shellShownAt: number }).shellShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const routeCalls: string[] = [];
  page.on('request', (request) => /\/api\/routes(\/index)?$/.test(request.url()) && routeCalls.push(request.url().replace(/^.*\/api\//, '')));
  await page.goto(host.url);
  await expect(page.getByText('5001 routes')).toBeVisible({ timeout: 15_000 });
  // Megabytes of routes stay out of the page (over PAGE_ROUTES_MAX_BYTES), and so does their index.
  await expect(page.locator('script#kite-routes')).toHaveCount(0);
  const { indexAt, shellAt } = await page.evaluate(() => ({
    indexAt: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/routes/index'))?.startTime ?? Infinity,
    shellAt: (window as unknown as { shellShownAt: number }).shellShownAt,
  }));
  expect(indexAt).toBeLessThan(shellAt);
  // One call each: the screen takes the page's index call over instead of asking again, and asks
  // for the routes once the list has been drawn from the index.
  await expect.poll(() => routeCalls).toEqual(['routes/index', 'routes']);
});

test('5,000 routes scroll and filter in a virtualised list', async ({ page }) => {
  await page.goto(host.url);
  const routes = page.getByRole('navigation', { name: 'Routes' });
  await expect(page.getByText('5001 routes')).toBeVisible({ timeout: 15_000 });
  // Only what is visible is in the page, not 5,000 rows.
  expect(await routes.getByRole('button').count()).toBeLessThan(120);

  await routes.hover();
  await page.mouse.wheel(0, 400_000);
  await expect(routes.getByRole('button', { name: /resource999\/\{id\}/ }).first()).toBeVisible();

  // The filter latency is measured in bench/client.bench.mjs.
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('post resource432');
  await expect(page.getByText('1 of 5001 routes')).toBeVisible();
  await expect(routeButton(page, 'POST', '/resource432')).toBeVisible();
});

test('a character typed over 5,000 routes is shown with its list, in one render', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByText('5001 routes')).toBeVisible({ timeout: 15_000 });
  // The box gets "resource1" as a key gives it (an input event); what the list shows is read as
  // soon as React has handled the event, before the page draws a frame.
  const shownWithTheCharacter = await page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('input[aria-label="Search routes"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'resource1');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return { box: box.value, list: document.querySelector('.kite-explorer-list')!.getAttribute('data-search') };
  });
  expect(shownWithTheCharacter).toEqual({ box: 'resource1', list: 'resource1' });
  await expect(page.getByText('555 of 5001 routes')).toBeVisible();
});

test('a route row a search moves keeps its id, and ↓ from the search box points at it by that id', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByText('5001 routes')).toBeVisible({ timeout: 15_000 });
  // GET /resource1 is the 7th row (a group header and resource0's five routes above it).
  const row = page.locator('.kite-route', { has: page.getByRole('button', { name: 'GET /resource1', exact: true }) });
  const id = await row.getAttribute('id');
  const topBefore = await row.boundingBox();
  const search = page.getByRole('searchbox', { name: 'Search routes' });
  await search.fill('resource1');
  await expect(page.getByText('555 of 5001 routes')).toBeVisible();
  // The list says which search it shows (the keystroke bench waits on it).
  await expect(page.getByRole('navigation', { name: 'Routes' })).toHaveAttribute('data-search', 'resource1');
  // The search moved the row up (resource0's routes are gone) and left its id: its content is not drawn again.
  await expect.poll(async () => (await row.boundingBox())?.y).toBeLessThan(topBefore!.y);
  expect(await row.getAttribute('id')).toBe(id);
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', id!);
  await expect(page.locator(`[id="${id}"]`)).toHaveAttribute('data-active', 'true');
});

test('a search that leaves none of the rows in view draws the new ones in the elements already there; a focused row is never redrawn as another route', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByText('5001 routes')).toBeVisible({ timeout: 15_000 });
  const routes = page.getByRole('navigation', { name: 'Routes' });
  // Each element in view remembers the route it drew.
  const markRows = () =>
    routes.evaluate((list) => {
      for (const button of list.querySelectorAll<HTMLElement>('.kite-route-button')) (button as HTMLElement & { drew?: string }).drew = button.getAttribute('aria-label')!;
    });
  const rowsInView = () =>
    routes.evaluate((list) => [...list.querySelectorAll<HTMLElement>('.kite-route-button')].map((button) => ({ name: button.getAttribute('aria-label'), drew: (button as HTMLElement & { drew?: string }).drew ?? null })));
  await markRows();
  const before = await rowsInView();
  // resource49 and resource490-499: none of them in view before (resource0-5 are).
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('resource49');
  await expect(page.getByText('55 of 5001 routes')).toBeVisible();
  await expect(routes).toHaveAttribute('data-search', 'resource49');
  const after = await rowsInView();
  expect(after.length).toBeGreaterThan(10);
  expect(after.every((row) => !before.some((old) => old.name === row.name))).toBe(true);
  // Every route row is an element that drew another route before: only its text and attributes changed.
  expect(after.filter((row) => row.drew === null)).toEqual([]);
  expect(after.every((row) => row.drew !== row.name)).toBe(true);

  // A focused row scrolled far out of view (a jump that leaves none of the rows in view): its
  // element is not given to a route that comes.
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('resource4');
  await expect(page.getByText('555 of 5001 routes')).toBeVisible();
  await routeButton(page, 'GET', '/resource4').focus();
  await markRows();
  await routes.evaluate((list) => (list.scrollTop = list.scrollHeight));
  await expect(routeButton(page, 'GET', '/resource499')).toBeVisible();
  const active = await page.evaluate(() => ({ name: document.activeElement?.getAttribute('aria-label') ?? null, drew: (document.activeElement as HTMLElement & { drew?: string }).drew ?? null }));
  expect(active.drew === null || active.name === active.drew).toBe(true);
});

test('a route whose schema could not be read is marked and links to the Status screen', async ({ page }) => {
  await page.goto(host.url);
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('broken');
  const link = page.getByRole('link', { name: 'POST /broken has an extraction error; open Status' });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: /\/broken/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be read' })).toContainText("Cannot resolve $ref '#/components/schemas/Missing'");
  await link.click();
  await expect(page).toHaveURL(/\/http-client\/status$/);
});

test('a parameter thousands of routes share travels once, and a route that refers to it shows it in full', async ({ page }) => {
  // `{id}` is the same path parameter in 3,000 operations: the host sends it once (format 2).
  const routes = await (await page.request.get(`${host.url}/api/routes`)).json();
  const [application] = routes.applications;
  expect(routes.format).toBe(2);
  const shared = Object.entries(application.parameters).filter(([, parameter]) => (parameter as { name: string }).name === 'id');
  expect(shared).toEqual([[expect.any(String), { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }]]);
  const reference = JSON.stringify([{ $ref: `#/parameters/${shared[0]![0]}` }]);
  expect(application.routes.filter((route: { parameters: unknown[] }) => JSON.stringify(route.parameters) === reference)).toHaveLength(3000);

  await page.goto(host.url);
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('put resource432');
  await routeButton(page, 'PUT', '/resource432/{id}').click();
  const docsButton = page.getByRole('button', { name: 'Docs 1 parameter · body' });
  await docsButton.click();
  const id = page.locator('.kite-docs-content').getByRole('group', { name: 'Parameter id' });
  await expect(id).toContainText('path');
  await expect(id).toContainText('integer');
  await expect(id).toContainText('required');
  await expect(page.getByRole('textbox', { name: 'Path parameter id' })).toBeVisible();
});
