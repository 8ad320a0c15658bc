import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { responseArea } from './support/client-screen';
import { addEnvironment, addVariable, openFreshKite, typeRequest, useWorkspaceHost } from './support/workspace-host';

// Inherited auth: a folder of saved requests sets a bearer {{token}} ("Folder settings…" in the
// Saved pane, written to folders/NAME.json with the reference only), a request of the folder saved
// with its default auth ("Inherit from folder") sends it, and one overriding it with None sends
// nothing. Against the Node host's demo API (/echo answers the headers it received, shown in the
// response viewer).
const workspace = useWorkspaceHost('kite-inherited-auth-e2e-');

/** Sends; returns the authorization the app asked the host to relay. */
async function sendAndReadAuthorization(page: Page): Promise<unknown> {
  const call = page.waitForRequest((request) => request.url().endsWith('/api/relay'));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  return ((await call).postDataJSON() as { authorization: unknown }).authorization;
}

test("a request saved in a folder inherits the folder's bearer {{token}}, one overriding it with None sends nothing, and the folder's file holds only the reference", async ({ page }) => {
  test.slow(); // a dozen steps through two dialogs and three sends
  await openFreshKite(page, workspace.host.url);
  await addEnvironment(page, 'local');
  await addVariable(page, 'token', 'demo-token-inherited', true);
  await page.getByRole('dialog', { name: 'Environments and variables' }).getByRole('button', { name: 'Done' }).click();

  // Saved with the auth untouched: the new request inherits (there is nothing to inherit yet).
  await typeRequest(page, 'GET', '/echo');
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  const save = page.getByRole('dialog', { name: 'Save request' });
  await save.getByRole('textbox', { name: 'Name' }).fill('Echo as the folder');
  await save.getByRole('textbox', { name: 'Folder' }).fill('users');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved requests/echo-as-the-folder.json')).toBeVisible();
  expect(JSON.parse(readFileSync(join(workspace.folder, 'requests/echo-as-the-folder.json'), 'utf8')).auth).toEqual({ type: 'inherit' });

  // The folder's settings: the same auth editor; a literal token is refused with what to do instead.
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByRole('navigation', { name: 'Saved requests' }).getByRole('button', { name: 'Folder settings… users' }).click();
  const settings = page.getByRole('dialog', { name: 'Folder settings — users' });
  await settings.getByRole('combobox', { name: 'Authorization type' }).selectOption('bearer');
  await settings.getByRole('textbox', { name: 'Bearer token' }).fill('demo-token-inherited');
  await expect(settings.getByRole('alert')).toContainText('its token must be a {{variable}}');
  await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
  await settings.getByRole('textbox', { name: 'Bearer token' }).fill('{{token}}');
  await expect(settings.getByRole('alert')).toHaveCount(0);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved folders/users.json')).toBeVisible();
  const folderText = readFileSync(join(workspace.folder, 'folders/users.json'), 'utf8');
  expect(folderText).not.toContain('demo-token-inherited');
  expect(JSON.parse(folderText)).toEqual({ folder: 'users', auth: { type: 'bearer', token: '{{token}}' } });

  // The request's Auth tab says where its auth comes from, and Send uses it.
  await page.getByRole('tab', { name: 'Auth' }).click();
  await expect(page.getByRole('combobox', { name: 'Authorization type' })).toHaveValue('inherit');
  await expect(page.getByRole('status').filter({ hasText: 'Inherited from' })).toHaveText('Inherited from requests/users: Bearer Token {{token}}.');
  await page.screenshot({ path: join(tmpdir(), 'kite-inherited-auth.png') });
  // /echo answers the headers it received: the folder's token, its variable filled in.
  expect(await sendAndReadAuthorization(page)).toEqual({ type: 'bearer', token: 'demo-token-inherited' });
  await expect(responseArea(page)).toContainText('"Bearer demo-token-inherited"');

  // Overridden with None: nothing goes out, though the folder still sets a token.
  // (Each send has its own query, so the check waits for its own answer on screen.)
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('none');
  await page.getByRole('textbox', { name: 'URL' }).fill('/echo?case=none');
  expect(await sendAndReadAuthorization(page)).toEqual({ type: 'none' });
  await expect(responseArea(page)).toContainText('"case": "none"');
  await expect(responseArea(page)).not.toContainText('Authorization');

  // Back to inheriting: the folder's token again, and the folder dialog reads back its file.
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('inherit');
  await page.getByRole('textbox', { name: 'URL' }).fill('/echo?case=inherit');
  expect(await sendAndReadAuthorization(page)).toEqual({ type: 'bearer', token: 'demo-token-inherited' });
  await expect(responseArea(page)).toContainText('"case": "inherit"');
  await expect(responseArea(page)).toContainText('"Bearer demo-token-inherited"');
  await page.getByRole('navigation', { name: 'Saved requests' }).getByRole('button', { name: 'Folder settings… users' }).click();
  await expect(settings.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('{{token}}');
  await page.screenshot({ path: join(tmpdir(), 'kite-folder-settings.png') });
  await settings.getByRole('button', { name: 'Cancel' }).click();
});
