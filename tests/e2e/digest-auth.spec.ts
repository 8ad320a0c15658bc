// Digest authentication (issue 27) against a real Digest-protected API on loopback
// (protocol/conformance/digest-target.mjs checks the answers with its own code): the host answers
// the challenge, the Timing tab shows both exchanges, and a saved request keeps the password as a
// {{variable}} reference only.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKiteHost } from '../../bench/support.mjs';
import { startDigestTarget } from '../../protocol/conformance/digest-target.mjs';
import { pickRoute, responseArea, send } from './support/client-screen';

const PASSWORD = 'digest-pä:ss';
let target: Awaited<ReturnType<typeof startDigestTarget>>;
let host: Awaited<ReturnType<typeof startKiteHost>>;
let workspace = '';

test.beforeAll(async () => {
  target = await startDigestTarget({ users: { ada: PASSWORD } });
  const document = { openapi: '3.1.0', info: { title: 'Files', version: '1' }, paths: { '/report': { get: { summary: 'Report', responses: { 200: { description: 'OK' } } } } } };
  const folder = mkdtempSync(join(tmpdir(), 'kite-digest-'));
  const file = join(folder, 'files.json');
  writeFileSync(file, JSON.stringify(document));
  workspace = mkdtempSync(join(tmpdir(), 'kite-digest-workspace-'));
  host = await startKiteHost(['--openapi', file, '--target', target.origin, '--workspace', workspace]);
});

test.afterAll(async () => {
  await host?.stop();
  await target?.close();
});

const authType = (page: Page) => page.getByRole('combobox', { name: 'Authorization type' });

test('Digest Auth: the host answers the API’s challenge, 200 where no auth gets 401, and Timing shows both exchanges', async ({ page }) => {
  await page.goto(host.url);
  await pickRoute(page, 'GET', '/report');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await authType(page).selectOption({ label: 'None' });
  await send(page);
  await expect(responseArea(page)).toContainText('401');
  await expect(responseArea(page)).toContainText('Digest authentication required');

  await authType(page).selectOption({ label: 'Digest Auth' });
  await page.getByRole('textbox', { name: 'Username' }).fill('ada');
  await page.getByLabel('Password').fill(PASSWORD);
  const sent = target.requests.length;
  await send(page);
  await expect(responseArea(page)).toContainText('"user": "ada"');
  await expect(responseArea(page)).toContainText('200');
  expect(target.requests.slice(sent).map((request) => request.authorization?.split(' ')[0] ?? 'none')).toEqual(['none', 'Digest']);

  await responseArea(page).getByRole('tab', { name: 'Timing' }).click();
  await expect(responseArea(page).getByText('Digest challenge (401)')).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), 'kite-digest-timing.png') });
});

test('a saved Digest request keeps its password as a {{variable}} reference, never the password', async ({ page }) => {
  await page.goto(host.url);
  await pickRoute(page, 'GET', '/report');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await authType(page).selectOption({ label: 'Digest Auth' });
  await page.getByRole('textbox', { name: 'Username' }).fill('ada');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Save request' });
  await expect(dialog.getByRole('group', { name: 'Credentials kept out of the file' })).toContainText('auth password');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Digest report');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved requests/digest-report.json')).toBeVisible();

  const text = readFileSync(join(workspace, 'requests/digest-report.json'), 'utf8');
  expect(text).not.toContain(PASSWORD);
  expect(JSON.parse(text).auth).toMatchObject({ type: 'digest', password: expect.stringMatching(/^\{\{[\w.-]+\}\}$/) });

  // The builder keeps the reference and still sends the password it stands for.
  await send(page);
  await expect(responseArea(page)).toContainText('"user": "ada"');
});
