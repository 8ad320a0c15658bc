import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { savedRequest } from '../../server/testing/saved-request.mjs';
import { openFreshKite, useWorkspaceHost } from './support/workspace-host';

// Export as a test from the Saved pane's Export menu (features/import/ExportMenu): a folder becomes a
// node:test file that passes against the demo API as downloaded, a request a PHPUnit test; the
// active environment's values go in, its secret is read from KITE_VAR_<name>.
const workspace = useWorkspaceHost('kite-export-test-e2e-');
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'pw-e2e-4d3c2b1a';

test.beforeAll(() => {
  mkdirSync(join(workspace.folder, 'requests'), { recursive: true });
  mkdirSync(join(workspace.folder, 'environments'), { recursive: true });
  const requests = {
    '1-login': savedRequest({
      name: 'Log in',
      folder: 'Accounts',
      method: 'POST',
      url: '{{baseUrl}}/login',
      body: { type: 'json', text: '{"email": "{{email}}", "password": "{{password}}"}' },
      captures: [{ variable: 'token', source: 'body', path: '$.data.token', secret: true }],
      assertions: [{ source: 'status', path: '', operator: 'equals', expected: '200' }],
    }),
    '2-me': savedRequest({
      name: 'Who am I',
      folder: 'Accounts',
      url: '{{baseUrl}}/me',
      auth: { type: 'bearer', token: '{{token}}' },
      assertions: [
        { source: 'body', path: '$.via', operator: 'equals', expected: 'bearer' },
        { source: 'body', path: '$.user.email', operator: 'equals', expected: '{{email}}' },
      ],
    }),
  };
  for (const [name, content] of Object.entries(requests)) writeFileSync(join(workspace.folder, 'requests', `${name}.json`), JSON.stringify(content));
  writeFileSync(join(workspace.folder, 'environments', 'demo.json'), JSON.stringify({ name: 'Demo', variables: { baseUrl: 'http://127.0.0.1:1/demo', email: 'augusta@example.com', password: { value: '', secret: true } } }));
});

/** Runs a command to its end, not blocking the test's own process. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

test('a folder exported as node:test from the Saved pane downloads a file that passes against the API, the secret read from KITE_VAR_', async ({ page }) => {
  // Two runs of the downloaded file, each a Node process of its own: slow on a busy machine.
  test.setTimeout(120_000);
  // The demo's user to log in as, with the password only the test run is given.
  const created = await fetch(`${workspace.host.origin}/demo/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ first_name: 'Augusta', last_name: 'King', email: 'augusta@example.com', password: PASSWORD }),
  });
  expect(created.status).toBe(201);

  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await page.getByRole('combobox', { name: 'Environment' }).selectOption('Demo');
  // By keyboard: Enter opens the folder's Export menu on its first item, ↑ wraps to the last, Enter chooses it.
  const button = pane.getByRole('button', { name: 'Export folder Accounts' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Export folder Accounts' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Postman collection', 'OpenAPI', 'PHPUnit (Laravel)', 'Pest (Laravel)', 'node:test (Node)']);
  await expect(menu.getByRole('menuitem', { name: 'Postman collection' })).toBeFocused();
  await page.screenshot({ path: join(tmpdir(), 'kite-export-test-menu.png') });
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'node:test (Node)' })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('accounts.test.mjs');
  const file = join(workspace.folder, 'accounts.test.mjs');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('vars["email"] = "augusta@example.com";');
  expect(text).toContain('vars["password"] = process.env.KITE_VAR_password;');
  expect(text).not.toContain(PASSWORD);

  const result = await run(process.execPath, ['--test', file], { KITE_TARGET: `${workspace.host.origin}/demo`, KITE_VAR_password: PASSWORD });
  expect(result.output).toContain('# pass 1');
  expect(result.status).toBe(0);
  // Without the secret the test stops, saying which variable to set.
  const withoutSecret = await run(process.execPath, ['--test', file], { KITE_TARGET: `${workspace.host.origin}/demo`, KITE_VAR_password: '' });
  expect(withoutSecret.status).not.toBe(0);
});

test('one saved request exported as PHPUnit downloads a Laravel feature test of it', async ({ page }) => {
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await pane.getByRole('button', { name: 'Export Who am I', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menu', { name: 'Export Who am I' }).getByRole('menuitem', { name: 'PHPUnit (Laravel)' }).click()]);
  expect(download.suggestedFilename()).toBe('WhoAmITest.php');
  const file = join(workspace.folder, 'WhoAmITest.php');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('class WhoAmITest extends TestCase');
  expect(text).toContain("$response = $this->getJson('/me', [");
  expect(text).toContain("$token = env('KITE_VAR_token');");
});
