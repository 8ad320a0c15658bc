// Response shapes the Laravel host infers from the code (src/Routes/ResponseShapes.php), inside a
// real Laravel 12 app (tests/php/laravel12.mjs): the Docs panel shows a JsonResource route's
// documented response and its fields, and the Tests tab's "Body schema" line passes against it;
// versioned route groups (`api/v1`, `api/v2`) are offered as an API version filter.
import { expect, test } from '@playwright/test';
import { pickRoute, routeButton, send } from './support/client-screen';
import { startLaravel, type LaravelServer } from './support/laravel-app';

let laravel: LaravelServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  laravel = await startLaravel();
});

test.afterAll(() => laravel?.stop());

test('a JsonResource route documents its inferred response in the Docs panel, and a schema assertion passes after Send', async ({ page }) => {
  test.slow();
  await page.goto(`${laravel!.origin}/http-client`);
  // Many routes: the explorer lists this one once searched for.
  await page.getByLabel('Search routes').fill('/api/booking-resources/{booking}');
  await pickRoute(page, 'GET', '/api/booking-resources/{booking}');

  await page.getByRole('button', { name: /^Docs/ }).click();
  const responses = page.getByRole('region', { name: 'Responses' });
  await expect(responses).toContainText('200');
  await expect(responses).toContainText('Inferred from BookingResource');
  await responses.getByText('Shape', { exact: true }).click();
  const shape = responses.getByRole('group', { name: 'Response 200 shape' });
  await expect(shape.getByRole('group', { name: 'Field data' })).toContainText('objectrequired');
  await expect(shape.getByRole('group', { name: 'Field slot' })).toContainText('integerrequired');
  await expect(shape.getByRole('group', { name: 'Field owner' })).not.toContainText('required');
  await page.screenshot({ path: test.info().outputPath('laravel-shapes-docs.png'), fullPage: true });

  await page.getByRole('textbox', { name: 'Path parameter booking' }).fill('BK-ORION');
  await page.getByRole('tab', { name: /^Tests/ }).click();
  await page.getByRole('group', { name: 'Assertions', exact: true }).getByRole('button', { name: 'Add assertion' }).click();
  await page.getByRole('combobox', { name: 'Assertion 1 checks' }).selectOption('schema');
  await send(page);
  await expect(page.getByRole('group', { name: 'Assertion 1', exact: true }).getByRole('status')).toHaveText('Pass actual matches 200');
  await expect(page.getByRole('tab', { name: /^Tests/ })).toHaveText('Tests1/1');
});

test('versioned route groups (api/v1, api/v2) are offered as an API version filter', async ({ page }) => {
  await page.goto(`${laravel!.origin}/http-client`);
  const version = page.getByRole('combobox', { name: 'API version' });
  await expect(version.getByRole('option')).toHaveText(['All versions', 'v1', 'v2']);
  // One application: no application switcher.
  await expect(page.getByRole('combobox', { name: 'Application' })).toHaveCount(0);

  await version.selectOption('v2');
  await expect(page.locator('.kite-explorer-footer')).toHaveText(/^1 of \d+ routes$/);
  await pickRoute(page, 'GET', '/api/v2/widgets');
  await expect(routeButton(page, 'GET', '/api/v1/widgets')).toHaveCount(0);
});
