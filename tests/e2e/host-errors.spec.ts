// The spec's error toast (§8): a non-OK response of a call to the host shows 'HTTP error! status:
// {status}'. The relay's own failures are such responses (target unreachable 502, not allowed 403):
// they toast with the host's message as the description, and the response card keeps the detail.
// A target's own 404, relayed by the host with a 200, is not a host failure: no toast.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKiteHost } from '../../bench/support.mjs';
import { responseArea, send } from './support/client-screen';

const httpErrorToasts = (page: Page) => page.locator('[data-sonner-toast]').filter({ hasText: /HTTP error! status/ });
const url = (page: Page) => page.getByRole('textbox', { name: 'URL' });

test.describe('against an application whose server is down', () => {
  let host: Awaited<ReturnType<typeof startKiteHost>>;

  test.beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kite-down-')), 'down.json');
    const paths = { '/health': { get: { summary: 'Health', responses: { 200: { description: 'OK' } } } } };
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'Down', version: '1' }, paths }));
    // Port 9 (discard) refuses connections on 127.0.0.1.
    host = await startKiteHost(['--openapi', file, '--target', 'http://127.0.0.1:9']);
  });

  test.afterAll(async () => {
    await host?.stop();
  });

  test("an unreachable target shows the toast 'HTTP error! status: 502' with the host's message, and the card keeps the detail", async ({ page }) => {
    await page.goto(host.url);
    await url(page).fill('/health');
    await send(page);
    const toast = httpErrorToasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('HTTP error! status: 502');
    await expect(toast).toContainText('Could not reach http://127.0.0.1:9');
    await expect(responseArea(page).getByRole('alert')).toContainText('TARGET_UNREACHABLE');
    await expect(responseArea(page).getByRole('alert')).toContainText('Could not reach http://127.0.0.1:9');
  });
});

test("a target's own 404 shows in the card with no toast; a refused target then toasts alone", async ({ page }) => {
  await page.goto('/http-client');
  await url(page).fill('/no-such-route');
  await send(page);
  await expect(responseArea(page).getByText('404', { exact: true })).toBeVisible();
  // A call the host refuses (403) toasts; had the 404 toasted, its toast would be listed too.
  await url(page).fill('http://203.0.113.9/elsewhere');
  await send(page);
  await expect(httpErrorToasts(page).filter({ hasText: 'HTTP error! status: 403' })).toHaveCount(1);
  await expect(httpErrorToasts(page)).toHaveCount(1);
  await expect(responseArea(page).getByRole('alert')).toContainText('TARGET_NOT_ALLOWED');
});

test('the Node host says it has no data pickers, so impersonation and Send as… never ask for them (no 404 toast)', async ({ page }) => {
  const dataCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/api/data')) dataCalls.push(request.url());
  });
  await page.goto('/http-client');
  expect(await page.evaluate(() => window.Kite?.dataPickers)).toBe(false);
  await url(page).fill('/echo');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Impersonate User with ID' });
  await expect(page.getByRole('textbox', { name: 'User ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Send as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send as…' });
  await expect(dialog.getByRole('button', { name: '+ User' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // A refused call toasts; a data-picker 404 asked for before it would be listed as a second toast.
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'None' });
  await url(page).fill('http://203.0.113.9/elsewhere');
  await send(page);
  await expect(httpErrorToasts(page).filter({ hasText: 'HTTP error! status: 403' })).toHaveCount(1);
  await expect(httpErrorToasts(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Find user' })).toHaveCount(0);
  expect(dataCalls).toEqual([]);
});
