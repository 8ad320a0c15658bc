// "Send as…" inside a real Laravel 12 app (tests/php/laravel12.mjs; fixture BookingPolicy: only the
// owner, or an administrator, may change a booking): one PATCH sent as four identities in one
// action, the matrix of their answers, the refusal named with the policy, and a cell's diff against
// the first answer.
import { expect, test } from '@playwright/test';
import { startLaravel, type LaravelServer } from './support/laravel-app';

let laravel: LaravelServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // Beside the other Laravel specs' port (laravel.spec.ts takes KITE_LARAVEL_E2E_PORT itself).
  laravel = await startLaravel(process.env.KITE_LARAVEL_E2E_PORT ? Number(process.env.KITE_LARAVEL_E2E_PORT) + 1 : undefined);
});

test.afterAll(() => laravel?.stop());

test('one request sent as a guest, the owner, another user and an admin: a matrix of statuses, the refusal named by the policy, and a diff of two cells', async ({ page }) => {
  test.setTimeout(120_000);
  // Grace (user 2) is logged in and owns BK-VEGA; Alan (3) is another user; Ada (1) is an administrator.
  await page.goto(`${laravel!.origin}/_fixture/login/2`);
  await page.goto(`${laravel!.origin}/http-client`);
  await page.getByRole('combobox', { name: 'Method' }).selectOption('PATCH');
  await page.getByRole('textbox', { name: 'URL' }).fill('/api/bookings/BK-VEGA');

  await page.getByRole('button', { name: 'Send as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send as…' });
  const matrix = dialog.getByRole('table', { name: 'Identities' });
  // It starts with a guest and the logged-in user; users are added by id.
  await expect(matrix.getByRole('row', { name: 'Guest' })).toBeVisible();
  await expect(matrix.getByRole('row', { name: 'Logged-in user' })).toBeVisible();
  for (const id of ['3', '1']) {
    await dialog.getByRole('textbox', { name: 'User ID to send as' }).fill(id);
    await dialog.getByRole('button', { name: '+ User' }).click();
  }
  // A literal token is refused: only a {{variable}} reference is kept with the request.
  await dialog.getByRole('textbox', { name: 'Bearer token variable' }).fill('plain-secret');
  await dialog.getByRole('button', { name: '+ Token' }).click();
  await expect(dialog.getByRole('alert')).toContainText('{{variable}} reference');
  await expect(matrix.getByRole('row')).toHaveCount(5);

  // The authorization test, one expected status per identity (the other user's is wrong on purpose).
  const expectations: Array<[string, string]> = [['Guest', '401'], ['Logged-in user', '200'], ['User #3', '200'], ['User #1', '200']];
  for (const [who, status] of expectations) {
    await matrix.getByRole('textbox', { name: `Expected status as ${who}` }).fill(status);
    await matrix.getByRole('textbox', { name: `Expected status as ${who}` }).blur();
  }

  await dialog.getByRole('button', { name: 'Send as 4 identities' }).click();
  await expect(dialog.getByRole('status')).toHaveText('4 of 4 answered · 1 of 4 expected statuses not met', { timeout: 30_000 });
  const row = (who: string) => matrix.getByRole('row', { name: who, exact: true });
  await expect(row('Guest').getByRole('cell').nth(1)).toHaveText('401');
  await expect(row('Guest').getByRole('note', { name: 'Why it was refused' })).toHaveText('Route middleware auth refused (401): Unauthenticated.');
  await expect(row('Logged-in user').getByRole('cell').nth(1)).toHaveText('200');
  await expect(row('User #3').getByRole('cell').nth(1)).toHaveText('403');
  await expect(row('User #3').getByRole('note', { name: 'Why it was refused' })).toHaveText('BookingPolicy::update returned false for User #3 on Booking #2');
  await expect(row('User #1').getByRole('cell').nth(1)).toHaveText('200');
  await expect(row('User #1').getByRole('note', { name: 'Why it was refused' })).toHaveCount(0);
  // The owner's and the admin's bodies are the same; the others differ from the guest's, the first.
  await expect(row('Guest').getByRole('cell').nth(4)).toHaveText('first');
  await expect(row('User #1').getByRole('cell').nth(4)).toHaveText('differs');
  await expect(row('User #3').getByRole('cell').first().locator('[data-passed]')).toHaveAttribute('data-passed', 'false');
  await expect(row('Logged-in user').getByRole('cell').first().locator('[data-passed]')).toHaveAttribute('data-passed', 'true');
  await dialog.screenshot({ path: test.info().outputPath('send-as-matrix.png') });

  // The list is kept with the request: reopened, the four identities and their expectations are there.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Send as…' }).click();
  await expect(matrix.getByRole('row')).toHaveCount(5);
  await expect(matrix.getByRole('textbox', { name: 'Expected status as User #3' })).toHaveValue('200');
  await dialog.getByRole('button', { name: 'Send as 4 identities' }).click();
  await expect(dialog.getByRole('status')).toHaveText('4 of 4 answered · 1 of 4 expected statuses not met', { timeout: 30_000 });

  // A click on "differs" opens the diff of that cell against the first answer.
  await row('Logged-in user').getByRole('button', { name: 'Compare Logged-in user with the first answer' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare responses' });
  await expect(compare.getByRole('status', { name: 'Diff summary' })).toContainText('differences');
  await expect(compare).toContainText('as Guest');
  await expect(compare).toContainText('as Logged-in user');
  await expect(compare.getByRole('table', { name: 'Differences' })).toContainText('Status');
  await expect(compare.getByRole('table', { name: 'Differences' })).toContainText('$.updated');
});
