import { test, expect, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceFileText } from '../../protocol/endpoints.js';
import { openFreshKite, useWorkspaceHost } from './support/workspace-host';

// A saved request whose file changed on disk after it was opened is not overwritten unasked: the
// save is refused (409) and the person picks "Reload" (the disk's version) or "Overwrite". And a
// corrupt environment file is listed by name with its problem, as a corrupt request file is.
const workspace = useWorkspaceHost('kite-conflict-e2e-');
test.describe.configure({ mode: 'serial' });

const savedFile = (url: string) => ({ name: 'List users', folder: '', application: '', method: 'GET', url, pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'none' }, captures: [] });
const filePath = () => join(workspace.folder, 'requests/list-users.json');
const urlOnDisk = () => JSON.parse(readFileSync(filePath(), 'utf8')).url;

/** Changes the file as an editor or `git checkout` would, a minute after the last change. */
function changeOnDisk(url: string, minutesLater: number) {
  writeFileSync(filePath(), workspaceFileText(savedFile(url)));
  const later = new Date(Date.now() + minutesLater * 60_000);
  utimesSync(filePath(), later, later);
}

async function saveWithKeyboard(page: Page) {
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
}

test('saving a request whose file changed on disk offers Reload or Overwrite; Overwrite writes it, Reload shows the disk version', async ({ page }) => {
  test.slow(); // three saves and two reads on a machine that may be busy
  mkdirSync(join(workspace.folder, 'requests'), { recursive: true });
  writeFileSync(filePath(), workspaceFileText(savedFile('/users')));
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByRole('navigation', { name: 'Saved requests' }).getByRole('button', { name: 'GET List users' }).click();
  const url = page.getByRole('textbox', { name: 'URL' });
  await expect(url).toHaveValue('/users');

  await url.fill('/users/mine');
  changeOnDisk('/users/disk', 1);
  await saveWithKeyboard(page);
  const conflict = page.getByRole('listitem').filter({ hasText: 'requests/list-users.json changed on disk since it was opened' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Overwrite' })).toBeVisible();
  expect(urlOnDisk(), 'the refused save wrote nothing').toBe('/users/disk');
  await expect(url, 'the request being built is kept').toHaveValue('/users/mine');
  await page.screenshot({ path: join(tmpdir(), 'kite-workspace-conflict.png') });

  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(page.getByText('Saved requests/list-users.json')).toBeVisible();
  expect(urlOnDisk()).toBe('/users/mine');

  // Changed on disk again: this time the disk's version is kept.
  await url.fill('/users/mine-again');
  changeOnDisk('/users/disk-again', 2);
  await saveWithKeyboard(page);
  const second = page.getByRole('listitem').filter({ hasText: 'requests/list-users.json changed on disk since it was opened' });
  await second.getByRole('button', { name: 'Reload' }).click();
  await expect(url).toHaveValue('/users/disk-again');
  expect(urlOnDisk()).toBe('/users/disk-again');

  // Reloaded, the request saves over the version it now shows without a conflict.
  await url.fill('/users/after-reload');
  await saveWithKeyboard(page);
  await expect.poll(urlOnDisk).toBe('/users/after-reload');
});

test('a corrupt environment file is listed by name with its problem, as a corrupt request file is', async ({ page }) => {
  mkdirSync(join(workspace.folder, 'environments'), { recursive: true });
  writeFileSync(join(workspace.folder, 'environments/staging.json'), '{"name": "staging", "variables": {"host": 1}}');
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await expect(pane.getByRole('button', { name: '! environments/staging.json' })).toBeDisabled();
  await expect(pane.getByRole('button', { name: 'Delete saved request environments/staging.json' })).toBeEnabled();
  await expect(pane.getByText('environments/staging.json: variable "host" must be a string')).toBeVisible();
});
