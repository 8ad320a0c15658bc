// The first load: nothing but the first screen loads before it is usable. The idle prefetches (the
// response viewer, the body editor, the palette, …) start their delays once the main screen lists
// its routes or the user first interacts, never while the screen is still coming up (issue 31).
// The page's clock is Playwright's, so "long after the page started" is a state, not a wait.
import { expect, test } from '@playwright/test';

test('idle prefetches wait until the routes are listed, then the response viewer still loads before any Send', async ({ page }) => {
  await page.clock.install();
  // The routes the page carries are taken out, so the screen waits for a routes call, held here.
  await page.route(/\/http-client\/?$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script[^>]*id="kite-routes"[^>]*>[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/routes', async (route) => {
    await held;
    await route.continue();
  });
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/chunks/') || request.url().endsWith('.js')) events.push(new URL(request.url()).pathname);
  });

  await page.goto('/http-client');
  await expect(page.getByText('Loading routes…')).toBeVisible();
  // Ten seconds of the page's time with the screen not usable yet: every idle delay has run out.
  await page.clock.runFor(10_000);
  await expect(page.getByText('Loading routes…')).toBeVisible();
  expect(events.filter((path) => /\/chunks\/ResponseViewer-|fetch-worker|\/chunks\/SidebarTooltip-/.test(path))).toEqual([]);
  events.push('routes released');
  release();
  await expect(page.getByRole('navigation', { name: 'Routes' }).getByRole('button').first()).toBeVisible();
  await page.clock.runFor(5_000);

  const released = () => events.indexOf('routes released');
  const viewer = () => events.findIndex((path) => /\/chunks\/ResponseViewer-[A-Z0-9]+\.js$/.test(path));
  await expect.poll(viewer).toBeGreaterThan(-1);
  expect(viewer(), `requested before the routes were listed: ${events.slice(0, released()).join(', ')}`).toBeGreaterThan(released());
  // The collapsed sidebar's tooltip is not drawn on the first screen: it follows, once the screen is usable.
  const tooltip = () => events.findIndex((path) => /\/chunks\/SidebarTooltip-[A-Z0-9]+\.js$/.test(path));
  await expect.poll(tooltip).toBeGreaterThan(released());
});
