import { test, expect, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { responseArea, send } from './support/client-screen';
import { addVariable, openFreshKite, setBearerToken, typeRequest, useWorkspaceHost } from './support/workspace-host';

// Workspaces against the Node host with its demo API: variables and environments, chained requests
// (a token captured from POST /login used by GET /me), saved requests in a workspace folder.
// Its own host, so the workspace folder is a scratch directory.
const workspace = useWorkspaceHost('kite-workspace-e2e-');
test.describe.configure({ mode: 'serial' });
const openKite = (page: Page) => openFreshKite(page, workspace.host.url);

test('a {{variable}} is marked where typed, stops a send while it has no value, and resolves from the active environment', async ({ page }) => {
  await openKite(page);
  await typeRequest(page, 'GET', '/me');
  await setBearerToken(page, '{{token}}');
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveAttribute('title', '{{token}} has no value');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('The variable {{token}} has no value')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bearer token' }), 'nothing of the request is lost').toHaveValue('{{token}}');

  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('textbox', { name: 'New environment name' }).fill('local');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  await addVariable(page, 'token', 'demo-token', true);
  await addVariable(page, 'userId', '2');
  await expect(dialog.getByLabel('Variable token value')).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('local');

  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveAttribute('title', '{{token}} = •••••• (environment)');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"via": "bearer"');

  // The URL bar and key-value rows mark them too.
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('none');
  await typeRequest(page, 'GET', '/users/{{userId}}');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveAttribute('title', '{{userId}} = 2 (environment)');
  await page.getByRole('tab', { name: 'Params' }).click();
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await page.getByRole('textbox', { name: 'query parameter 1 name' }).fill('q');
  await page.getByRole('textbox', { name: 'query parameter q value' }).fill('{{nope}}');
  await expect(page.getByRole('textbox', { name: 'query parameter q value' })).toHaveAttribute('data-unresolved', 'true');
  await page.screenshot({ path: join(tmpdir(), 'kite-workspace-variables.png') });
  await page.getByRole('checkbox', { name: 'Enable query parameter q' }).uncheck();
  await send(page);
  await expect(responseArea(page)).toContainText('"id": 2');

  // None active: the environment's variables no longer apply.
  await page.getByRole('combobox', { name: 'Environment' }).selectOption('');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveAttribute('data-unresolved', 'true');
});

test('a token captured from POST /login is used by GET /me as {{token}}', async ({ page }) => {
  await openKite(page);
  await typeRequest(page, 'POST', '/login');
  await page.getByRole('tab', { name: 'Capture' }).click();
  await page.getByRole('button', { name: 'Add capture rule' }).click();
  await page.getByRole('textbox', { name: 'Capture 1 variable' }).fill('token');
  await page.getByRole('textbox', { name: 'Capture token path' }).fill('$.data.token');
  await page.getByRole('checkbox', { name: 'Capture token secret' }).check();
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(page.getByText('Captured {{token}}')).toBeVisible();

  await typeRequest(page, 'GET', '/me');
  await page.getByRole('tab', { name: 'Capture' }).click();
  await page.getByRole('button', { name: /^Remove capture/ }).click();
  await setBearerToken(page, '{{token}}');
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveAttribute('title', '{{token}} = •••••• (capture)');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "bearer"');
  await page.screenshot({ path: join(tmpdir(), 'kite-workspace-chained.png') });
});

test('Ctrl+S saves a new request under a name into the workspace folder, listed in the Saved pane; an edit on disk shows on focus', async ({ page }) => {
  await openKite(page);
  await typeRequest(page, 'GET', '/users/{{userId}}');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('bearer');
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('never-in-a-file');
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Save request' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Get user');
  await dialog.getByRole('textbox', { name: 'Folder' }).fill('users');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved requests/get-user.json')).toBeVisible();

  const text = readFileSync(join(workspace.folder, 'requests/get-user.json'), 'utf8');
  expect(JSON.parse(text)).toMatchObject({ name: 'Get user', folder: 'users', method: 'GET', url: '/users/{{userId}}', auth: { type: 'bearer' } });
  expect(text).not.toContain('never-in-a-file');
  expect(text.startsWith('{\n  "application"')).toBe(true);

  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await expect(pane.getByRole('region', { name: 'users' }).getByRole('button', { name: 'GET Get user' })).toBeVisible();

  // Saving again writes the same file, without asking.
  await page.getByRole('textbox', { name: 'URL' }).fill('/users/{{userId}}/posts');
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  await expect.poll(() => JSON.parse(readFileSync(join(workspace.folder, 'requests/get-user.json'), 'utf8')).url).toBe('/users/{{userId}}/posts');

  // Edited on disk: shows after the window gets the focus back.
  writeFileSync(join(workspace.folder, 'requests/get-user.json'), JSON.stringify({ ...JSON.parse(text), name: 'Get one user' }));
  writeFileSync(join(workspace.folder, 'requests/broken.json'), '{"name": ');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(pane.getByRole('button', { name: 'GET Get one user' })).toBeVisible();
  await expect(pane.getByText('requests/broken.json is not valid JSON', { exact: false })).toBeVisible();
  await pane.getByRole('searchbox', { name: 'Search saved requests' }).fill('one');
  await expect(pane.getByRole('button', { name: 'GET Get one user' })).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), 'kite-workspace-saved.png') });

  await page.getByRole('tab', { name: 'Routes' }).click();
  await typeRequest(page, 'GET', '/other');
  await page.getByRole('tab', { name: 'Saved' }).click();
  await pane.getByRole('button', { name: 'GET Get one user' }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users/{{userId}}');
});

test("a saved request opens in a tab of its own: no response and no token of the tab that was open come along, and that tab keeps both", async ({ page }) => {
  await openKite(page);
  await typeRequest(page, 'GET', '/me');
  await setBearerToken(page, '{{token}}');
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Save request' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Who am I');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved requests/who-am-i.json')).toBeVisible();

  // Another tab, with a token typed into it and an answer on screen.
  await page.getByRole('button', { name: 'New tab' }).click();
  await typeRequest(page, 'GET', '/users');
  await setBearerToken(page, 'typed-in-this-tab');
  await send(page);
  await expect(responseArea(page)).toContainText('"first_name"');

  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByRole('navigation', { name: 'Saved requests' }).getByRole('button', { name: 'GET Who am I' }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/me');
  await expect(responseArea(page)).toContainText('Send a request to see its response here.');
  await expect(responseArea(page)).not.toContainText('first_name');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('{{token}}');

  // The tab that was open still has its request, its token and its answer.
  await page.getByRole('tablist', { name: 'Open requests' }).getByRole('tab', { name: 'GET /users', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
  await expect(responseArea(page)).toContainText('"first_name"');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('typed-in-this-tab');
});

test('environments committed in the workspace folder are in the picker at start, and a shared link naming one switches to it', async ({ page, context, browser }) => {
  mkdirSync(join(workspace.folder, 'environments'), { recursive: true });
  writeFileSync(join(workspace.folder, 'environments/committed.json'), JSON.stringify({ name: 'committed', variables: { userId: '2' } }));
  await openKite(page);
  // Read at start: neither the Saved pane nor the Environments dialog has been opened.
  await expect(page.getByRole('combobox', { name: 'Environment' }).getByRole('option', { name: 'committed' })).toBeAttached();
  await page.getByRole('combobox', { name: 'Environment' }).selectOption('committed');
  await typeRequest(page, 'GET', '/users/{{userId}}');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());

  // Someone else opens the link: their browser knows the environment only from the folder.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(link);
  await expect(visitor.getByText('Switched to the environment committed, as the link says')).toBeVisible();
  await expect(visitor.getByRole('combobox', { name: 'Environment' })).toHaveValue('committed');
  await send(visitor);
  await expect(responseArea(visitor)).toContainText('"first_name": "Grace"');
  await other.close();
});

test('a read-only workspace is shown as such and saving says why', async ({ page }) => {
  await page.route('**/api/workspace', (route) =>
    route.fulfill({ json: { folder: '.kite', writable: false, readOnlyReason: 'The host has no write permission for .kite', files: [] } }),
  );
  await openKite(page);
  await page.getByRole('tab', { name: 'Saved' }).click();
  await expect(page.getByRole('navigation', { name: 'Saved requests' }).getByText('Read-only')).toBeVisible();
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  await expect(page.getByText('The request cannot be saved: the workspace is read-only')).toBeVisible();
  await expect(page.getByText('The host has no write permission for .kite').first()).toBeVisible();
});
