// The HTTP Client screen end to end against the Node host's demo API: route explorer, request
// builder, auto-fill, the generator palette, every authorization type, history and cURL.
import { expect, test, type Page } from '@playwright/test';
import { clearClientStorage, jsonBody, pasteIntoFocused, pickRoute, responseArea, routeButton, send } from './support/client-screen';
import { overridePageConfig } from './support/page-config';

async function openClient(page: Page) {
  await page.goto('/http-client');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
}

// Every test starts from a fresh builder, history and preferences.
test.beforeEach(({ page }) => clearClientStorage(page));

test('picking a route loads its method, path and query parameters into the builder', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'GET', '/users');
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('GET');
  await page.getByRole('tab', { name: /Params/ }).click();
  await expect(page.getByRole('textbox', { name: 'query parameter 1 name' })).toHaveValue('page');
  await expect(page.getByLabel('Final URL')).toHaveText(/\/demo\/users$/);

  await pickRoute(page, 'PUT', '/users/{user}');
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('PUT');
  await expect(page.getByRole('radio', { name: 'JSON' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Path parameter user' }).fill('2');
  await expect(page.getByLabel('Final URL')).toHaveText(/\/demo\/users\/2$/);
});

test('the route search filters by path, by name and by method', async ({ page }) => {
  await openClient(page);
  const search = page.getByRole('searchbox', { name: 'Search routes' });
  await search.fill('posts');
  await expect(routeButton(page, 'GET', '/posts')).toBeVisible();
  await expect(routeButton(page, 'GET', '/users')).toHaveCount(0);
  await search.fill('users.destroy');
  await expect(routeButton(page, 'DELETE', '/users/{user}')).toBeVisible();
  await expect(routeButton(page, 'GET', '/users/{user}')).toHaveCount(0);
  await search.fill('patch');
  await expect(routeButton(page, 'PATCH', '/users/{user}')).toBeVisible();
  await expect(routeButton(page, 'PUT', '/users/{user}')).toHaveCount(0);
  await search.fill('nothing-like-this');
  await expect(page.getByText('No routes match')).toBeVisible();
});

test('auto-fill fills the body from the schema and the shown seed regenerates the same payload', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  const editor = jsonBody(page);
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect(editor).toHaveText(/"email": "[^"]+@[^"]+"/);
  await expect(page.getByText('Valid JSON, matches the route’s schema')).toBeVisible();
  const first = (await editor.textContent()) ?? '';
  const seed = await page.getByRole('textbox', { name: 'Seed' }).inputValue();
  expect(seed).toMatch(/^\d+$/);

  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect(editor).not.toHaveText(first);
  await page.getByRole('textbox', { name: 'Seed' }).fill(seed);
  await page.getByRole('button', { name: 'Fill again with this seed' }).click();
  await expect(editor).toHaveText(first);

  await send(page);
  await expect(responseArea(page)).toContainText('201');
  await expect(responseArea(page)).toContainText('Created');
});

test('the JSON editor lists schema errors by path as the user types', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  const editor = jsonBody(page);
  await editor.fill('{"first_name": 5, "email": "not-an-email"}');
  const errors = page.getByRole('list', { name: 'Schema errors' });
  await expect(errors).toContainText('$.first_name');
  await expect(errors).toContainText('Expected string');
  await expect(errors).toContainText('$.email');
  await editor.fill('{"first_name": ');
  await expect(page.getByText(/Invalid JSON: Unexpected end of input at line 1/)).toBeVisible();
});

test('Ctrl+Enter inside the JSON editor sends what was just typed, and the status shows', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  const editor = jsonBody(page);
  await editor.fill('{"first_name": "Ann"}');
  await editor.press('Control+Enter');
  await expect(responseArea(page)).toContainText('422', { timeout: 10_000 });
  await expect(responseArea(page)).toContainText('Unprocessable');
});

test('a value generated with the palette lands in a path parameter', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'GET', '/users/{user}');
  const param = page.getByRole('textbox', { name: 'Path parameter user' });
  await param.focus();
  await page.locator('.kite-path-param').getByRole('button', { name: 'Generate value' }).click();
  const search = page.getByPlaceholder('Search generators...');
  await expect(search).toBeVisible();
  await search.fill('uuid');
  await search.press('Enter');
  await expect(param).toHaveValue(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  await expect(page.getByLabel('Final URL')).toHaveText(/\/demo\/users\/[0-9a-f-]{36}$/);
});

test('sending as each authorization type tells the API who the request is from', async ({ page }) => {
  await openClient(page);
  // A session in this browser, as a logged-in developer would have.
  await page.request.post('/demo/login');
  await pickRoute(page, 'GET', '/me');
  await page.getByRole('tab', { name: 'Auth' }).click();
  const type = page.getByRole('combobox', { name: 'Authorization type' });
  // The specification's five in its order, then Digest, API Key and OAuth 2.0 (issue 27).
  await expect(type.locator('option')).toHaveText(['Currently Logged-in User', 'Impersonate User with ID', 'None', 'Bearer Token', 'Basic Auth', 'Digest Auth', 'API Key', 'OAuth 2.0']);
  await expect(type).toHaveValue('current-user');

  await send(page);
  await expect(responseArea(page)).toContainText('"via": "cookie"');

  await type.selectOption({ label: 'Impersonate User with ID' });
  await page.getByRole('textbox', { name: 'User ID' }).fill('2');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "impersonate"');

  await type.selectOption({ label: 'None' });
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "anonymous"');

  await type.selectOption({ label: 'Bearer Token' });
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('demo-token');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "bearer"');

  await type.selectOption({ label: 'Basic Auth' });
  await page.getByRole('textbox', { name: 'Username' }).fill('demo');
  await page.getByLabel('Password').fill('secret');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "basic"');
  await expect(responseArea(page)).toContainText('200');
});

test('the authorization type of a new request comes from the preferences', async ({ page }) => {
  // Seeded as the next page starts, after the previous page saved its request on the way out.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.removeItem('kite:request');
    localStorage.setItem('kite:preferences', JSON.stringify({ defaultAuthorizationType: 'bearer' }));
  });
  await openClient(page);
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('bearer');
});

test('history logs every sent request, restores the builder, deletes one and clears all', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'GET', '/users');
  await send(page);
  await pickRoute(page, 'POST', '/users');
  await jsonBody(page).fill('{"first_name": "Zed"}');
  await send(page);
  await expect(responseArea(page)).toContainText('422');

  await page.getByRole('tab', { name: /History/ }).click();
  const list = page.getByRole('list', { name: 'History' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search history' }).fill('422');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search history' }).fill('');

  // Change the builder, then restore the POST from history.
  await page.getByRole('textbox', { name: 'URL' }).fill('/somewhere-else');
  await list.getByRole('button', { name: /^POST\s*\/demo\/users/ }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('POST');
  await expect(jsonBody(page)).toHaveText('{"first_name": "Zed"}');
  await expect(responseArea(page)).toContainText('422');

  // History lives in IndexedDB: it is still there after a reload.
  await page.reload();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: /Delete GET .*demo\/users from history/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear history' }).click();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText('Requests you send appear here.')).toBeVisible();
});

test('history keeps at most maxHistoryLogs entries', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('kite:preferences', JSON.stringify({ maxHistoryLogs: 2 })));
  await openClient(page);
  await pickRoute(page, 'GET', '/users');
  for (let i = 0; i < 3; i += 1) await send(page);
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
  await page.reload();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
});

test('copy as cURL puts a command on the clipboard that imports back into the builder', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  await jsonBody(page).fill('{"first_name": "Ann", "email": "ann@example.com"}');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Bearer Token' });
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('demo-token');
  await page.getByRole('button', { name: 'Copy as cURL' }).click();
  await expect(page.getByText('Copied as cURL')).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toMatch(/^curl -X POST http:\/\/127\.0\.0\.1:\d+\/demo\/users /);
  expect(command).toContain("-H 'Authorization: Bearer demo-token'");
  expect(command).toContain(`--data-raw '{"first_name": "Ann", "email": "ann@example.com"}'`);

  // Paste it back over a different request.
  await pickRoute(page, 'GET', '/posts');
  const url = page.getByRole('textbox', { name: 'URL' });
  await url.focus();
  await pasteIntoFocused(page, command);
  await expect(page.getByText('Imported the cURL command')).toBeVisible();
  await expect(url).toHaveValue('/users');
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('POST');
  await page.getByRole('tab', { name: /Body/ }).click();
  await expect(jsonBody(page)).toHaveText('{"first_name": "Ann", "email": "ann@example.com"}');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('demo-token');
});

test('the request being built survives a reload, and corrupt saved state starts from defaults', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'GET', '/users/{user}');
  await page.getByRole('textbox', { name: 'Path parameter user' }).fill('3');
  await page.getByRole('tab', { name: /Headers/ }).click();
  await page.getByRole('button', { name: 'Add header' }).click();
  await page.getByRole('textbox', { name: 'header 1 name' }).fill('X-Trace');
  // Saved shortly after the change: reload once it is stored.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kite:request') ?? '')).toContain('X-Trace');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users/{user}');
  await expect(page.getByRole('textbox', { name: 'Path parameter user' })).toHaveValue('3');
  await page.getByRole('tab', { name: /Headers/ }).click();
  await expect(page.getByRole('textbox', { name: 'header 1 name' })).toHaveValue('X-Trace');

  // Written before the app starts, as a broken browser profile would have it.
  await page.addInitScript(() => localStorage.setItem('kite:request', '{"method": "GET", "query": 7, "url": '));
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
});

test('Cancel stops a request that is still running and keeps the request', async ({ page }) => {
  await openClient(page);
  await page.getByRole('textbox', { name: 'URL' }).fill('/slow?ms=8000');
  await page.getByRole('textbox', { name: 'URL' }).press('Enter');
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await expect(responseArea(page)).toContainText(/cancel/i);
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/slow?ms=8000');
  await page.getByRole('tab', { name: /Params/ }).click();
  await expect(page.getByRole('textbox', { name: 'query parameter ms value' })).toHaveValue('8000');
});

test('the refresh button reloads routes and keeps the request as it is', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  await jsonBody(page).fill('{"first_name": "Kept"}');
  const routesCall = page.waitForResponse((response) => response.url().endsWith('/api/routes'));
  await page.getByRole('button', { name: 'Refresh routes' }).click();
  await routesCall;
  await expect(jsonBody(page)).toHaveText('{"first_name": "Kept"}');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
});

/** Pastes a 5 MB array of users into the JSON editor of POST /users. */
async function pasteFiveMegabytes(page: Page) {
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  const editor = jsonBody(page);
  await editor.focus();
  const items = Array.from({ length: 75_000 }, (_, i) => JSON.stringify({ first_name: `user ${i}`, email: `user${i}@example.com` }));
  await pasteIntoFocused(page, `[\n ${items.join(',\n ')}\n]`);
  // The whole document is one editor that draws the lines in view: the end, where the caret went.
  await expect(editor.getByText('"user74999@example.com"')).toBeVisible();
  return editor;
}

test('a 5 MB JSON body stays editable: keys land at once and validation follows in a worker', async ({ page }) => {
  const workerLoaded = page.waitForResponse((response) => response.url().includes('/json-validate-worker.js') && response.ok());
  const editor = await pasteFiveMegabytes(page);
  await workerLoaded;
  await expect(page.getByText(/schema errors?|Valid JSON/)).toBeVisible({ timeout: 10_000 });

  await editor.press('Control+Home');
  // Keystroke latency and the longest task while validating are measured in bench/client.bench.mjs.
  await editor.press('x');
  await expect(page.getByText('Invalid JSON: Unexpected "x" at line 1, column 1')).toBeVisible({ timeout: 10_000 });
});

test('a pasted 5 MB JSON body is coloured token by token, reachable from its first to its last line, underlined where the schema fails and undone in one step', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/users');
  const editor = jsonBody(page);
  await editor.fill('{"first_name": "Before"}');
  await editor.press('Control+a');
  const items = Array.from({ length: 75_000 }, (_, i) => JSON.stringify({ first_name: `user ${i}`, age: i % 90, nickname: i % 2 ? null : 'x' }));
  await pasteIntoFocused(page, `[\n ${items.join(',\n ')}\n]`);
  await expect(editor.getByText('{"first_name":"user 74999","age":29,"nickname":null}')).toBeVisible();
  // Keys, strings and numbers of the lines in view are painted in their colours (CSS highlights in
  // this mode, a span each where the browser has none): each kind's text as the page paints it.
  const painted = () =>
    page.evaluate(() => {
      const texts = (kind: string) => {
        const spans = [...document.querySelectorAll(`.cm-content .kite-tok-${kind}`)].map((span) => span.textContent);
        const ranges = [...(CSS.highlights.get(`kite-tok-${kind}`) ?? [])].map((range) => {
          const live = document.createRange();
          live.setStart(range.startContainer, range.startOffset);
          live.setEnd(range.endContainer, range.endOffset);
          return live.toString();
        });
        return [...spans, ...ranges];
      };
      return { key: texts('key'), str: texts('str'), num: texts('num'), null: texts('null') };
    });
  await expect.poll(async () => (await painted()).str).toContain('"user 74999"');
  const last = await painted();
  expect(last.key).toContain('"first_name"');
  expect(last.num).toContain('29');
  expect(last.str).not.toContain('"first_name"');
  expect(last.null).toContain('null');
  expect(last.str).toContain('"x"');
  // The highlights take the token colours of the response viewer.
  expect(await page.evaluate(() => [...document.styleSheets, ...document.adoptedStyleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('::highlight(kite-tok-key)'))))).toBe(true);

  // The first line, and the schema error at the array the route does not take, underlined there.
  await editor.press('Control+Home');
  await expect(editor.getByText('{"first_name":"user 0","age":0,"nickname":"x"},')).toBeVisible();
  await expect(page.getByText(/schema errors?/)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.cm-lintRange-error').filter({ hasText: /^\[$/ })).toBeVisible();
  await expect.poll(async () => (await painted()).str).toContain('"user 0"');

  // Undo brings back the text the paste replaced.
  await editor.press('Control+z');
  await expect(editor).toHaveText('{"first_name": "Before"}');
});

test('a 5 MB JSON body is still validated when the validation worker cannot load', async ({ page }) => {
  let asked = false;
  await page.route('**/json-validate-worker.js', (route) => {
    asked = true;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  const editor = await pasteFiveMegabytes(page);
  await expect(page.getByText(/schema errors?|Valid JSON/)).toBeVisible({ timeout: 10_000 });
  expect(asked).toBe(true);

  await editor.press('Control+Home');
  await editor.press('x');
  await expect(page.getByText('Invalid JSON: Unexpected "x" at line 1, column 1')).toBeVisible({ timeout: 10_000 });
});

test('a multipart body sends text and file parts', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/uploads');
  await expect(page.getByRole('radio', { name: 'Multipart form' })).toBeChecked();
  const fields = page.getByRole('group', { name: 'Multipart fields' });
  // Start from an empty list whatever the route suggested.
  while ((await fields.getByRole('button', { name: /^Remove part/ }).count()) > 0) await fields.getByRole('button', { name: /^Remove part/ }).first().click();
  await page.getByRole('button', { name: 'Add part' }).click();
  await page.getByRole('textbox', { name: 'part 1 name' }).fill('title');
  await page.getByRole('textbox', { name: 'part title value' }).fill('Holiday');
  await page.getByRole('button', { name: 'Add part' }).click();
  await page.getByRole('textbox', { name: 'part 2 name' }).fill('file');
  await page.getByRole('combobox', { name: 'part file kind' }).selectOption('file');
  await page.getByLabel('part file file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello kite') });
  await expect(page.getByText('notes.txt (10 B)')).toBeVisible();
  await send(page);
  await expect(responseArea(page)).toContainText('201');
  await expect(responseArea(page)).toContainText('"filename": "notes.txt"');
  await expect(responseArea(page)).toContainText('"value": "Holiday"');
});

test('a form body is sent URL-encoded', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'POST', '/forms');
  await page.getByRole('radio', { name: 'Form URL-encoded' }).check();
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('textbox', { name: 'field 1 name' }).fill('greeting');
  await page.getByRole('textbox', { name: 'field greeting value' }).fill('hello world & more');
  await send(page);
  await expect(responseArea(page)).toContainText('application/x-www-form-urlencoded');
  await expect(responseArea(page)).toContainText('"greeting": "hello world & more"');
});

test('a full storage quota drops the oldest history bodies first and warns, keeping the newest entry', async ({ page }) => {
  // Storage that holds two response bodies: the third write fails like a full quota does.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function patchedPut(this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'historyBodies') {
        const stored = Number(sessionStorage.getItem('bodies') ?? '0');
        if (stored >= 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        sessionStorage.setItem('bodies', String(stored + 1));
      }
      return put.apply(this, args);
    };
    const remove = IDBObjectStore.prototype.delete;
    IDBObjectStore.prototype.delete = function patchedDelete(this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      if (this.name === 'historyBodies') sessionStorage.setItem('bodies', String(Math.max(0, Number(sessionStorage.getItem('bodies') ?? '0') - 1)));
      return remove.call(this, key);
    };
  });
  await openClient(page);
  await pickRoute(page, 'GET', '/users');
  await send(page);
  await send(page);
  await expect(page.getByText(/Browser storage is full/)).toHaveCount(0);
  await send(page);
  await expect(page.getByText('Browser storage is full: history dropped 1 older response body to keep the newest request.')).toBeVisible();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(3);
});

test("the host's global headers are sent, generator-valued ones generated at send time, and can be switched off", async ({ page }) => {
  // The host's page config names two global headers (as a host configured with them would).
  await overridePageConfig(page, { globalHeaders: [{ name: 'X-Tenant', value: 'acme' }, { name: 'X-Request-Id', value: 'generator:uuid' }] });
  await openClient(page);
  await pickRoute(page, 'GET', '/echo');
  await page.getByRole('tab', { name: /Headers/ }).click();
  await expect(page.getByRole('group', { name: 'Global headers' })).toContainText('generated: uuid');
  await send(page);
  await expect(responseArea(page)).toContainText('"X-Tenant"');
  await expect(responseArea(page)).toContainText('"acme"');
  await expect(responseArea(page)).toContainText(/"X-Request-Id",\d*\s*"[0-9a-f]{8}-[0-9a-f]{4}-/);

  await page.getByRole('checkbox', { name: 'Enable global header X-Tenant' }).uncheck();
  await send(page);
  await expect(responseArea(page)).toContainText('"X-Request-Id"');
  await expect(responseArea(page)).not.toContainText('"X-Tenant"');
});

test('with autoRefreshRoutes on, routes are fetched again on focus at most every 10 seconds; off, only by the button', async ({ page }) => {
  await page.clock.install();
  let routeCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/routes')) routeCalls += 1;
  });
  await openClient(page);
  const focus = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
  // A call the page makes after the focus: once its request is seen, a routes call the focus
  // started would have been seen before it (requests are reported in the order they are made).
  const settle = () => page.evaluate(() => fetch('/http-client/api/status').then((response) => response.text()));
  const initial = routeCalls;
  await focus();
  await settle();
  expect(routeCalls).toBe(initial);
  await page.clock.fastForward(10_500);
  await focus();
  await expect.poll(() => routeCalls).toBe(initial + 1);

  await page.evaluate(() => localStorage.setItem('kite:preferences', JSON.stringify({ autoRefreshRoutes: false })));
  await page.reload();
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
  const afterReload = routeCalls;
  await page.clock.fastForward(20_000);
  await focus();
  await settle();
  expect(routeCalls).toBe(afterReload);
  await page.getByRole('button', { name: 'Refresh routes' }).click();
  await expect.poll(() => routeCalls).toBe(afterReload + 1);
});

test('a request with an empty path parameter is not sent, and the user is told which one', async ({ page }) => {
  await openClient(page);
  await pickRoute(page, 'GET', '/users/{user}');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Fill in the path parameter user first')).toBeVisible();
  await expect(page.getByText('Send a request to see its response here.')).toBeVisible();
});
