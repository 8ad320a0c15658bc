// Values the builder writes and shows (issue 24): auto-fill's values are ones the demo accepts,
// `{{variables}}` stay as typed until they are filled in on send, schema checks look at the filled
// value, and the generator palette writes JSON values as JSON. Against the Node host's demo API.
import { expect, test } from '@playwright/test';
import { clearClientStorage, pickRoute, responseArea, routeButton, send } from './support/client-screen';

test.beforeEach(async ({ page }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
});

test('auto-fill of POST /posts names a seeded author, so the demo creates the post', async ({ page }) => {
  await pickRoute(page, 'POST', '/posts');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByRole('button', { name: 'Auto-fill' }).click();
    await send(page);
    await expect(responseArea(page).getByText('201', { exact: true })).toBeVisible();
  }
});
