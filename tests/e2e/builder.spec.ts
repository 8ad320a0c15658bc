// The request builder sends exactly what it shows and keeps every draft: query rows and the URL,
// drafts per route, auto-fill (undo, Send right after it), the route following the method, checks
// before sending, the cookie jar, the XSRF retry, one message per failure, cURL, body search.
// Against the Node host's demo API.
import { expect, test, type Page } from '@playwright/test';
import { clearClientStorage, pasteIntoFocused, pickRoute, responseArea, routeButton, send } from './support/client-screen';

test.beforeEach(async ({ page }) => {
  // Every test starts from a fresh builder, drafts, cookie jar and history.
  await clearClientStorage(page);
  await page.goto('/http-client');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
});

const request = (page: Page) => page.getByRole('region', { name: 'Request' });
const jsonEditor = (page: Page) => page.getByRole('textbox', { name: 'JSON body' });

/**
 * The query the next relay call asks the host to send: the parameters of its URL and of its query
 * list together, so a parameter given twice shows twice. (Read from the request: the answer is
 * received by the fetch worker, whose response bodies Playwright cannot always read.)
 */
async function nextRelayQuery(page: Page): Promise<Array<[string, string]>> {
  const call = await page.waitForRequest((request) => request.url().endsWith('/api/relay'));
  const relayed = call.postDataJSON() as { url: string; query: Array<{ name: string; value: string }> };
  return [...new URL(relayed.url, 'http://target').searchParams, ...relayed.query.map(({ name, value }): [string, string] => [name, value])].sort(
    ([a], [b]) => a.localeCompare(b),
  );
}

test('a value typed for a query parameter of the route ticks its row and is sent; empty unticked rows are not', async ({ page }) => {
  await pickRoute(page, 'GET', '/users');
  await page.getByRole('tab', { name: /Params/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Enable query parameter search' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'query parameter search value' }).fill('ada');
  await expect(page.getByRole('checkbox', { name: 'Enable query parameter search' })).toBeChecked();
  await expect(page.getByLabel('Final URL')).toHaveText(/\/demo\/users\?search=ada$/);
  const relayed = nextRelayQuery(page);
  await send(page);
  expect(await relayed).toEqual([['search', 'ada']]);
  await expect(responseArea(page)).toContainText('"first_name": "Ada"');
});

test('the query typed into the URL and the Params table are one state, and each parameter goes out once', async ({ page }) => {
  await pickRoute(page, 'GET', '/users');
  const url = page.getByRole('textbox', { name: 'URL' });
  await url.fill('/users?search=alan&page=2');
  await page.getByRole('tab', { name: /Params/ }).click();
  await expect(page.getByRole('textbox', { name: /^query parameter \d+ name$/ })).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'query parameter search value' })).toHaveValue('alan');
  await expect(page.getByRole('textbox', { name: 'query parameter page value' })).toHaveValue('2');
  await expect(url).toHaveValue('/users?page=2&search=alan');

  // Dropping a parameter from the URL unticks its row; editing a row rewrites the URL.
  await url.fill('/users?search=alan');
  await expect(page.getByRole('checkbox', { name: 'Enable query parameter page' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'query parameter page value' }).fill('3');
  await expect(url).toHaveValue('/users?page=3&search=alan');
  await expect(page.getByRole('textbox', { name: /^query parameter \d+ name$/ })).toHaveCount(3);

  const relayed = nextRelayQuery(page);
  await send(page);
  expect(await relayed).toEqual([
    ['page', '3'],
    ['search', 'alan'],
  ]);
});

test('leaving a route and coming back keeps what was typed there, until it is reset', async ({ page }) => {
  await pickRoute(page, 'POST', '/users');
  await jsonEditor(page).fill('{"first_name": "Mine"}');
  await pickRoute(page, 'PUT', '/users/{user}');
  await page.getByRole('textbox', { name: 'Path parameter user' }).fill('2');
  await pickRoute(page, 'GET', '/users');
  await pickRoute(page, 'POST', '/users');
  await expect(jsonEditor(page)).toHaveText('{"first_name": "Mine"}');
  await pickRoute(page, 'PUT', '/users/{user}');
  await expect(page.getByRole('textbox', { name: 'Path parameter user' })).toHaveValue('2');

  // Drafts survive a reload too, once they are stored (shortly after a change): in the route's
  // draft, or in its tab when the route is still open in one.
  await expect.poll(() => page.evaluate(() => ['kite:drafts', 'kite:tabs', 'kite:request'].map((key) => localStorage.getItem(key) ?? '').join('\n'))).toContain('Mine');
  await page.reload();
  await pickRoute(page, 'POST', '/users');
  await expect(jsonEditor(page)).toHaveText('{"first_name": "Mine"}');

  await request(page).getByRole('button', { name: 'Reset' }).click();
  // An empty editor shows its placeholder, and nothing else.
  await expect(jsonEditor(page).locator('.cm-placeholder')).toBeVisible();
  await pickRoute(page, 'GET', '/users');
  await pickRoute(page, 'POST', '/users');
  // An empty editor shows its placeholder, and nothing else.
  await expect(jsonEditor(page).locator('.cm-placeholder')).toBeVisible();
});

test('auto-fill over a hand-typed body can be undone from its toast and with Ctrl+Z', async ({ page }) => {
  await pickRoute(page, 'POST', '/users');
  await jsonEditor(page).fill('{"first_name": "Typed by hand"}');
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect(jsonEditor(page)).toHaveText(/"email": "[^"]+@/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(jsonEditor(page)).toHaveText('{"first_name": "Typed by hand"}');

  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect(jsonEditor(page)).toHaveText(/"email": "[^"]+@/);
  await page.keyboard.press('Control+z');
  await expect(jsonEditor(page)).toHaveText('{"first_name": "Typed by hand"}');
});

test('Send right after Auto-fill sends the auto-filled request while the generators still load', async ({ page }) => {
  // No idle prefetch: the generators load only when Auto-fill asks, and their chunk is held back.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.reload();
  await pickRoute(page, 'POST', '/users');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  await page.route('**/vendor/kite/chunks/**', async (route) => {
    holding();
    await released;
    await route.continue();
  });
  const relayed = page.waitForRequest((call) => call.url().endsWith('/api/relay'));
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // Send was pressed while the generators' chunk is still held back: only then let it load.
  await held;
  release();
  // The relay call carries the auto-filled body, never the empty one the builder showed before.
  const sent = JSON.parse((await relayed).postData() ?? '{}');
  const body = JSON.parse(sent.body.text);
  expect(Object.keys(body)).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email']));
  expect(body.email).toMatch(/@/);
});

test('changing the method moves the header and the schema validation to the matching route, or to none', async ({ page }) => {
  await pickRoute(page, 'PUT', '/users/{user}');
  await expect(request(page).getByText('Replace a user', { exact: true })).toBeVisible();
  await jsonEditor(page).fill('{"first_name": "Ann"}');
  await expect(page.getByRole('list', { name: 'Schema errors' })).toContainText('Missing required field "email"');

  await page.getByRole('combobox', { name: 'Method' }).selectOption('PATCH');
  await expect(request(page).getByText('Change some fields of a user', { exact: true })).toBeVisible();
  await expect(page.getByText('Valid JSON, matches the route’s schema')).toBeVisible();
  await expect(routeButton(page, 'PATCH', '/users/{user}')).toHaveAttribute('aria-current', /.+/);

  await page.getByRole('combobox', { name: 'Method' }).selectOption('OPTIONS');
  await expect(request(page).getByText('Change some fields of a user', { exact: true })).toHaveCount(0);
  await expect(request(page).getByText('Replace a user', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Valid JSON', { exact: true })).toBeVisible();
});

test('an empty impersonation id is caught before sending, as an empty path parameter is', async ({ page }) => {
  await pickRoute(page, 'GET', '/me');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Impersonate User with ID' });
  let relayed = false;
  page.on('request', (call) => {
    if (call.url().endsWith('/api/relay')) relayed = true;
  });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Fill in the user ID to impersonate first')).toBeVisible();
  await expect(page.getByText('Send a request to see its response here.')).toBeVisible();
  expect(relayed).toBe(false);
});

test('the cookie jar keeps what the application sets, sends it back, shows, edits and clears it; None sends none', async ({ page }) => {
  await pickRoute(page, 'POST', '/login');
  await jsonEditor(page).fill('{}');
  await send(page);
  await expect(responseArea(page)).toContainText('Logged in.');

  await pickRoute(page, 'GET', '/me');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "cookie"');

  await request(page).getByRole('tab', { name: /Cookies/ }).click();
  const value = page.getByRole('textbox', { name: 'Cookie demo_session value' });
  await expect(value).toHaveValue(/\w+/);
  await expect(page.getByText(/127\.0\.0\.1\/ · session · HttpOnly · SameSite=Lax/)).toBeVisible();

  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'None' });
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "anonymous"');
  // Another authorization type still sends the jar's cookies (the echo shows what arrived).
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Bearer Token' });
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('demo-token');
  await pickRoute(page, 'GET', '/echo');
  await send(page);
  await expect(responseArea(page)).toContainText('"Cookie"');
  await expect(responseArea(page)).toContainText('"demo_session=');
  await pickRoute(page, 'GET', '/me');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Currently Logged-in User' });

  await request(page).getByRole('tab', { name: /Cookies/ }).click();
  await value.fill('forged');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "anonymous"');
  await page.getByRole('button', { name: 'Clear cookies' }).click();
  await expect(page.getByText('No cookies yet.')).toBeVisible();
});

test('the first Send after the host restarted gets a fresh XSRF token and goes through', async ({ page }) => {
  // A token the host no longer recognises, as after a restart with a new secret.
  await page.evaluate(() => {
    document.cookie = 'XSRF-TOKEN=issued-before-the-restart.abc; path=/http-client';
  });
  await pickRoute(page, 'GET', '/users');
  await send(page);
  await expect(responseArea(page).getByText('200', { exact: true })).toBeVisible();
  await expect(page.getByText(/HTTP error! status: 419/)).toHaveCount(0);
});

test("a relay refusal shows its card and the spec's toast once, and a cancel does not ask to fix anything", async ({ page }) => {
  await page.getByRole('textbox', { name: 'URL' }).fill('http://203.0.113.9/elsewhere');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(responseArea(page).getByRole('alert')).toContainText('TARGET_NOT_ALLOWED');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'HTTP error! status: 403' })).toHaveCount(1);

  await page.getByRole('textbox', { name: 'URL' }).fill('/slow?ms=8000');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(responseArea(page).getByRole('alert')).toContainText('The request was cancelled.');
  await expect(responseArea(page).getByRole('alert')).not.toContainText('fix the problem');
  // The user's own cancel is no failure: no toast of a call without a response (status 0).
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'HTTP error! status: 0' })).toHaveCount(0);
});

test('a cURL file part must be chosen again, and a copied command says what it lacks', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const url = page.getByRole('textbox', { name: 'URL' });
  await url.focus();
  await pasteIntoFocused(page, `curl -F title=Holiday -F file=@photo.png ${new URL(page.url()).origin}/demo/uploads`);
  await expect(page.getByText('Imported the cURL command: choose the files again')).toBeVisible();
  let relayed = false;
  page.on('request', (call) => {
    if (call.url().endsWith('/api/relay')) relayed = true;
  });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Choose the files again', { exact: true })).toBeVisible();
  expect(relayed).toBe(false);

  await pickRoute(page, 'GET', '/me');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Currently Logged-in User' });
  await page.getByRole('button', { name: 'Copy as cURL' }).click();
  await expect(page.getByText("The command does not carry the logged-in user's session", { exact: false }).first()).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toMatch(/^# The command does not carry the logged-in user's session[^\n]*\ncurl http:\/\/127\.0\.0\.1:\d+\/demo\/me$/);
});

test('body search finds what Pretty view shows, spacing included', async ({ page }) => {
  await pickRoute(page, 'GET', '/users/{user}');
  await page.getByRole('textbox', { name: 'Path parameter user' }).fill('1');
  await send(page);
  const pane = responseArea(page);
  await pane.getByRole('searchbox', { name: 'Search body' }).fill('"id": 1');
  await expect(pane.getByText('1 of 1')).toBeVisible();
  await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"id": 1');
  await expect(pane.getByRole('region', { name: 'Pretty body' }).locator('mark')).toHaveText(['"id"', ':', ' ', '1']);
});
