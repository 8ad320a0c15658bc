// The routes pane's switcher for a host serving several applications (`kite serve --openapi A
// --openapi B`) and for versioned route groups (`/v1/…`, `/v2/…`): picking one lists only its routes.
import { expect, test } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKiteHost } from '../../bench/support.mjs';
import { routeButton } from './support/client-screen';

/** An OpenAPI 3.1 document titled $title with a GET for each path, written to a temporary file. */
function openApiFile(title: string, paths: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kite-scope-')), `${title.toLowerCase()}.json`);
  const operations = Object.fromEntries(paths.map((path) => [path, { get: { responses: { 200: { description: 'OK' } } } }]));
  writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title, version: '1' }, servers: [{ url: 'http://127.0.0.1:9' }], paths: operations }));
  return file;
}

let host: Awaited<ReturnType<typeof startKiteHost>> | undefined;
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

test('with two applications and versioned paths, the routes pane switches between applications and API versions', async ({ page }) => {
  const shop = openApiFile('Shop', ['/v1/orders', '/v2/orders', '/v2/customers']);
  const admin = openApiFile('Admin', ['/users']);
  host = await startKiteHost(['--openapi', shop, '--openapi', admin]);
  await page.goto(host.url);
  const application = page.getByRole('combobox', { name: 'Application' });
  const version = page.getByRole('combobox', { name: 'API version' });
  const footer = page.locator('.kite-explorer-footer');

  await expect(footer).toHaveText('4 routes');
  await expect(application.getByRole('option')).toHaveText(['All applications', 'Shop', 'Admin']);
  await expect(version.getByRole('option')).toHaveText(['All versions', 'v1', 'v2']);

  await application.selectOption({ label: 'Admin' });
  await expect(footer).toHaveText('1 of 4 routes');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
  await expect(routeButton(page, 'GET', '/v2/orders')).toHaveCount(0);

  await application.selectOption({ label: 'Shop' });
  await version.selectOption('v2');
  await expect(footer).toHaveText('2 of 4 routes');
  await expect(routeButton(page, 'GET', '/v2/orders')).toBeVisible();
  await expect(routeButton(page, 'GET', '/v2/customers')).toBeVisible();
  await expect(routeButton(page, 'GET', '/v1/orders')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('route-scope.png') });

  // The route picked is sent to its own application.
  await routeButton(page, 'GET', '/v2/orders').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/v2/orders');

  await version.selectOption({ label: 'All versions' });
  await expect(footer).toHaveText('3 of 4 routes');
});
