import { test, expect, type Page } from '@playwright/test';
import { clearClientStorage, pickRoute, responseArea, send } from './support/client-screen';

// Request tabs and share links against the Node host with its demo API.
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab', { name });

test('tabs: two routes, each with its own response; focus, rename, reorder, close, Ctrl+1/2, reload', async ({ page }) => {
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
  await expect(tabs(page)).toHaveText(['GET/users', 'Create user']);
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(tabs(page)).toHaveText(['Create user', 'GET/users']);

  // Ctrl+1 / Ctrl+2.
  await page.keyboard.press('Control+2');
  await expect(tab(page, 'GET /users')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('200');
  await page.keyboard.press('Control+1');
  await expect(tab(page, 'Create user')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('422');

  // A reload keeps the tabs, their names and order, and the open tab's last response.
  await page.waitForTimeout(600); // the list is saved 400 ms after a change
  await page.reload();
  await expect(tabs(page)).toHaveText(['Create user', 'GET/users']);
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
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'POST', '/users');
  await page.getByRole('textbox', { name: 'JSON body' }).fill('{"first_name": "Ann", "email": "ann@example.com"}');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'Bearer Token' });
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('demo-secret-token');
  await send(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
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
  await expect(visitor.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('bearer');
  await expect(visitor.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('');
  expect(await visitor.content()).not.toContain('demo-secret-token');
  await visitor.screenshot({ path: 'test-results/share-1920.png' });
  await other.close();
});

test("a shared link's environment becomes the active one where it exists, and is named where it does not", async ({ page, context, browser }) => {
  const addEnvironment = async (on: Page, name: string) => {
    await on.getByRole('button', { name: 'Edit environments and variables' }).click();
    const dialog = on.getByRole('dialog', { name: 'Environments and variables' });
    await dialog.getByRole('textbox', { name: 'New environment name' }).fill(name);
    await dialog.getByRole('button', { name: 'Add environment' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
  };
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await addEnvironment(page, 'staging');
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('staging');
  await pickRoute(page, 'GET', '/users');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());

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
  await clearClientStorage(page);
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/slow?ms=2500');
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
  await page.waitForTimeout(3000);
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');
  await expect(responseArea(page)).not.toContainText('waitedMs');
  // …and the first tab shows the answer that came for it, after a reload too.
  await page.reload();
  await expect(tab(page, 'GET /users/2')).toHaveAttribute('aria-selected', 'true');
  await expect(responseArea(page)).toContainText('"first_name": "Grace"');
  await tab(page, 'GET /slow').click();
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"waitedMs": 2500');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
});
