// A third-party document in the browser (issue 24): ReadMe's petstore (OpenAPI 3.0, server URL
// `http://petstore.swagger.io/v2`) served with --target pointing at a loopback API that records
// what it receives: array query parameters written by their style, the server path kept, its docs.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startKiteHost } from '../../bench/support.mjs';
import { pickRoute, responseArea, routeButton, send } from './support/client-screen';

const petstore = createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json');

let target: Server;
let received: Array<{ url: string; authorization?: string; apiKey?: string }> = [];
let host: Awaited<ReturnType<typeof startKiteHost>>;

test.beforeAll(async () => {
  target = createServer((req: IncomingMessage, res) => {
    received.push({ url: req.url ?? '', authorization: req.headers.authorization, apiKey: req.headers.api_key as string | undefined });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  // Only the origin: the document's `/v2` is kept by the host.
  host = await startKiteHost(['--openapi', petstore, '--target', `http://127.0.0.1:${(target.address() as AddressInfo).port}`]);
});

test.afterAll(async () => {
  await host?.stop();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

test.beforeEach(async ({ page }) => {
  received = [];
  await page.goto(host.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(host.url);
});

test('auto-fill of findByStatus writes its exploded array as repeated status rows and sends status=…&status=… under /v2', async ({ page }) => {
  // status is required: its row is ticked from the start, so the URL ends in `?status=`.
  await routeButton(page, 'GET', '/pet/findByStatus').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(/^\/pet\/findByStatus/);
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await page.getByRole('tab', { name: /Params/ }).click();
  const values = page.getByRole('textbox', { name: 'query parameter status value' });
  await expect(values.first()).toHaveValue(/^(available|pending|sold)$/);
  const shown = await values.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  await page.screenshot({ path: join(tmpdir(), 'kite-petstore-params.png') });
  await expect(page.getByLabel('Final URL')).toHaveText(new RegExp(`/v2/pet/findByStatus\\?${shown.map((value) => `status=${value}`).join('&')}$`));
  await send(page);
  await expect(responseArea(page).getByText('200', { exact: true })).toBeVisible();
  expect(received).toHaveLength(1);
  const sent = new URL(received[0].url, 'http://target');
  expect(sent.pathname).toBe('/v2/pet/findByStatus');
  expect(sent.searchParams.getAll('status')).toEqual(shown);
  expect(received[0].url).not.toMatch(/%5B|\[/);
});

test('the Docs panel lists the fields of the Pet body, its nested $refs too', async ({ page }) => {
  await pickRoute(page, 'POST', '/pet');
  await page.getByRole('button', { name: /^Docs/ }).click();
  const docs = page.locator('.kite-docs-content');
  await expect(docs.getByRole('group', { name: 'Field category' })).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), 'kite-petstore-docs.png'), fullPage: true });
  await expect(docs.getByRole('group', { name: 'Field photoUrls' })).toContainText('string[]required');
  await expect(docs.getByRole('group', { name: 'Field status' })).toContainText('"available" | "pending" | "sold"');
  await expect(docs.getByRole('group', { name: 'Field category' })).toContainText('object');
  await expect(docs.getByRole('group', { name: 'Field tags' })).toContainText('object[]');
  await expect(docs.getByRole('group', { name: 'Field body' })).toHaveCount(0);
});

test('the default auth follows the document (the operation’s own scheme: an API key in its header) instead of the logged-in user', async ({ page }) => {
  await routeButton(page, 'GET', '/store/inventory').click();
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('combobox', { name: 'Authorization type' }).locator('option:checked')).toHaveText('api_key — API key in header api_key');
  await expect(page.getByRole('textbox', { name: 'API key name' })).toHaveValue('api_key');
  await page.getByRole('textbox', { name: 'API key value' }).fill('pet-key');
  await page.screenshot({ path: join(tmpdir(), 'kite-petstore-auth.png') });
  await send(page);
  await expect(responseArea(page).getByText('200', { exact: true })).toBeVisible();
  expect(received.at(-1)?.apiKey).toBe('pet-key');
});
