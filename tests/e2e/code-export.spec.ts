// "Code": the request in other languages, from the builder, through the real page.
import { expect, test } from '@playwright/test';
import { pickRoute } from './support/client-screen';

test('the Code dialog writes the request in each language, leaves the token out unless asked, and copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/http-client');
  await pickRoute(page, 'POST', '/users');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption('bearer');
  await page.getByRole('textbox', { name: 'Bearer token' }).fill('s3cret-token');
  await page.getByRole('button', { name: 'Code' }).click();

  const dialog = page.getByRole('dialog', { name: 'Code' });
  const code = dialog.getByLabel('Code', { exact: true });
  await expect(code).toContainText("const url = 'http://127.0.0.1:");
  await expect(code).toContainText('/demo/users');
  await expect(code).toContainText('Bearer {{token}}');
  await expect(code).not.toContainText('s3cret-token');

  await dialog.getByRole('tab', { name: 'Laravel Http::' }).click();
  await expect(code).toContainText('use Illuminate\\Support\\Facades\\Http;');
  await expect(code).toContainText("Http::withToken('{{token}}')");
  await dialog.getByRole('checkbox', { name: 'Include secrets' }).check();
  await expect(code).toContainText("Http::withToken('s3cret-token')");

  await dialog.getByRole('tab', { name: 'Python requests' }).click();
  await expect(code).toContainText('requests.post(');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"Authorization": "Bearer s3cret-token"');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('code for a request sent as the logged-in user says what it lacks', async ({ page }) => {
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/me');
  await page.getByRole('button', { name: 'Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Code' });
  await expect(dialog.getByRole('note')).toContainText("does not carry the logged-in user's session");
  await expect(dialog.getByLabel('Code', { exact: true })).toContainText("// The command does not carry the logged-in user's session");
});
