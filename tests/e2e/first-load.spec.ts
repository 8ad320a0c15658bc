// The first load: nothing but the first screen loads before it is usable. The prefetches (the
// response viewer, the body editor, the palette, …) wait until the main screen lists its routes
// beside its Send and the page is quiet, then come one at a time (lib/prefetch-queue.ts, issue 31).
// The page's timers are Playwright's clock, so "long after the page started" is a state, not a
// wait; its idle callbacks stay the browser's own, so "the page is quiet" is the browser's word.
import { expect, test, type Page } from '@playwright/test';

/** The chunks the first screen does not draw, fetched by the prefetch queue. */
const PREFETCHED = /\/(ResponseViewer|BodyEditor|AuthEditor|CookiesPanel|SidebarTooltip|HistoryPanel|GeneratorPalette)-[A-Z0-9]+\.js$|\/fetch-worker\.js$/;

async function installClockKeepingIdleCallbacks(page: Page) {
  await page.addInitScript(() => {
    const own = window as unknown as { __kiteIdle?: [typeof requestIdleCallback, typeof cancelIdleCallback] };
    own.__kiteIdle = [window.requestIdleCallback.bind(window), window.cancelIdleCallback.bind(window)];
  });
  await page.clock.install();
  await page.addInitScript(() => {
    const own = window as unknown as { __kiteIdle: [typeof requestIdleCallback, typeof cancelIdleCallback] };
    [window.requestIdleCallback, window.cancelIdleCallback] = own.__kiteIdle;
  });
}

/** Resolves once the browser grants the page a full idle period: no task and no frame pending. */
const pageIsQuiet = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const ask = () => requestIdleCallback((slot) => (slot.timeRemaining() >= 40 ? resolve() : ask()));
        ask();
      }),
  );

function chunkRequests(page: Page) {
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/chunks/') || request.url().endsWith('.js')) events.push(new URL(request.url()).pathname);
  });
  return events;
}

test('no prefetch before the routes are listed and Send is drawn; the response viewer comes first once the page is quiet', async ({ page }) => {
  await installClockKeepingIdleCallbacks(page);
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
  const events = chunkRequests(page);

  await page.goto('/http-client');
  await expect(page.getByText('Loading routes…')).toBeVisible();
  // Ten seconds of the page's time, and a quiet page, with the screen not usable yet: nothing.
  await page.clock.runFor(10_000);
  await pageIsQuiet(page);
  await expect(page.getByText('Loading routes…')).toBeVisible();
  expect(events.filter((path) => PREFETCHED.test(path))).toEqual([]);
  events.push('routes released');
  release();
  await expect(page.getByRole('navigation', { name: 'Routes' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Request' }).getByRole('button', { name: 'Send', exact: true })).toBeEnabled();

  const released = () => events.indexOf('routes released');
  const firstPrefetch = () => events.findIndex((path) => PREFETCHED.test(path));
  await expect.poll(firstPrefetch).toBeGreaterThan(-1);
  expect(firstPrefetch(), `requested before the routes were listed: ${events.slice(0, released()).join(', ')}`).toBeGreaterThan(released());
  expect(events.filter((path) => PREFETCHED.test(path))[0]).toMatch(/ResponseViewer-|fetch-worker/);
  // The collapsed sidebar's tooltip is not drawn on the first screen: it follows, in its turn.
  const tooltip = () => events.findIndex((path) => /\/chunks\/SidebarTooltip-[A-Z0-9]+\.js$/.test(path));
  await expect.poll(tooltip).toBeGreaterThan(released());
});

test('prefetches come one at a time: none starts while the previous chunk is on its way', async ({ page }) => {
  await installClockKeepingIdleCallbacks(page);
  let arrive = () => {};
  const viewerHeld = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(/\/chunks\/ResponseViewer-[A-Z0-9]+\.js$/, async (route) => {
    await viewerHeld;
    await route.continue();
  });
  const events = chunkRequests(page);
  await page.goto('/http-client');
  await expect(page.getByRole('navigation', { name: 'Routes' }).getByRole('button').first()).toBeVisible();
  const viewer = () => events.findIndex((path) => /\/chunks\/ResponseViewer-/.test(path));
  await expect.poll(viewer).toBeGreaterThan(-1);

  // A minute of the page's time and a quiet page while the viewer's chunk is on its way: the
  // body editor, the tooltip, the palette… wait for it.
  await page.clock.runFor(60_000);
  await pageIsQuiet(page);
  const others = () => events.filter((path) => PREFETCHED.test(path) && !/ResponseViewer-|fetch-worker/.test(path));
  expect(others()).toEqual([]);

  events.push('viewer arrived');
  arrive();
  await expect.poll(() => others().length).toBeGreaterThan(0);
  const arrivedAt = events.indexOf('viewer arrived');
  expect(events.findIndex((path) => PREFETCHED.test(path) && !/ResponseViewer-|fetch-worker/.test(path))).toBeGreaterThan(arrivedAt);
});

test('the first screen loads only what it draws: the Docs panel closed without Radix Collapsible or its body, no palette icons, no history store with nothing to trim', async ({ page }) => {
  // Issue 31: first load ≤ 170 KB gzip. Each module below is named by a string its built code keeps.
  const notDrawn = {
    "Radix Collapsible (features/docs/RouteDocs.tsx)": '"Collapsible"',
    "the Docs panel's body (features/docs/DocsBody.tsx)": '"About this route"',
    "the palette's generator icons (lucide's fingerprint)": '"fingerprint-pattern"',
    "history's store rules (features/history/history-store.ts)": 'history dropped',
  };
  await installClockKeepingIdleCallbacks(page);
  // The prefetch queue may start at the route's click (the first interaction): its first piece, the
  // response viewer, is held, so nothing prefetched arrives while the screen is looked at.
  let releaseViewer = () => {};
  const viewerHeld = new Promise<void>((resolve) => (releaseViewer = resolve));
  await page.route(/\/chunks\/ResponseViewer-[A-Z0-9]+\.js$/, async (route) => {
    await viewerHeld;
    await route.continue();
  });
  const scripts: Promise<{ path: string; code: string }>[] = [];
  let counting = true;
  page.on('response', (response) => {
    if (counting && response.request().resourceType() === 'script') scripts.push(response.text().then((code) => ({ path: new URL(response.url()).pathname, code })));
  });
  await page.goto('/http-client');
  // What the peer bench does: a route, then Send.
  await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: 'POST /posts', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Docs/ })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Request' }).getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  counting = false;
  const loaded = await Promise.all(scripts);
  const holding = (marker: string) => loaded.filter(({ code }) => code.includes(marker)).map(({ path }) => path);
  const found = Object.fromEntries(Object.entries(notDrawn).map(([module, marker]) => [module, holding(marker)]));
  expect(found).toEqual(Object.fromEntries(Object.keys(notDrawn).map((module) => [module, []])));

  // Opened (before the page was ever idle: Radix takes over on the click), the panel draws its body
  // and keeps the focus on its heading.
  const docs = page.getByRole('button', { name: /^Docs/ });
  await expect(docs).toHaveAttribute('aria-expanded', 'false');
  await docs.click();
  await expect(page.getByRole('region', { name: 'About this route' })).toBeVisible();
  await expect(docs).toHaveAttribute('aria-expanded', 'true');
  await expect(docs).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(docs).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'About this route' })).toHaveCount(0);
  releaseViewer();
});

test('no prefetch starts while the JSON body is being checked: the check does not wait behind a chunk', async ({ page }) => {
  // Issue 31: the queue went on while a large document's check was on its way, and a chunk
  // evaluated then (faker's locale, the palette) delayed its "Valid JSON" (JsonEditor holds the
  // queue). The check of a body over 256 KB runs in a worker, whose script is held here.
  const held = (pattern: RegExp) => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    void page.route(pattern, async (route) => {
      await arrived;
      await route.continue();
    });
    return release;
  };
  const releaseViewer = held(/\/chunks\/ResponseViewer-[A-Z0-9]+\.js$/);
  const releaseValidator = held(/\/json-validate-worker\.js$/);
  const events = chunkRequests(page);
  const LATER = /\/chunks\/(SidebarTooltip|RouteDocs|DocsBody|HistoryPanel|GeneratorPalette)-[A-Z0-9]+\.js$/;
  await page.goto('/http-client');
  await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: 'POST /posts', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'JSON body' });
  await expect(page.getByText('Empty body')).toBeVisible();

  // A 300 KB document pasted: its check waits for the validator.
  await editor.evaluate((element) => {
    const text = JSON.stringify({ title: 'x', body: 'y'.repeat(300 * 1024), author_id: 1 });
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.focus();
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  const checking = page.getByText('Checking…');
  await expect(checking).toBeVisible();
  events.push('viewer released');
  releaseViewer();
  await expect.poll(() => events.some((path) => /\/chunks\/ResponseViewer-/.test(path))).toBe(true);
  for (let quiet = 0; quiet < 6; quiet += 1) await pageIsQuiet(page);
  await expect(checking).toBeVisible();
  expect(events.slice(events.indexOf('viewer released')).filter((path) => LATER.test(path))).toEqual([]);

  // Checked, the queue goes on.
  events.push('checked');
  releaseValidator();
  await expect(checking).toHaveCount(0);
  await expect.poll(() => events.slice(events.indexOf('checked')).some((path) => LATER.test(path))).toBe(true);
});

test('the fetch worker starts as soon as the screen can send, not as an idle prefetch', async ({ page }) => {
  // The page's clock stays paused, so no idle callback comes and the prefetch queue never runs: a
  // first Send of 50 MB must still find the worker that receives it off the page's thread (issue 31).
  const start = new Date('2026-01-01T08:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  const events = chunkRequests(page);
  await page.goto('/http-client');
  await expect(page.getByRole('region', { name: 'Request' }).getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await expect.poll(() => events.some((path) => path.endsWith('/fetch-worker.js'))).toBe(true);
  // The premise: no prefetch ran (the response viewer's chunk is the queue's first piece).
  expect(events.filter((path) => /\/chunks\/ResponseViewer-/.test(path))).toEqual([]);
});

test("a first Send asks for the response viewer's chunk and every chunk it imports at once, after its relay call", async ({ page, request }) => {
  // Issue 31: a first Send fetched the viewer, and the ten chunks it imports only once it had been
  // parsed: one more round, which came after the 200 ms floor on a busy machine. Asked for before
  // the call, all eleven (fetched and compiled at once) held the call back instead. The page's
  // clock stays paused, so no idle callback comes and the prefetch queue never runs.
  const { firstResponse } = (await (await request.get('/vendor/kite/manifest.json')).json()) as { firstResponse: string[] };
  expect(firstResponse.length).toBeGreaterThan(1);
  const start = new Date('2026-01-01T08:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  // The viewer's own chunk is held: its imports must not wait for it.
  let releaseViewer = () => {};
  const viewerHeld = new Promise<void>((resolve) => (releaseViewer = resolve));
  await page.route(/\/chunks\/ResponseViewer-[A-Z0-9]+\.js$/, async (route) => {
    await viewerHeld;
    await route.continue();
  });
  const events: string[] = [];
  page.context().on('request', (sent) => events.push(new URL(sent.url()).pathname));
  await page.goto('/http-client');
  await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: 'GET /users', exact: true }).click();
  const send = page.getByRole('region', { name: 'Request' }).getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  const requested = () => firstResponse.filter((file) => events.includes(`/vendor/kite/${file}`));
  // The premise: the route's click before Send is usable asked for the viewer's chunk and most of
  // its imports not (one may be shared with what the route's request draws).
  const wanted = firstResponse.filter((file) => !requested().includes(file));
  expect(wanted.length).toBeGreaterThan(firstResponse.length / 2);
  expect(wanted.some((file) => /\/ResponseViewer-/.test(file))).toBe(true);
  await send.click();
  await expect.poll(requested).toEqual(firstResponse);
  // The relay call leaves from the fetch worker's thread: the chunks wait until the worker says it
  // made it, so on a busy machine too they come after it (CI once saw all eleven before it).
  await expect.poll(() => events.some((path) => path.endsWith('/api/relay'))).toBe(true);
  const relayAt = events.findIndex((path) => path.endsWith('/api/relay'));
  expect(Math.min(...wanted.map((file) => events.indexOf(`/vendor/kite/${file}`)))).toBeGreaterThan(relayAt);
  releaseViewer();
});
