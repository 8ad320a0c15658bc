import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOP_PASSWORD, shopCollection, shopEnvironment, withGetRequest } from '../fixtures/import/postman.mjs';
import { responseArea, send } from './support/client-screen';
import { openFreshKite, useWorkspaceHost } from './support/workspace-host';

// Importing another tool's files from the Saved pane into the workspace folder (features/import):
// a Postman collection with folders and its environment, written with Postman's own library.
const workspace = useWorkspaceHost('kite-import-e2e-');
test.describe.configure({ mode: 'serial' });

/** The shop collection pointed at the demo API, with a request that needs the environment's secret token. */
function collectionFile(baseUrl: string) {
  const collection = withGetRequest(shopCollection(baseUrl), 'Users', 'Who am I', '{{baseUrl}}/me');
  return { name: 'shop.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(collection)) };
}

test('a Postman collection with folders and an environment is imported from the Saved pane; its request sends with the secret kept in this browser; the report says what happened', async ({ page }) => {
  const baseUrl = `${workspace.host.origin}/demo`;
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await expect(pane.getByRole('button', { name: 'Import' })).toBeVisible();
  await pane.getByLabel('Import files').setInputFiles([
    collectionFile(baseUrl),
    { name: 'staging.postman_environment.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(shopEnvironment(baseUrl, 'demo-token'))) },
  ]);

  const report = page.getByRole('dialog', { name: 'Import report' });
  // The readers are a lazy chunk of their own (Bruno's parser among them): slow to arrive on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: 'Importing' }).or(report)).toBeVisible();
  await expect(report).toContainText('6 requests, 1 environment imported; 7 files written to the workspace.', { timeout: 60_000 });
  await expect(report.getByRole('region', { name: 'Not imported' })).toContainText('shop.postman_collection.json › Purge cache: method PURGE: Kite sends GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
  await expect(report.getByRole('region', { name: 'Converted' })).toContainText('Users/Admin/Create user: auth password → secret variable {{password}}');
  await expect(report.getByRole('region', { name: 'Kept as a note' })).toContainText('Users/List users: a script kept verbatim');
  await expect(report.getByRole('region', { name: 'Secret variables kept in this browser' })).toContainText('Shop staging: {{token}}');
  await page.screenshot({ path: join(tmpdir(), 'kite-import-report.png') });
  await report.getByRole('button', { name: 'Done' }).click();

  // The folders show in the pane; the files hold no credential.
  await expect(pane.getByRole('region', { name: 'Users/Admin' })).toContainText('Create user');
  const files = readdirSync(join(workspace.folder, 'requests')).map((name) => readFileSync(join(workspace.folder, 'requests', name), 'utf8'));
  expect(files).toHaveLength(6);
  expect(files.join('\n')).not.toContain(SHOP_PASSWORD);
  expect(readFileSync(join(workspace.folder, 'environments', 'shop-staging.json'), 'utf8')).not.toContain('demo-token');

  // The request runs with the environment's secret token (kept in this browser only).
  await page.getByRole('combobox', { name: 'Environment' }).selectOption('Shop staging');
  await pane.getByRole('region', { name: 'Users' }).getByRole('button', { name: 'GET Who am I' }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('{{baseUrl}}/me');
  await send(page);
  await expect(responseArea(page)).toHaveText(/^200\s*OK/);
  await expect(responseArea(page)).toContainText('"via": "bearer"');
  await page.screenshot({ path: join(tmpdir(), 'kite-import-sent.png') });
});

test('importing the same files again asks before overwriting; keeping them imports nothing over them and says so', async ({ page }) => {
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await pane.getByLabel('Import files').setInputFiles([collectionFile(`${workspace.host.origin}/demo`)]);
  const report = page.getByRole('dialog', { name: 'Import report' });
  // Only the environment the collection's own variables make (none was imported with it) is new.
  await expect(report).toContainText('6 requests, 1 environment imported; 1 file written to the workspace.', { timeout: 60_000 });
  expect(asked).toContain('requests/users-who-am-i.json');
  await expect(report.getByRole('region', { name: 'Not imported' })).toContainText('requests/login.json › Login: requests/login.json exists in the workspace and was not overwritten (you chose to keep it)');
});

test("saving an imported request from the builder keeps the notes the import wrote (the builder does not show them)", async ({ page }) => {
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await pane.getByRole('region', { name: 'Users' }).getByRole('button', { name: 'GET List users' }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('{{baseUrl}}/users?page=1&per_page={{pageSize}}');
  const path = join(workspace.folder, 'requests', 'users-list-users.json');
  const before = JSON.parse(readFileSync(path, 'utf8'));
  expect(before.notes).toContain('pm.response.to.have.status(200);');
  await page.getByRole('textbox', { name: 'URL' }).fill('{{baseUrl}}/users?page=2&per_page={{pageSize}}');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved requests/users-list-users.json')).toBeVisible();
  const after = JSON.parse(readFileSync(path, 'utf8'));
  expect(after.query, 'the edit was written').toContainEqual({ name: 'page', value: '2', enabled: true });
  expect(after.notes).toBe(before.notes);
});
