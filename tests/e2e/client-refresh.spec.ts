// Routes follow the host: a host started on an OpenAPI file re-reads it when it is edited, reports
// its new routes revision with the next relay answer, and the explorer fetches the routes again —
// only while "Refresh routes automatically" is on.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startKiteHost } from '../../bench/support.mjs';
import { completeRoutes } from '../../protocol/route-refs.js';
import { responseArea, routeButton } from './support/client-screen';

let target: Server;
let targetUrl: string;
let calls = 0;
let host: Awaited<ReturnType<typeof startKiteHost>> | undefined;
let documentFile: string;

test.beforeAll(async () => {
  // The API the relay reaches: it counts calls, so each answer is told apart on screen.
  target = createServer((_req, res) => {
    calls += 1;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ call: calls }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

test.beforeEach(async () => {
  documentFile = join(mkdtempSync(join(tmpdir(), 'kite-refresh-')), 'api.json');
  writeDocument(['/users']);
  host = await startKiteHost(['--openapi', documentFile]);
});
test.afterEach(async () => {
  await host?.stop();
});

function writeDocument(paths: string[]) {
  const operations = Object.fromEntries(paths.map((path) => [path, { get: { tags: ['api'], responses: { 200: { description: 'OK' } } } }]));
  writeFileSync(documentFile, JSON.stringify({ openapi: '3.1.0', info: { title: 'Editable API', version: '1' }, servers: [{ url: targetUrl }], paths: operations }));
}

/** Edits the document and waits until the host itself lists the new route (its reload is debounced). */
async function addRouteOnDisk(path: string) {
  writeDocument(['/users', path]);
  await expect
    .poll(async () => completeRoutes(await (await fetch(`${host!.url}/api/routes`)).json()).applications[0].routes.map((route) => route.id), { timeout: 10_000 })
    .toContain(`GET ${path}`);
}

async function sendAndSee(page: Page, call: number) {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(responseArea(page)).toContainText(`"call": ${call}`, { timeout: 15_000 });
}

test('after the OpenAPI file gains a route, the next response brings it into the explorer without pressing refresh', async ({ page }) => {
  calls = 0;
  await page.goto(host!.url);
  await routeButton(page, 'GET', '/users').click();
  await sendAndSee(page, 1);

  await addRouteOnDisk('/orders');
  // Nothing has told the page yet.
  await expect(routeButton(page, 'GET', '/orders')).toHaveCount(0);

  await sendAndSee(page, 2);
  await expect(routeButton(page, 'GET', '/orders')).toBeVisible();
  await expect(page.getByText('2 routes')).toBeVisible();
  // The refresh kept the request being built.
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
});

test('with automatic refresh off, a changed host leaves the explorer alone until refresh is pressed', async ({ page }) => {
  calls = 0;
  await page.addInitScript(() => localStorage.setItem('kite:preferences', JSON.stringify({ autoRefreshRoutes: false })));
  let routeCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/routes')) routeCalls += 1;
  });
  await page.goto(host!.url);
  await routeButton(page, 'GET', '/users').click();
  await sendAndSee(page, 1);

  await addRouteOnDisk('/orders');
  await sendAndSee(page, 2);
  const afterSend = routeCalls;
  // A call the page makes now: once its request is seen, a refetch the answer started would have
  // been seen before it (requests are reported in the order they are made). None was.
  await page.evaluate((status) => fetch(status).then((response) => response.text()), new URL('api/status', `${host!.url}/`).toString());
  expect(routeCalls).toBe(afterSend);
  await expect(routeButton(page, 'GET', '/orders')).toHaveCount(0);
  await expect(page.getByText('1 route', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Refresh routes' }).click();
  await expect(routeButton(page, 'GET', '/orders')).toBeVisible();
});
