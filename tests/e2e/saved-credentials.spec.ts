import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pasteIntoFocused, pickRoute, responseArea, send } from './support/client-screen';
import { addEnvironment, addVariable, openFreshKite, setBearerToken, useWorkspaceHost } from './support/workspace-host';

// A saved file never holds a credential: what Ctrl/Cmd+S writes to requests/NAME.json after a
// pasted cURL command with credentials, against the Node host with a scratch workspace folder.
const workspace = useWorkspaceHost('kite-saved-credentials-e2e-');
test.describe.configure({ mode: 'serial' });

interface RelayPayload {
  headers: Array<{ name: string; value: string }>;
  body: unknown;
}

/** Sends the request and returns what the app asked the host to relay. */
async function sendAndRead(page: Page): Promise<RelayPayload> {
  const call = page.waitForRequest((request) => request.url().endsWith('/api/relay'));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  return (await call).postDataJSON() as RelayPayload;
}

test('saving a pasted cURL command writes {{variables}} for its credentials, names them in the dialog, and the request sends the same values', async ({ page }) => {
  await openFreshKite(page, workspace.host.url);
  await addEnvironment(page, 'local');
  await addVariable(page, 'apiSecret', 'sk_live_123456', true);
  await page.getByRole('dialog', { name: 'Environments and variables' }).getByRole('button', { name: 'Done' }).click();

  const origin = new URL(page.url()).origin;
  await page.getByRole('textbox', { name: 'URL' }).focus();
  await pasteIntoFocused(
    page,
    `curl -X POST -H 'Authorization: Basic dXNlcjpwYXNz' -H 'X-Api-Key: k_live_42' -H 'Cookie: session=s3cr3t' -H 'Content-Type: application/json' -d '{"secret":"sk_live_123456"}' ${origin}/demo/echo`,
  );
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/echo');
  const before = await sendAndRead(page);

  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Save request' });
  const credentials = dialog.getByRole('group', { name: 'Credentials kept out of the file' });
  await expect(credentials).toContainText('header Authorization');
  await expect(credentials).toContainText('header Cookie');
  await expect(credentials).toContainText('environment local');
  await expect(credentials.getByRole('listitem').filter({ hasText: 'the value of a secret' })).toContainText('{{apiSecret}}');
  await expect(credentials.getByRole('textbox', { name: 'Variable for header Authorization' })).toHaveValue('authorization');
  await credentials.getByRole('textbox', { name: 'Variable for header X-Api-Key' }).fill('apiSecret');
  await expect(credentials.getByRole('alert')).toHaveText('{{apiSecret}} already holds another value: choose another name for header X-Api-Key');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await credentials.getByRole('textbox', { name: 'Variable for header X-Api-Key' }).fill('apiKey');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Echo with keys');
  await page.screenshot({ path: join(tmpdir(), 'kite-save-credentials.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved requests/echo-with-keys.json')).toBeVisible();
  await expect(page.getByText('Kept out of the file: header Authorization → {{authorization}}, header X-Api-Key → {{apiKey}}, header Cookie → {{cookie}}, the value of {{apiSecret}}')).toBeVisible();

  const text = readFileSync(join(workspace.folder, 'requests/echo-with-keys.json'), 'utf8');
  for (const credential of ['dXNlcjpwYXNz', 'k_live_42', 's3cr3t', 'sk_live_123456']) expect(text, credential).not.toContain(credential);
  const file = JSON.parse(text);
  expect(file.headers.map((row: { name: string; value: string }) => [row.name, row.value])).toEqual([
    ['Authorization', '{{authorization}}'],
    ['X-Api-Key', '{{apiKey}}'],
    ['Cookie', '{{cookie}}'],
  ]);
  expect(file.body).toEqual({ type: 'json', text: '{"secret":"{{apiSecret}}"}' });

  // The new variables are secret ones of the active environment.
  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const environments = page.getByRole('dialog', { name: 'Environments and variables' });
  for (const name of ['authorization', 'apiKey', 'cookie']) {
    await expect(environments.getByLabel(`Variable ${name} value`)).toHaveAttribute('type', 'password');
    await expect(environments.getByRole('checkbox', { name: `Secret ${name}` })).toBeChecked();
  }
  await expect(environments.getByLabel('Variable apiKey value')).toHaveValue('k_live_42');
  await environments.getByRole('button', { name: 'Done' }).click();

  // The builder keeps the references and sends what it sent before.
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/echo');
  const after = await sendAndRead(page);
  expect(after.headers).toEqual(before.headers);
  expect(after.body).toEqual(before.body);
  expect(JSON.stringify(after)).toContain('k_live_42');
});

test("an environment file names its secret variables without their values and reading it keeps this browser's; a bearer request saved from a route keeps {{token}} and is named after the route", async ({ page }) => {
  await openFreshKite(page, workspace.host.url);
  await addEnvironment(page, 'local');
  await addVariable(page, 'token', 'demo-token', true);
  await addVariable(page, 'userId', '2');
  const environments = page.getByRole('dialog', { name: 'Environments and variables' });
  await environments.getByRole('button', { name: 'Save to workspace' }).click();
  await expect(page.getByText('Saved environments/local.json')).toBeVisible();
  const environmentText = readFileSync(join(workspace.folder, 'environments/local.json'), 'utf8');
  expect(environmentText).not.toContain('demo-token');
  expect(JSON.parse(environmentText)).toEqual({ name: 'local', variables: { token: { secret: true, value: '' }, userId: '2' } });
  await environments.getByRole('button', { name: 'Done' }).click();

  await pickRoute(page, 'GET', '/me');
  await setBearerToken(page, '{{token}}');
  await page.getByRole('textbox', { name: 'URL' }).press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Save request' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Who is asking');
  await expect(dialog.getByRole('group', { name: 'Credentials kept out of the file' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved requests/auth-me.json')).toBeVisible();
  expect(JSON.parse(readFileSync(join(workspace.folder, 'requests/auth-me.json'), 'utf8'))).toMatchObject({ name: 'Who is asking', auth: { type: 'bearer', token: '{{token}}' } });

  // The file read back (on focus) keeps this browser's secret value: the request still authenticates.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByRole('tab', { name: 'Saved' }).click();
  await expect(page.getByRole('navigation', { name: 'Saved requests' }).getByRole('button', { name: 'GET Who is asking' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  await expect(environments.getByLabel('Variable token value')).toHaveValue('demo-token');
  await expect(environments.getByRole('checkbox', { name: 'Secret token' })).toBeChecked();
  await environments.getByRole('button', { name: 'Done' }).click();
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "bearer"');
});
