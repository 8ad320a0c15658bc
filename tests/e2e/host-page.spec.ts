// The Node host in a real browser: the page under a sub-folder mount path, its config, the bundle
// and chunks from the vendor path, and a relay call made with the XSRF cookie the page set.
import { expect, test } from '@playwright/test';
import { startKite } from '../../server/index.mjs';

let host: { url: string; origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  host = await startKite({ port: 0, path: '/sub/folder/http-client' });
});
test.afterAll(async () => {
  await host?.close();
});

test('a page under a sub-folder path gets its config and loads the bundle and chunks from /vendor/kite', async ({ page }) => {
  const assets: string[] = [];
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/vendor/kite/')) assets.push(url.pathname);
    if (response.status() >= 400 && url.pathname.startsWith('/vendor/kite/') && !url.pathname.endsWith('favicon.svg')) failed.push(`${response.status()} ${url.pathname}`);
  });
  await page.goto(`${host.url}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  const config = await page.evaluate(() => (window as unknown as { Kite: Record<string, unknown> }).Kite);
  expect(config).toMatchObject({ basePath: '/sub/folder/http-client', apiUrl: '/sub/folder/http-client/api', assetsUrl: '/vendor/kite', host: 'node' });
  expect(config.applications).toEqual([{ id: 'demo', name: 'Kite Demo API', baseUrl: `${host.origin}/demo` }]);

  expect(assets).toContain('/vendor/kite/kite.js');
  expect(assets.some((path) => /^\/vendor\/kite\/chunks\/SettingsScreen-[A-Z0-9]+\.js$/.test(path))).toBe(true);
  expect(failed).toEqual([]);
  await expect(page.getByRole('link', { name: 'HTTP Client' })).toHaveAttribute('href', '/sub/folder/http-client');
  await page.screenshot({ path: '/tmp/host-page-subfolder.png' });
});

test('the app can read the XSRF cookie and relay a request to the demo API', async ({ page }) => {
  await page.goto(host.url);
  const result = await page.evaluate(async () => {
    const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/sub/folder/http-client/api/relay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ method: 'GET', url: '/me', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'bearer', token: 'demo-token' } }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const end = bytes.indexOf(10);
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      meta: JSON.parse(new TextDecoder().decode(bytes.subarray(0, end))),
      body: JSON.parse(new TextDecoder().decode(bytes.subarray(end + 1))),
      hasToken: token.length > 0,
    };
  });
  expect(result.hasToken).toBe(true);
  expect(result.status).toBe(200);
  expect(result.contentType).toBe('application/vnd.kite.relay-frame');
  expect(result.meta.status).toBe(200);
  expect(result.body).toMatchObject({ via: 'bearer', user: { id: 1 } });
});

test('a relay call without the XSRF header is refused with 419', async ({ page }) => {
  await page.goto(host.url);
  const status = await page.evaluate(async () => {
    const response = await fetch('/sub/folder/http-client/api/relay', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    return { status: response.status, body: await response.json() };
  });
  expect(status.status).toBe(419);
  expect(status.body.error.code).toBe('XSRF_MISMATCH');
});
