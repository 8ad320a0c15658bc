import { test, expect, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runConformance } from '../../protocol/conformance/checks.mjs';
import { jsonBody, jsonBodyText, pickRoute, responseArea, routeButton, send } from './support/client-screen';
import { overridePageConfig } from './support/page-config';
import { shownMs } from './support/durations';
import { startLaravel, type LaravelServer } from './support/laravel-app';

// Kite inside a real Laravel application: Laravel 12's slim skeleton with the fixture's routes and
// Kite installed by composer and its own command (tests/php/laravel12.mjs), served by `php -S` with
// ONE worker. The relay to the app itself must answer on that single worker.
const PORT = Number(process.env.KITE_LARAVEL_E2E_PORT ?? 8186);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The Laravel 12 app under test and its php -S (support/laravel-app.ts). */
let laravel: LaravelServer | undefined;
let app = '';

// The response pane starts with the status line ("200 OK"), so a status is read with /^200\s*OK/.
// Kite's own UI is driven by role and visible text with ./support/client-screen, as against the Node host.
/** Logs fixture user 2 (Grace Hopper) into the app in this browser, then opens Kite. */
async function openKiteAsGrace(page: Page) {
  await page.goto('/_fixture/login/2');
  await page.goto('/http-client');
  await expect(routeButton(page, 'GET', '/api/me')).toBeVisible();
}

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Preparing the app (tar, composer, artisan) takes a minute on a busy machine; npm test prepares one for every suite.
  test.setTimeout(300_000);
  laravel = await startLaravel(PORT);
  app = laravel.app;
});

test.afterAll(() => laravel?.stop());

test('the Laravel app serves Kite at /http-client with its page config and routes', async ({ page }) => {
  await page.goto('/_fixture/login/2');
  await page.goto('/http-client');

  await expect(page).toHaveTitle('Kite · HTTP Client');
  // The route explorer lists the Laravel app's routes, found from its router.
  await expect(page.getByText('/api/me', { exact: true })).toBeVisible();
  const config = await page.evaluate(() => (window as unknown as { Kite: Record<string, unknown> }).Kite);
  expect(config).toMatchObject({
    basePath: '/http-client',
    assetsUrl: '/vendor/kite',
    apiUrl: '/http-client/api',
    host: 'laravel',
    publishCommand: 'php artisan kite:publish',
    applications: [{ id: 'laravel', name: 'Laravel', baseUrl: ORIGIN }],
  });

  const routes = await page.evaluate(async () => (await fetch('/http-client/api/routes', { headers: { Accept: 'application/json' } })).json());
  const ids = routes.applications[0].routes.map((route: { id: string }) => route.id);
  expect(ids).toContain('POST /api/users');
  const store = routes.applications[0].routes.find((route: { id: string }) => route.id === 'POST /api/users');
  expect(store.schema.body.required).toEqual(['name', 'email', 'password', 'password_confirmation']);
});

test('a request relayed as an impersonated user comes back through the relay on one php -S worker', async ({ page }) => {
  await page.goto('/_fixture/login/2');
  await page.goto('/http-client');

  const result = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const relay = async (authorization: object) => {
      const response = await fetch('/http-client/api/relay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({ method: 'GET', url: '/api/me', headers: [{ name: 'Accept', value: 'application/json' }], query: [], body: { type: 'none' }, authorization }),
      });
      const text = await response.text();
      const newline = text.indexOf('\n');
      return { status: response.status, type: response.headers.get('content-type'), meta: JSON.parse(text.slice(0, newline)), body: JSON.parse(text.slice(newline + 1)) };
    };
    const impersonated = await relay({ type: 'impersonate', userId: '3' });
    const currentUser = await relay({ type: 'current-user' });
    const session = await (await fetch('/_fixture/session')).json();
    return { impersonated, currentUser, session };
  });

  expect(result.impersonated.status).toBe(200);
  expect(result.impersonated.type).toBe('application/vnd.kite.relay-frame');
  expect(result.impersonated.meta.status).toBe(200);
  expect(result.impersonated.body).toEqual({ id: 3, name: 'Alan Turing' });
  expect(result.currentUser.body).toEqual({ id: 2, name: 'Grace Hopper' });
  expect(result.session.user, 'impersonating never logs the browser in as someone else').toBe(2);
});

test('in the UI, a route picked in the explorer is sent as an impersonated user and then as the logged-in user', async ({ page }) => {
  await openKiteAsGrace(page);
  await pickRoute(page, 'GET', '/api/me');
  await page.getByRole('tab', { name: 'Auth' }).click();
  const type = page.getByRole('combobox', { name: 'Authorization type' });
  await type.selectOption({ label: 'Impersonate User with ID' });
  await page.getByRole('textbox', { name: 'User ID' }).fill('3');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"name": "Alan Turing"');
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-impersonated.png'), fullPage: true });

  await type.selectOption({ label: 'Currently Logged-in User' });
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"name": "Grace Hopper"');
  await expect(responseArea(page)).not.toContainText('Alan Turing');
});

test('in the UI, auto-fill builds a body from the FormRequest rules that the Laravel route accepts', async ({ page }) => {
  await openKiteAsGrace(page);
  await pickRoute(page, 'POST', '/api/projects');
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  const editor = jsonBody(page);
  await expect(editor).toHaveText(/"contact_email": "[^"]+@[^"]+"/);
  await expect(page.getByText('Valid JSON, matches the route’s schema')).toBeVisible();
  const filled = JSON.parse(await jsonBodyText(page));
  await send(page);
  await expect(responseArea(page)).toHaveText(/^201\s*Created/);
  // The route answers with what it validated: the auto-filled values came through unchanged.
  await expect(responseArea(page)).toContainText(`"contact_email": "${filled.contact_email}"`);
  await expect(responseArea(page)).toContainText(`"visibility": "${filled.visibility}"`);
});

test('in the UI, auto-fill builds a body from a laravel-data object (nested objects, a collection, attributes) that the route accepts', async ({ page }) => {
  // POST /api/orders takes App\Data\OrderData: an AddressData with a #[Regex] zip, OrderLineData items, #[In] payment.
  await openKiteAsGrace(page);
  await searchAndPick(page, 'POST', '/api/orders');
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect(jsonBody(page)).toHaveText(/"zip": "\d{5}"/);
  await expect(page.getByText('Valid JSON, matches the route’s schema')).toBeVisible();
  const filled = JSON.parse(await jsonBodyText(page));
  expect(['card', 'invoice']).toContain(filled.payment);
  expect(Array.isArray(filled.lines)).toBe(true);
  await send(page);
  await expect(responseArea(page)).toHaveText(/^201\s*Created/);
  // laravel-data validated and built the object: it answers with what it read.
  await expect(responseArea(page)).toContainText(`"zip": "${filled.address.zip}"`);
});

test('a generator-valued global header (config/kite.php X-Request-Id => generator:uuid) reaches the Laravel app with a fresh uuid at every send', async ({ page }) => {
  // The page config as the host renders it for that config (PageTest checks the config → page part).
  await overridePageConfig(page, { globalHeaders: [{ name: 'X-Request-Id', value: 'generator:uuid' }] });
  await openKiteAsGrace(page);
  await searchAndPick(page, 'POST', '/api/echo');
  const uuid = /"request_id": "([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})"/;
  const sentId = async () => uuid.exec((await responseArea(page).textContent()) ?? '')?.[1];
  await send(page);
  await expect(responseArea(page)).toContainText(uuid);
  const first = await sentId();
  await send(page);
  // The second answer carries an id of its own: generated at this send, not kept from the last.
  await expect.poll(sentId).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(sentId).not.toBe(first);
});

test('in the UI, auto-fill of a GET whose rules take an array sends it as tags[]=…&tags[]=…, which Laravel validates', async ({ page }) => {
  await openKiteAsGrace(page);
  await routeButton(page, 'GET', '/api/search').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(/^\/api\/search/);
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await page.getByRole('tab', { name: /Params/ }).click();
  await expect(page.getByRole('textbox', { name: 'query parameter tags[] value' })).toHaveCount(2);
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  // Sent as tags=a&tags=b, PHP would keep the last only and the rules answer 422 (not an array).
  await expect(responseArea(page)).toContainText('"tags": [');
});

test('in the UI, auto-filling POST /api/users satisfies its confirmed, array and image rules', async ({ page }) => {
  // StoreUserRequest has `confirmed` (password_confirmation must repeat password), an avatar image
  // that makes the body multipart, and a tags array that must arrive as tags[] parts, not JSON text.
  await openKiteAsGrace(page);
  await pickRoute(page, 'POST', '/api/users');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Fill again with this seed' }).click();
  await expect(page.getByRole('textbox', { name: 'part email value' })).toHaveValue(/@/);
  const password = await page.getByRole('textbox', { name: 'part password value' }).inputValue();
  await expect(page.getByRole('textbox', { name: 'part password_confirmation value' })).toHaveValue(password);
  await send(page);
  const response = responseArea(page);
  await expect(response).toHaveText(/^201\s*Created/);
  await expect(response).toContainText('"id":');
});

test('in the UI, a route whose rules throw is marked in the explorer and the Status screen says why and where', async ({ page }) => {
  await openKiteAsGrace(page);
  // The list is virtual: the route is found as a user finds it, by searching (the fixture's routes
  // outgrow one screen).
  await page.getByLabel('Search routes').fill('/api/broken-rules');
  const mark = page.getByRole('link', { name: 'GET /api/broken-rules has an extraction error; open Status' });
  await expect(mark).toBeVisible();
  // Routes that read fine carry no mark.
  await page.getByLabel('Search routes').fill('/api/me');
  await expect(page.getByRole('button', { name: 'GET /api/me', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^GET \/api\/me has an extraction error/ })).toHaveCount(0);
  await page.getByLabel('Search routes').fill('/api/broken-rules');
  await mark.click();
  await expect(page).toHaveURL(/\/http-client\/status/);
  const problems = page.getByRole('region', { name: 'Routes whose schema could not be extracted' });
  const row = problems.getByRole('row', { name: /GET \/api\/broken-rules/ });
  await expect(row).toContainText('App\\Http\\Requests\\FailingRequest::rules() failed: The rules need a tenant');
  await expect(row).toContainText('app/Http/Requests/FailingRequest.php:11');
  await expect(problems.getByRole('row', { name: /GET \/api\/missing-controller/ })).toContainText('Controller class App\\Http\\Controllers\\NoSuchController does not exist.');
});

test('in the UI, a route whose rules() reads the user unguarded says what to change, on the route and on the Status screen', async ({ page }) => {
  const fix = 'rules() reads `$this->user()`: Kite calls it without a user; guard with `?->` (`$this->user()?->id`).';
  const shown = fix.replaceAll('`', '');
  await openKiteAsGrace(page);
  await searchAndPick(page, 'POST', '/api/user-scoped');
  const warning = page.getByRole('alert').filter({ hasText: 'could not be read' });
  await expect(warning).toContainText('Attempt to read property "id" on null');
  await expect(warning).toContainText(shown);
  // The fix's code is set as code.
  await expect(warning.locator('code', { hasText: '$this->user()?->id' })).toBeVisible();
  await page.getByRole('link', { name: 'POST /api/user-scoped has an extraction error; open Status' }).click();
  const problems = page.getByRole('region', { name: 'Routes whose schema could not be extracted' });
  const row = problems.getByRole('row', { name: /POST \/api\/user-scoped/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('App\\Http\\Requests\\UserScopedRequest::rules() failed: Attempt to read property "id" on null');
  await expect(row.getByRole('cell').nth(2)).toHaveText(shown);
  await expect(row.getByRole('cell').nth(3)).toHaveText('app/Http/Requests/UserScopedRequest.php:12');
  await expect(problems.getByRole('columnheader', { name: 'Fix' })).toBeVisible();
});

test('in the UI, a cookie the Laravel route set shows in the Cookies tab with its decrypted value behind a toggle, a secret-looking one masked', async ({ page }) => {
  await openKiteAsGrace(page);
  await pickRoute(page, 'GET', '/api/cookies');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await responseArea(page).getByRole('tab', { name: /Cookies/ }).click();
  const cookies = responseArea(page).getByRole('table', { name: 'Response cookies' });
  const flavour = cookies.getByRole('row', { name: /^flavour/ });
  await expect(flavour).toContainText('Decrypted');
  await expect(flavour).toContainText('chocolate chip');
  await expect(cookies.getByRole('row', { name: /queued_flavour/ })).toContainText('hazelnut');
  // A cookie the app left unencrypted is shown as it is, with nothing to decrypt.
  const plain = cookies.getByRole('row', { name: /plain_cookie/ });
  await expect(plain).toContainText('visible');
  await expect(plain).not.toContainText('Decrypted');
  const token = cookies.getByRole('row', { name: /^api_token/ });
  // api_token looks secret (protocol/secret-names.json): the host never sent its plain value.
  await expect(token).toContainText('Decrypted ******** (masked: the name looks secret)');
  await expect(token).not.toContainText('tok-live-123');
  const toggle = responseArea(page).getByRole('checkbox', { name: 'Show decrypted values' });
  await toggle.uncheck();
  await expect(flavour).not.toContainText('chocolate chip');
  await expect(flavour).not.toContainText('Decrypted');
  await toggle.check();
  await expect(flavour).toContainText('chocolate chip');
});

test('the Laravel host passes the protocol conformance suite', async () => {
  // Some forty checks, POST run's among them, on one php -S worker: more than 30 s on a busy machine.
  test.slow();
  const { results } = await runConformance(`${ORIGIN}/http-client`);
  expect(results.length).toBeGreaterThan(10);
  expect(results.filter((result: { ok: boolean }) => !result.ok)).toEqual([]);
});

/** The explorer lists routes in a virtual list: search first, so a route far down is on screen. */
async function searchAndPick(page: Page, method: string, uri: string) {
  await page.getByLabel('Search routes').fill(uri);
  await pickRoute(page, method, uri);
}

test('in the UI, dump() and dd() come back as foldable trees in the Trace tab, and the relay still answers', async ({ page }) => {
  await openKiteAsGrace(page);
  await searchAndPick(page, 'GET', '/api/trace/dd');
  await send(page);
  const response = responseArea(page);
  await expect(response).toHaveText(/^500\s*Internal Server Error/);
  await response.getByRole('tab', { name: /Trace/ }).click();
  const dumps = response.getByRole('region', { name: 'Dumps' });
  await expect(dumps.getByText('app/Http/Controllers/TraceController.php:28')).toBeVisible();
  await expect(dumps.getByText('dd() — the request ended here')).toHaveCount(1);
  const answer = dumps.getByRole('region', { name: /^Dump 2 at/ });
  await expect(answer).toContainText('"answer": 42');
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-trace-dumps.png'), fullPage: true });
  await answer.getByRole('button', { name: 'Fold line 1' }).click();
  await expect(answer).not.toContainText('"answer": 42');
});

test("in the UI, a dd() answer pages through this tab's dd() answers in the Trace (Dump 2 of 2, Previous, Next); another tab's are not among them", async ({ page }) => {
  await openKiteAsGrace(page);
  const response = responseArea(page);
  const dumps = response.getByRole('region', { name: 'Dumps' });
  const ddCall = async (call: string) => {
    await sendUrl(page, `/api/trace/dd-input?call=${call}`);
    await expect(response).toHaveText(/^500\s*Internal Server Error/);
    await response.getByRole('tab', { name: /Trace/ }).click();
    await expect(dumps.getByRole('region', { name: /^Dump 1 at/ })).toContainText(`"call": "${call}"`);
  };
  await ddCall('first-call');
  await expect(dumps.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await ddCall('second-call');
  await expect(dumps.getByText('Dump 2 of 2')).toBeVisible();
  await expect(dumps.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-dd-pages.png'), fullPage: true });
  await dumps.getByRole('button', { name: 'Previous' }).click();
  await expect(dumps.getByText('Dump 1 of 2')).toBeVisible();
  await expect(dumps.getByRole('region', { name: /^Dump 1 at/ })).toContainText('"call": "first-call"');
  await expect(dumps.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await dumps.getByRole('button', { name: 'Next' }).click();
  await expect(dumps.getByText('Dump 2 of 2')).toBeVisible();
  await expect(dumps.getByRole('region', { name: /^Dump 1 at/ })).toContainText('"call": "second-call"');
  // A new tab's first dd() answer is its only one: nothing to page to.
  await page.keyboard.press('Alt+n');
  await expect(response).toContainText('Send a request to see its response here.');
  await ddCall('other-tab');
  await expect(dumps.getByRole('button', { name: 'Previous' })).toHaveCount(0);
});

test('in the UI, the Trace tab lists queries with a likely N+1, logs with secrets masked, and the exception', async ({ page }) => {
  await openKiteAsGrace(page);
  await searchAndPick(page, 'GET', '/api/trace/queries');
  await send(page);
  const response = responseArea(page);
  await expect(response).toHaveText(/^200\s*OK/);
  await response.getByRole('tab', { name: /Trace/ }).click();
  const queries = response.getByRole('region', { name: 'Queries' });
  // One query per user: earlier tests may have added users to the three seeded ones.
  await expect(queries.getByRole('note')).toContainText(/Likely N\+1: the same query ran \d+ times/);
  const runs = Number(/ran (\d+) times/.exec(await queries.getByRole('note').innerText())![1]);
  expect(runs).toBeGreaterThanOrEqual(3);
  await expect(queries.getByText('N+1?')).toHaveCount(runs);
  await expect(queries.getByText('slowest')).toHaveCount(1);
  const logs = response.getByRole('region', { name: 'Logs' });
  await expect(logs).toContainText('listed users');
  await expect(logs).toContainText('"password": "********"');
  await expect(logs).not.toContainText('hunter2');
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-trace-queries.png'), fullPage: true });

  await searchAndPick(page, 'GET', '/api/explode');
  await send(page);
  await expect(response).toHaveText(/^500/);
  await response.getByRole('tab', { name: /Trace/ }).click();
  const exception = response.getByRole('region', { name: 'Exception' });
  await expect(exception).toContainText('RuntimeException');
  await expect(exception).toContainText('The fixture route exploded');
  await expect(exception.getByText(/routes\/api\.php:\d+$/).first()).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-trace-exception.png'), fullPage: true });
});

test('in the UI, the Trace tab masks credentials in logs, dumps and query bindings and says how many values it masked', async ({ page }) => {
  await openKiteAsGrace(page);
  await searchAndPick(page, 'GET', '/api/trace/secrets');
  await send(page);
  const response = responseArea(page);
  await expect(response).toHaveText(/^200\s*OK/);
  await response.getByRole('tab', { name: /Trace/ }).click();
  // 10 keys of the form, a plain object's client_secret, 3 headers, a dumped apiKey, the password and remember token written.
  await expect(response.getByRole('note').filter({ hasText: 'masked' })).toHaveText('17 values masked: their names look secret');
  await expect(response.getByRole('region', { name: 'Logs' })).toContainText('"client_secret": "********"');
  await expect(response.getByRole('region', { name: 'Dumps' })).toContainText('"apiKey": "********"');
  await expect(response.getByRole('region', { name: 'Queries' })).toContainText('"********"');
  await expect(response.getByRole('region', { name: 'Logs' })).toContainText('"name": "Ada Lovelace"');
  const shown = await response.innerText();
  expect(shown).not.toMatch(/-SECRET|\$2y\$/);
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-trace-masked.png'), fullPage: true });
});

test('in the UI, the Transaction toggle rolls the write back, holds mails and jobs back, and is remembered with the request', async ({ page }) => {
  await openKiteAsGrace(page);
  const countUsers = () => page.evaluate(async () => (await (await fetch('/api/users', { headers: { Accept: 'application/json' } })).json()).length as number);
  const before = await countUsers();
  await searchAndPick(page, 'POST', '/api/trace/write');
  const toggle = page.getByRole('checkbox', { name: 'Transaction' });
  await toggle.check();
  await send(page);
  const response = responseArea(page);
  await expect(response).toHaveText(/^200\s*OK/);
  await expect(response.getByRole('note').filter({ hasText: 'Rolled back' })).toBeVisible();
  await response.getByRole('tab', { name: /Trace/ }).click();
  await expect(response.getByText('Transaction rolled back')).toBeVisible();
  await expect(response.getByRole('region', { name: 'Mails' })).toContainText('held back');
  await expect(response.getByRole('region', { name: 'Jobs' })).toContainText('not queued');
  await expect(response.getByRole('region', { name: 'Notifications' })).toContainText('held back');
  await page.screenshot({ path: join(tmpdir(), 'kite-laravel-trace-transaction.png'), fullPage: true });
  expect(await countUsers(), 'the user the route wrote was rolled back').toBe(before);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Transaction' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Transaction' }).uncheck();
  await send(page);
  await expect(response).toHaveText(/^200\s*OK/);
  await expect(response.getByRole('note').filter({ hasText: 'Rolled back' })).toHaveCount(0);
  expect(await countUsers()).toBe(before + 1);
});

test('in the UI, beside the Transaction box Kite names what it did not undo, and "hold outgoing HTTP" keeps the app’s calls from being sent and is remembered with the request', async ({ page }) => {
  test.slow(); // three sends and a reload, on a machine that may be busy
  // The app's outgoing call goes to a real loopback server that counts what reaches it.
  let received = 0;
  const hook = createServer((request, response) => {
    received += 1;
    request.resume();
    response.end('{"ok":true}');
  });
  await new Promise<void>((listening) => hook.listen(0, '127.0.0.1', listening));
  try {
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    await openKiteAsGrace(page);
    await searchAndPick(page, 'POST', '/api/trace/escape');
    await page.getByRole('textbox', { name: 'URL' }).fill(`/api/trace/escape?do=file,http&url=${hookUrl}`);
    await page.getByRole('checkbox', { name: 'Transaction' }).check();
    await send(page);
    const response = responseArea(page);
    await expect(response).toHaveText(/^200\s*OK/);
    const notice = page.getByRole('note').filter({ hasText: /^not undone:/ });
    await expect(notice).toHaveText('not undone: 1 file written, 1 outgoing request');
    await expect(notice).toHaveAttribute('title', /file write: local:kite-escape\/report\.txt/);
    expect(received, 'the outgoing request really went out').toBe(1);
    // Laravel 12's local disk keeps its files in storage/app/private.
    expect(existsSync(join(app, 'storage', 'app', 'private', 'kite-escape', 'report.txt')), 'the file is really written').toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'kite-laravel-not-undone.png') });

    const hold = page.getByRole('checkbox', { name: 'hold outgoing HTTP' });
    await hold.check();
    await send(page);
    await expect(response).toHaveText(/^200\s*OK/);
    await expect(notice).toHaveText('not undone: 1 file written');
    expect(received, 'a held request is not sent').toBe(1);
    await response.getByRole('tab', { name: /Trace/ }).click();
    await expect(response.getByRole('region', { name: 'Outgoing HTTP' })).toContainText('held, not sent');
    await expect(response.getByRole('region', { name: 'Not undone' })).toContainText('file write: local:kite-escape/report.txt');
    await page.screenshot({ path: join(tmpdir(), 'kite-laravel-not-undone-trace.png') });

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'hold outgoing HTTP' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Transaction' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'hold outgoing HTTP' }).uncheck();
    await page.getByRole('checkbox', { name: 'Transaction' }).uncheck();
  } finally {
    await new Promise((closed) => hook.close(closed));
  }
});

test('in the UI, a transaction the app committed itself is reported beside the Transaction box, not as a 500', async ({ page }) => {
  await openKiteAsGrace(page);
  await searchAndPick(page, 'POST', '/api/trace/escape');
  await page.getByRole('textbox', { name: 'URL' }).fill('/api/trace/escape?do=raw-commit');
  await page.getByRole('checkbox', { name: 'Transaction' }).check();
  await send(page);
  const response = responseArea(page);
  await expect(response).toHaveText(/^200\s*OK/);
  await expect(page.getByRole('note').filter({ hasText: /^not undone:/ })).toHaveText('not undone: 1 lost transaction (its writes persisted)');
  await expect(response.getByRole('note').filter({ hasText: 'Rolled back' })).toHaveCount(0);
  await response.getByRole('tab', { name: /Trace/ }).click();
  await expect(response.getByText('Transaction not rolled back')).toBeVisible();
  await expect(response.getByRole('region', { name: 'Not undone' })).toContainText('the app ended the transaction itself (a COMMIT of its own), its writes persisted');
  await page.getByRole('checkbox', { name: 'Transaction' }).uncheck();
});

test('in the UI, a 422’s messages show on the JSON field and a form row with the field’s rules, and clear when edited', async ({ page }) => {
  await openKiteAsGrace(page);
  await pickRoute(page, 'POST', '/api/projects');
  const editor = jsonBody(page);
  await editor.fill('{\n  "name": "Apollo",\n  "budget": 0\n}');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^422/);
  const messages = page.getByRole('list', { name: 'Validation errors' });
  // The field's message names its rules; a field the body lacks is listed by its path.
  await expect(messages.getByRole('listitem').filter({ hasText: 'budget' })).toContainText('(rule: required|integer|between:1,100000)');
  await expect(messages.getByRole('listitem').filter({ hasText: 'contact_email' })).toContainText('required');
  await expect(page.locator('.cm-lintRange-error')).not.toHaveCount(0);
  await page.screenshot({ path: 'test-results/validation-json.png' });
  await editor.fill('{\n  "name": "Apollo",\n  "budget": 5\n}');
  await expect(messages.getByRole('listitem').filter({ hasText: 'budget' })).toHaveCount(0);
  await expect(messages.getByRole('listitem').filter({ hasText: 'contact_email' })).toBeVisible();

  await page.getByRole('radio', { name: 'Form URL-encoded' }).check();
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('textbox', { name: 'field 1 name' }).fill('budget');
  await page.getByRole('textbox', { name: 'field budget value' }).fill('0');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^422/);
  const value = page.getByRole('textbox', { name: 'field budget value' });
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(value).toHaveAccessibleDescription(/between.*\(rule: required\|integer\|between:1,100000\)/);
  await page.screenshot({ path: 'test-results/validation-form.png' });
  await value.fill('7');
  await expect(value).not.toHaveAttribute('aria-invalid', 'true');
});

test('in the UI, impersonation offers a search of the users by name, and the user picked is the one the request runs as', async ({ page }) => {
  await openKiteAsGrace(page);
  await pickRoute(page, 'GET', '/api/me');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Impersonate User with ID' });
  await page.getByRole('button', { name: 'Find user' }).click();
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('Turing');
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('button')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/user-picker.png' });
  await users.getByRole('button', { name: /Alan Turing/ }).click();
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue('3');
  await send(page);
  await expect(responseArea(page)).toContainText('"name": "Alan Turing"');
});

/** Auto-fills the open route's body with one seed, as a person would in the builder. */
async function fillWithSeed(page: Page, seed: number) {
  await page.getByRole('textbox', { name: 'Seed' }).fill(String(seed));
  await page.getByRole('button', { name: 'Fill again with this seed' }).click();
}

test('in the UI, auto-fill puts an existing user in an exists: field and the one free slot in a unique: field, and the app accepts them', async ({ page }) => {
  // POST /api/bookings: owner_id `exists:users,id` (users 1–3 are seeded; earlier tests of this file
  // write more, and any of them is a right answer), slot `between:1,3|unique:bookings,slot`
  // with slots 1 and 2 seeded, so 3 is the one value both rules accept. Each seed below gives another
  // owner_id and, from the schema alone, a slot of 1 or 2 (checked against the build before this feature).
  await openKiteAsGrace(page);
  await searchAndPick(page, 'POST', '/api/bookings');
  const userIds = await page.evaluate(async () => ((await (await fetch('/api/users', { headers: { Accept: 'application/json' } })).json()) as { id: number }[]).map((user) => user.id));
  for (const seed of [11, 13, 16]) {
    await fillWithSeed(page, seed);
    await expect(jsonBody(page)).toHaveText(/"slot": 3\b/);
    const filled = JSON.parse(await jsonBodyText(page));
    expect(userIds, `seed ${seed}: owner_id ${filled.owner_id} is a user of the app`).toContain(filled.owner_id);
  }
  await page.screenshot({ path: 'test-results/autofill-database.png' });
  await send(page);
  await expect(responseArea(page)).toHaveText(/^201\s*Created/);
  await expect(responseArea(page)).toContainText('"slot": 3');
});

test('in the UI, a model-bound {user} offers a search of the users, and the row picked is the one the route binds', async ({ page }) => {
  await openKiteAsGrace(page);
  await searchAndPick(page, 'GET', '/api/users/{user}');
  await page.getByRole('button', { name: 'Find User for {user}' }).click();
  await page.getByRole('searchbox', { name: 'Search User rows' }).fill('Hopper');
  const rows = page.getByRole('list', { name: 'User rows' });
  await expect(rows.getByRole('button')).toHaveCount(1);
  await expect(rows.getByRole('button')).toHaveText('2 Grace Hopper · grace@example.com');
  await page.screenshot({ path: 'test-results/binding-picker.png' });
  await rows.getByRole('button').click();
  await expect(page.getByRole('textbox', { name: 'Path parameter user' })).toHaveValue('2');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"email": "grace@example.com"');

  // A model bound by another route key (Booking::getRouteKeyName() is `reference`): the key is what is filled.
  await searchAndPick(page, 'GET', '/api/bookings/{booking}');
  await page.getByRole('button', { name: 'Find Booking for {booking}' }).click();
  await page.getByRole('searchbox', { name: 'Search Booking rows' }).fill('vega');
  await page.getByRole('list', { name: 'Booking rows' }).getByRole('button', { name: /Vega room/ }).click();
  await expect(page.getByRole('textbox', { name: 'Path parameter booking' })).toHaveValue('BK-VEGA');
  await send(page);
  await expect(responseArea(page)).toContainText('"title": "Vega room"');
});

/**
 * Types a URL of the app into the builder, sends it and waits until the relay call has left (the
 * page may first finish loading its idle chunks from the single php -S worker).
 */
async function sendUrl(page: Page, url: string) {
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  const relayed = page.waitForRequest((request) => request.url().endsWith('/http-client/api/relay'));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await relayed;
}

/** A time as Kite shows it ("+1.21 s" beside an event, "412 ms" in the Timing view), in ms. */
test('in the UI, SSE events of a Laravel StreamedResponse appear with their arrival times while the request runs, then the whole body stays', async ({ page }) => {
  await openKiteAsGrace(page);
  await sendUrl(page, '/api/stream/events?count=6&interval_ms=1500');
  const pane = responseArea(page);
  const events = pane.getByRole('list', { name: 'Events' });
  // The first event is on screen while the app is still writing the others (the last one comes 7.5 s later).
  await expect(events.getByText('open', { exact: true })).toBeVisible();
  const firstSeenAt = Date.now();
  await expect(pane.getByRole('status')).toContainText(/Streaming · \d events?/);
  await expect(events.getByText('done', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/laravel-stream-live.png' });

  await expect(pane.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await expect(events.getByRole('listitem')).toHaveCount(6);
  await expect(pane).toHaveText(/^200\s*OK/);
  // The app stamped each event as it wrote it: the first was on screen before the last was written.
  const lastSentAt = JSON.parse((await events.getByRole('listitem').last().locator('pre').textContent())!).sentAt as number;
  expect(firstSeenAt).toBeLessThan(lastSentAt);
  // Each event shows when it arrived, 1.5 s apart as the app wrote them.
  const times = (await events.getByRole('listitem').locator('time').allTextContents()).map(shownMs);
  expect(times[5] - times[0]).toBeGreaterThan(3000);
  await page.screenshot({ path: 'test-results/laravel-stream-done.png' });
  await pane.getByRole('tab', { name: 'Body' }).click();
  const body = pane.getByRole('tabpanel', { name: 'Body' });
  await expect(body).toContainText('event: open');
  await expect(body).toContainText('event: done');
});

test('in the UI, NDJSON lines of a Laravel route that never flushes appear one by one while it runs', async ({ page }) => {
  await openKiteAsGrace(page);
  await sendUrl(page, '/api/stream/ndjson?count=5&interval_ms=1500');
  const pane = responseArea(page);
  const events = pane.getByRole('list', { name: 'Events' });
  await expect(events.getByText('"message": "line 1 of 5"')).toBeVisible();
  await expect(events.getByText('"message": "line 5 of 5"')).toHaveCount(0);
  await expect(pane.getByRole('status')).toContainText('Streaming');
  await expect(events.getByText('"message": "line 5 of 5"')).toBeVisible({ timeout: 20_000 });
  await expect(events.getByRole('listitem')).toHaveCount(5);
});

test('in the UI, the Timing view of a Laravel call shows the time in the app, the route’s Server-Timing rows and Kite’s hold apart', async ({ page }) => {
  await openKiteAsGrace(page);
  await searchAndPick(page, 'GET', '/api/timing');
  await send(page);
  const pane = responseArea(page);
  await expect(pane).toHaveText(/^200\s*OK/);
  await pane.getByRole('tab', { name: 'Timing' }).click();
  const table = pane.getByRole('table', { name: 'Timing' });
  // In-process there is no network to time: the app's own time (timing.appMs) replaces the phases.
  const app = table.getByRole('row', { name: /In the application/ });
  await expect(app).toHaveAttribute('data-kind', 'app');
  expect(shownMs(await app.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(30);
  await expect(table.getByRole('rowheader', { name: 'Waiting (first byte)' })).toHaveCount(0);
  // The route's Server-Timing header: each entry a row of its own, as server time.
  await expect(table.getByRole('row', { name: /db · Users query/ })).toHaveAttribute('data-kind', 'server');
  await expect(table.getByRole('row', { name: /db · Users query/ }).getByRole('cell').first()).toHaveText('13 ms');
  await expect(table.getByRole('row', { name: /^render/ })).toHaveAttribute('data-kind', 'server');
  // Kite's hold fills the call up to the spec's 200 ms, named as Kite's own (none when it took longer).
  // Read as a time ("1.19 s" on a busy machine is 1190 ms, not 119).
  const total = shownMs(await table.getByRole('row', { name: /Total in the browser/ }).getByRole('cell').first().textContent());
  expect(total).toBeGreaterThanOrEqual(200);
  const hold = table.getByRole('row', { name: "Kite's hold (minimum 200 ms)" });
  await expect(hold).toHaveCount(total === 200 ? 1 : 0);
  if (total === 200) await expect(hold).toHaveAttribute('data-kind', 'hold');
  await page.screenshot({ path: 'test-results/laravel-timing.png' });
});

test('in the UI, Set as variable… on an id of GET /api/users saves a capture rule, and GET /api/users/{{userId}} uses it', async ({ page }) => {
  await openKiteAsGrace(page);
  await pickRoute(page, 'GET', '/api/users');
  await send(page);
  const body = responseArea(page).getByRole('region', { name: 'Pretty body' });
  const row = body.locator('.kite-code-row').filter({ hasText: '"id": 2,' });
  await row.hover();
  await row.getByRole('button', { name: 'Set as variable…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set as variable' });
  await expect(dialog.getByRole('textbox', { name: 'JSONPath' })).toHaveValue('$[1].id');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('id');
  await expect(dialog.getByRole('status', { name: 'Value' })).toHaveText('2');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('userId');
  await dialog.getByRole('button', { name: 'Set variable' }).click();
  await expect(page.getByText('Capture rule saved: {{userId}} ← $[1].id')).toBeVisible();
  await page.getByRole('tab', { name: 'Capture' }).click();
  await expect(page.getByRole('textbox', { name: 'Capture userId path' })).toHaveValue('$[1].id');

  await page.keyboard.press('Alt+n');
  await page.getByRole('textbox', { name: 'URL' }).fill('/api/users/{{userId}}');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"name": "Grace Hopper"');
});
