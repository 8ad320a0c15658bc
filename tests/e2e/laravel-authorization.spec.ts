// "Why the app said no" inside a real Laravel 12 app (tests/php/laravel12.mjs, fixture BookingPolicy:
// only a booking's owner may change it): one route sent as a guest, as the owner and as another user;
// the refusals say which middleware or which policy method said no, for whom, on what.
import { expect, test, type Page } from '@playwright/test';
import { responseArea, send } from './support/client-screen';
import { startLaravel, type LaravelServer } from './support/laravel-app';

let laravel: LaravelServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  laravel = await startLaravel();
});

test.afterAll(() => laravel?.stop());

async function sendAs(page: Page, identity: 'None' | { userId: string }) {
  await page.getByRole('tab', { name: 'Auth' }).click();
  const type = page.getByRole('combobox', { name: 'Authorization type' });
  if (identity === 'None') await type.selectOption({ label: 'None' });
  else {
    await type.selectOption({ label: 'Impersonate User with ID' });
    await page.getByRole('textbox', { name: 'User ID' }).fill(identity.userId);
  }
  await send(page);
}

test('a route guarded by a policy, sent as a guest, the owner and another user: each refusal names who said no', async ({ page }) => {
  test.setTimeout(120_000);
  // Grace (user 2) is logged in to the app; the booking BK-ORION belongs to Ada (user 1).
  await page.goto(`${laravel!.origin}/_fixture/login/2`);
  await page.goto(`${laravel!.origin}/http-client`);
  await page.getByRole('combobox', { name: 'Method' }).selectOption('DELETE');
  await page.getByRole('textbox', { name: 'URL' }).fill('/api/bookings/BK-ORION');
  const response = responseArea(page);
  const why = response.getByRole('note', { name: 'Why it was refused' });

  await sendAs(page, 'None');
  await expect(response).toHaveText(/^401/);
  await expect(why).toHaveText('Route middleware auth refused (401): Unauthenticated.');

  await sendAs(page, { userId: '1' });
  await expect(response).toHaveText(/^200/);
  await expect(response).toContainText('"deleted": "BK-ORION"');
  await expect(why).toHaveCount(0);

  await sendAs(page, { userId: '3' });
  await expect(response).toHaveText(/^403/);
  await expect(why).toHaveText('BookingPolicy::update returned false for User #3 on Booking #1');
  await response.getByRole('tab', { name: /Trace/ }).click();
  const section = response.getByRole('region', { name: 'Authorization' });
  await expect(section.getByRole('listitem').first()).toContainText('Route middleware can:update,booking refused (403)');
  await expect(section.getByRole('listitem').nth(1)).toContainText('denied BookingPolicy::update returned false for User #3 on Booking #1');
  await response.screenshot({ path: test.info().outputPath('laravel-authorization.png') });
});
