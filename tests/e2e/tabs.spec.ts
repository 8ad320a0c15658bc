import { test, expect, type Page } from '@playwright/test';
import { clearClientStorage, pickRoute, responseArea, routeButton, send } from './support/client-screen';
import { setBearerToken } from './support/workspace-host';

// Request tabs and share links against the Node host with its demo API.
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab', { name, exact: true });

/** Copies the open tab's share link with the link button and reads it from the clipboard. */
async function copyLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Adds an environment (made active) in the Environments dialog, with one secret variable if given. */
async function addEnvironment(page: Page, name: string, secret?: { name: string; value: string }) {
  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('textbox', { name: 'New environment name' }).fill(name);
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  if (secret) {
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    const rows = dialog.getByRole('group', { name: 'Variables' });
    await rows.getByRole('textbox', { name: 'Variable 1 name' }).fill(secret.name);
    await rows.getByLabel(`Variable ${secret.name} value`).fill(secret.value);
    await rows.getByRole('checkbox', { name: `Secret ${secret.name}` }).check();
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
}

test('tabs: two routes, each with its own response; focus, rename, reorder, close, Ctrl+1/2, reload', async ({ page }) => {
  test.slow(); // a dozen steps and a reload: past 30 s on a busy machine
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/users');
  await send(page);
  await expect(responseArea(page)).toContainText('200');

  await page.getByRole('button', { name: 'New tab' }).click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(tab(page, 'New request')).toHaveAttribute('aria-selected', 'true');
  await pickRoute(page, 'POST', '/users');
  await expect(tab(page, 'POST /users')).toHaveAttribute('aria-selected', 'true');
  await send(page);
  await expect(responseArea(page)).toContainText('422');

  // Switching back shows each tab its own response.
  await tab(page, 'GET /users').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('GET');
  await expect(responseArea(page)).toContainText('200');
  await expect(responseArea(page)).not.toContainText('422');

  // Picking a route that is open focuses its tab instead of loading it here.
  await pickRoute(page, 'POST', '/users');
  await expect(tabs(page)).toHaveCount(2);
  await expect(tab(page, 'POST /users')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('422');

  // Rename by double click.
  await tab(page, 'POST /users').dblclick();
  await page.getByRole('textbox', { name: 'Tab name' }).fill('Create user');
  await page.keyboard.press('Enter');
  await expect(tab(page, 'Create user')).toBeVisible();

  // Reorder by keyboard: the open tab moves left.
  await expect(tabs(page)).toHaveText(['GET/users', 'POSTCreate user']);
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(tabs(page)).toHaveText(['POSTCreate user', 'GET/users']);

  // Ctrl+1 / Ctrl+2.
  await page.keyboard.press('Control+2');
  await expect(tab(page, 'GET /users')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('200');
  await page.keyboard.press('Control+1');
  await expect(tab(page, 'Create user')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('422');

  // A reload keeps the tabs, their names and order, and the open tab's last response.
  // The list is saved shortly after a change.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('kite:tabs') ?? '{}').tabs?.map((item: { name: string }) => item.name))).toEqual(['Create user', '']);
  await page.reload();
  await expect(tabs(page)).toHaveText(['POSTCreate user', 'GET/users']);
  await expect(tab(page, 'Create user')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('422');
  await tab(page, 'GET /users').click();
  await expect(responseArea(page)).toContainText('200');
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.screenshot({ path: 'test-results/tabs-1920.png' });
  await page.setViewportSize({ width: 800, height: 700 });
  await page.screenshot({ path: 'test-results/tabs-800.png' });
  await page.setViewportSize({ width: 1920, height: 1000 });

  // Close with ×, then Alt+W on the last one leaves one blank tab.
  await page.getByRole('button', { name: 'Close Create user' }).click();
  await expect(tabs(page)).toHaveCount(1);
  await page.keyboard.press('Alt+w');
  await expect(tabs(page)).toHaveText(['New request']);
});

test('a shared link opens the request in a new tab elsewhere, with the note and no token', async ({ page, context, browser }) => {
  test.slow(); // two browser contexts
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'POST', '/users');
  await page.getByRole('textbox', { name: 'JSON body' }).fill('{"first_name": "Ann", "email": "ann@example.com"}');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Bearer Token' });
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('demo-secret-token');
  await send(page);
  const link = await copyLink(page);
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/http-client#share=[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThan(2000);

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/http-client');
  await pickRoute(visitor, 'GET', '/users'); // the visitor's own work stays in its tab
  await visitor.goto(link);
  await expect(tab(visitor, 'POST /users')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(visitor, 'GET /users')).toBeVisible();
  await expect(visitor.getByRole('note')).toContainText(/Shared request · last answered \d{3} in \d+ ms, [\d.]+ (B|KB)/);
  await expect(visitor.getByRole('textbox', { name: 'JSON body' })).toHaveText('{"first_name": "Ann", "email": "ann@example.com"}');
  expect(new URL(visitor.url()).hash).toBe('');
  await visitor.getByRole('tab', { name: 'Auth' }).click();
  // The link's tab has no credentials of its own: the Settings default auth, no token field.
  await expect(visitor.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('current-user');
  await expect(visitor.getByRole('textbox', { name: 'Bearer token' })).toHaveCount(0);
  expect(await visitor.content()).not.toContain('demo-secret-token');
  await visitor.screenshot({ path: 'test-results/share-1920.png' });
  await other.close();
});

test("a shared link's environment becomes the active one where it exists, and is named where it does not", async ({ page, context, browser }) => {
  test.slow(); // two browser contexts
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await addEnvironment(page, 'staging');
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('staging');
  await pickRoute(page, 'GET', '/users');
  const link = await copyLink(page);

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/http-client');
  await visitor.goto(link);
  await expect(visitor.getByText("The link's environment staging does not exist here")).toBeVisible();
  await expect(visitor.getByRole('combobox', { name: 'Environment' })).toHaveValue('');

  await addEnvironment(visitor, 'local');
  await addEnvironment(visitor, 'staging');
  await visitor.getByRole('combobox', { name: 'Environment' }).selectOption('local');
  await visitor.goto(link);
  await expect(visitor.getByText('Switched to the environment staging, as the link says')).toBeVisible();
  await expect(visitor.getByRole('combobox', { name: 'Environment' })).toHaveValue('staging');
  await other.close();
});

test('a request keeps running when its tab is left, and its answer lands in its own tab', async ({ page }) => {
  test.slow(); // the first request must outlast the steps below, also on a busy machine
  await clearClientStorage(page);
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/slow?ms=12000');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // Another tab sends and shows its own answer meanwhile.
  await page.getByRole('button', { name: 'New tab' }).click();
  await pickRoute(page, 'GET', '/users/{user}');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users/2');
  await send(page);
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');

  // Back in the first tab while its request is still on its way: it is still sending.
  await tab(page, 'GET /slow').click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await tab(page, 'GET /users/2').click();
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');
  // It ends while the other tab is on screen: that tab keeps its own response…
  await expect(page.getByRole('tab', { name: /^History/ })).toHaveText(/History\s*2$/, { timeout: 30_000 });
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');
  await expect(responseArea(page)).not.toContainText('waitedMs');
  // …and the first tab shows the answer that came for it, after a reload too.
  await page.reload();
  await expect(tab(page, 'GET /users/2')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');
  await tab(page, 'GET /slow').click();
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"waitedMs": 12000');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
});

test('a request sent before the tab strip has loaded keeps its answer in its own tab', async ({ page }) => {
  test.slow(); // the request must outlast the steps below, also on a busy machine
  await clearClientStorage(page);
  // The tab strip's chunk is held back: the request goes out before the strip is there.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/chunks\/TabStrip-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/slow?ms=8000');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(tabs(page)).toHaveCount(0);
  release();

  await page.getByRole('button', { name: 'New tab' }).click();
  await expect(tab(page, 'New request')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  // The answer lands in the tab that sent it, not in the one on screen.
  await expect(page.getByRole('tab', { name: /^History/ })).toHaveText(/History\s*1$/, { timeout: 30_000 });
  await expect(responseArea(page)).toContainText('Send a request to see its response here.');
  await expect(responseArea(page)).not.toContainText('waitedMs');
  await tab(page, 'GET /slow').click();
  await expect(responseArea(page)).toContainText('"waitedMs": 8000');
});

test("a new tab starts from the Settings default authorization, not the open tab's token", async ({ page }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/me');
  await setBearerToken(page, 'demo-token');
  await page.getByRole('button', { name: 'New tab' }).click();
  await expect(tab(page, 'New request')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('current-user');
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveCount(0);
  // A route picked from there starts from it too.
  await routeButton(page, 'GET', '/users').dblclick();
  await expect(tab(page, 'GET /users')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('current-user');
  await tab(page, 'GET /me').click();
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('demo-token');
});

test('a click on a route opens a preview tab that the next click reuses; sending, editing or a double click pins it; a pinned tab keeps its request and response', async ({ page, baseURL }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/me');
  await expect(tabs(page)).toHaveCount(1);
  await expect(tab(page, 'GET /me')).toHaveCSS('font-style', 'italic');
  await pickRoute(page, 'GET', '/users');
  await expect(tabs(page)).toHaveText(['GET/users']);
  await expect(tab(page, 'GET /users')).toHaveCSS('font-style', 'italic');

  // Sending pins it.
  await send(page);
  await expect(responseArea(page)).toContainText('"first_name"');
  await expect(tab(page, 'GET /users')).toHaveCSS('font-style', 'normal');

  // The next route opens beside it, with no response of another request.
  await pickRoute(page, 'POST', '/login');
  await expect(tabs(page)).toHaveText(['GET/users', 'POST/login']);
  await expect(tab(page, 'POST /login')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'POST /login')).toHaveCSS('font-style', 'italic');
  await expect(responseArea(page)).toContainText('Send a request to see its response here.');
  await expect(responseArea(page)).not.toContainText('first_name');
  await pickRoute(page, 'GET', '/me');
  await expect(tabs(page)).toHaveText(['GET/users', 'GET/me']);

  // Editing pins it.
  await page.getByRole('tab', { name: 'Headers' }).click();
  await page.getByRole('button', { name: 'Add header' }).click();
  await expect(tab(page, 'GET /me')).toHaveCSS('font-style', 'normal');

  // A double click opens a pinned tab at once.
  await routeButton(page, 'POST', '/login').dblclick();
  await expect(tabs(page)).toHaveText(['GET/users', 'GET/me', 'POST/login']);
  await expect(tab(page, 'POST /login')).toHaveCSS('font-style', 'normal');
  await pickRoute(page, 'GET', '/users/{user}');
  await expect(tabs(page)).toHaveText(['GET/users', 'GET/me', 'POST/login', 'GET/users/{user}']);

  // The pinned tab still has its own request and response.
  await tab(page, 'GET /users').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
  await expect(responseArea(page)).toContainText('"first_name"');
  // A response is shown with the request that produced it, also once the request is changed.
  await page.getByRole('textbox', { name: 'URL' }).fill('/me');
  await expect(responseArea(page).getByTitle(`GET ${baseURL}/demo/users`, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/tabs-preview.png' });
});

test('a history entry opens in a preview tab with its response; the tab that sent it keeps its own', async ({ page }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/users/{user}');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users/2');
  await send(page);
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users/1');
  await send(page);
  await expect(responseArea(page)).toContainText('"id": 1');

  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('list', { name: 'History' }).getByRole('button', { name: /^GET.*\/users\/2\b/ }).click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(tab(page, 'GET /users/2')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'GET /users/2')).toHaveCSS('font-style', 'italic');
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');

  // Another route in the preview tab: the response of /users/2 goes with it.
  await page.getByRole('tab', { name: 'Routes' }).click();
  await pickRoute(page, 'POST', '/login');
  await expect(tabs(page)).toHaveCount(2);
  await expect(responseArea(page)).toContainText('Send a request to see its response here.');

  await tab(page, 'GET /users/1').click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users/1');
  await expect(responseArea(page)).toContainText('"id": 1');
});

test('past six tabs an overflow menu lists every tab; a renamed tab keeps its method badge', async ({ page }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await routeButton(page, 'GET', '/users').dblclick();
  await tab(page, 'GET /users').dblclick();
  await page.getByRole('textbox', { name: 'Tab name' }).fill('Team');
  await page.keyboard.press('Enter');
  await expect(tab(page, 'Team')).toHaveText('GETTeam');
  for (const path of ['/me', '/login', '/slow', '/events', '/cookies', '/stream.ndjson']) {
    await page.keyboard.press('Alt+n');
    await page.getByRole('textbox', { name: 'URL' }).fill(path);
  }
  await expect(tabs(page)).toHaveCount(7);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'All tabs (7)' }).click();
  const menu = page.getByRole('menu', { name: 'Open requests' });
  await expect(menu.getByRole('menuitem')).toHaveText(['GETTeam', 'GET/me', 'GET/login', 'GET/slow', 'GET/events', 'GET/cookies', 'GET/stream.ndjson']);
  await page.screenshot({ path: 'test-results/tabs-overflow.png' });
  await menu.getByRole('menuitem', { name: 'Team' }).click();
  await expect(menu).toHaveCount(0);
  await expect(tab(page, 'Team')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Team')).toBeInViewport();
  await page.getByRole('button', { name: 'All tabs (7)' }).click();
  await menu.getByRole('menuitem', { name: 'GET /stream.ndjson' }).click();
  await expect(tab(page, 'GET /stream.ndjson')).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/stream.ndjson');
});

test('a tab opened from a link has no credentials of its own, shows its full destination, and asks before a first Send that puts a secret in its URL', async ({ page, context, browser, baseURL }) => {
  test.slow(); // two browser contexts
  // The link's author: a URL with {{token}}, bearer auth, the environment "local".
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users?leak={{token}}');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('bearer');
  await addEnvironment(page, 'local');
  const link = await copyLink(page);

  // The receiver: a secret {{token}} in their "local", a bearer token in their open tab.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/http-client');
  await addEnvironment(visitor, 'local', { name: 'token', value: 'receiver-secret' });
  await visitor.getByRole('textbox', { name: 'URL' }).fill('/me');
  await setBearerToken(visitor, 'receiver-token');
  await visitor.goto(link);
  await expect(tab(visitor, 'GET /users')).toHaveAttribute('aria-selected', 'true');
  await visitor.getByRole('tab', { name: 'Auth' }).click();
  await expect(visitor.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('current-user');
  await expect(visitor.getByRole('textbox', { name: 'Bearer token' })).toHaveCount(0);
  await expect(visitor.getByRole('note')).toContainText(`Sends GET ${baseURL}/demo/users?leak={{token}}`);

  await visitor.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(visitor.getByText('This shared request puts the secret variable {{token}} in its URL')).toBeVisible();
  await expect(responseArea(visitor)).toContainText('Send a request to see its response here.');
  await visitor.screenshot({ path: 'test-results/share-secret.png' });
  await visitor.getByRole('button', { name: 'Send anyway' }).click();
  await expect(responseArea(visitor)).toHaveText(/^200\s*OK/);
  await other.close();
});
