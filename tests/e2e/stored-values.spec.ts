// What Kite keeps in localStorage is never lost when it does not read or does not fit: a damaged
// value is set aside under KEY:set-aside and named in a toast before anything writes over it, and a
// full quota says so while the value stays on screen (lib/storage.ts, one helper for every key).
import { expect, test, type Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addVariable } from './support/workspace-host';

const DAMAGED = '{"globals": [{"name": "apiKey", "value": "sk_live_42", "secret": true}], "applications": {"demo": {"environments": [{"name": "loc';

/** Opens a page of Kite's origin that is not Kite (it would save its own state on leaving) and runs `write` there. */
async function writeStorage(page: Page, write: () => void) {
  await page.goto('/vendor/kite/manifest.json');
  await page.evaluate(write);
}

test('a damaged kite:workspace is set aside and named in a toast; editing an environment does not overwrite it, and a full storage says so and keeps the edit', async ({ page }) => {
  // Filling the quota writes megabytes: give a busy machine room.
  test.slow();
  await writeStorage(page, () => localStorage.clear());
  await page.evaluate((damaged) => localStorage.setItem('kite:workspace', damaged), DAMAGED);
  await page.goto('/http-client');
  await expect(page.getByText('Kite could not read the environments and variables stored in this browser (kite:workspace)')).toBeVisible();
  await expect(page.getByText('Kite starts from the defaults; the stored text is kept under kite:workspace:set-aside.')).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), 'kite-stored-set-aside.png') });

  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('textbox', { name: 'New environment name' }).fill('local');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  await addVariable(page, 'userId', '2');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kite:workspace') ?? '')).toContain('"userId"');
  expect(await page.evaluate(() => localStorage.getItem('kite:workspace:set-aside'))).toBe(DAMAGED);

  // Fill the origin's quota, then edit again: the toast says so, the edit stays on screen.
  await page.evaluate(() => {
    let chunk = 'x'.repeat(1 << 20);
    for (let n = 0; chunk.length > 16; n += 1) {
      try {
        localStorage.setItem(`filler-${n}`, chunk);
      } catch {
        chunk = chunk.slice(0, chunk.length / 2);
      }
    }
  });
  await addVariable(page, 'team', 'kites-and-wind-'.repeat(20));
  await expect(page.getByText("Kite could not save the environments and variables: this browser's storage is full")).toBeVisible();
  await expect(dialog.getByLabel('Variable team value')).toHaveValue('kites-and-wind-'.repeat(20));
  await page.screenshot({ path: join(tmpdir(), 'kite-stored-full.png') });
  expect(await page.evaluate(() => localStorage.getItem('kite:workspace') ?? '')).not.toContain('"team"');
  expect(await page.evaluate(() => localStorage.getItem('kite:workspace:set-aside'))).toBe(DAMAGED);
  await page.evaluate(() => localStorage.clear());
});
