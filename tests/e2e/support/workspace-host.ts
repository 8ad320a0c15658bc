// A Node host of a spec's own, with a scratch workspace folder (`--workspace`), for the specs that
// save requests and environments: started before the spec's tests, stopped and removed after.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKiteHost } from '../../../bench/support.mjs';

export interface WorkspaceHost {
  host: { url: string; origin: string; stop: () => Promise<void> };
  folder: string;
}

/** Registers the host's start and stop around the spec; read its fields inside tests. */
export function useWorkspaceHost(folderPrefix: string): WorkspaceHost {
  const workspace = { folder: '' } as WorkspaceHost;
  test.beforeAll(async () => {
    workspace.folder = mkdtempSync(join(tmpdir(), folderPrefix));
    workspace.host = await startKiteHost(['--workspace', workspace.folder]);
  });
  test.afterAll(async () => {
    await workspace.host?.stop();
    if (workspace.folder) rmSync(workspace.folder, { recursive: true, force: true });
  });
  return workspace;
}

/** Opens Kite on that host with nothing kept from an earlier test. */
export async function openFreshKite(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await expect(page.getByRole('textbox', { name: 'URL' })).toBeVisible();
}

/** Types a request into the builder: its method and URL. */
export async function typeRequest(page: Page, method: string, url: string) {
  await page.getByRole('combobox', { name: 'Method' }).selectOption(method);
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
}

/** Sets the request's auth to a bearer token (a `{{variable}}` or a value) in its Auth tab. */
export async function setBearerToken(page: Page, token: string) {
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('bearer');
  await page.getByRole('textbox', { name: 'Bearer token' }).fill(token);
}

/** Adds a variable in the open "Environments and variables" dialog (to the environment shown). */
export async function addVariable(page: Page, name: string, value: string, secret = false) {
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  const rows = dialog.getByRole('group', { name: 'Variables' });
  const count = await rows.getByRole('textbox', { name: /^Variable \d+ name$/ }).count();
  await rows.getByRole('textbox', { name: `Variable ${count} name` }).fill(name);
  await rows.getByLabel(`Variable ${name} value`).fill(value);
  if (secret) await rows.getByRole('checkbox', { name: `Secret ${name}` }).check();
}

/** Adds an environment by name in the Environments dialog, opening it first; it becomes the active one. */
export async function addEnvironment(page: Page, name: string) {
  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('textbox', { name: 'New environment name' }).fill(name);
  await dialog.getByRole('button', { name: 'Add environment' }).click();
}
