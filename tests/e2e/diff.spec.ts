// Comparing two responses ("Compare with…", features/diff): two history entries with a path
// ignored, and two 10 MB bodies compared in the body worker.
import { expect, test, type Page } from '@playwright/test';
import { clearClientStorage, jsonBody, pickRoute, responseArea, send } from './support/client-screen';

const compareDialog = (page: Page) => page.getByRole('dialog', { name: 'Compare responses' });
const differences = (page: Page) => compareDialog(page).getByRole('table', { name: 'Differences' });

async function sendUrl(page: Page, url: string) {
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await send(page);
}

test('two history entries compared: changed paths listed, and an ignored path drops out and is kept', async ({ page }) => {
  test.setTimeout(90_000);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'POST', '/posts');
  await jsonBody(page).fill('{"title": "First", "body": "Same text", "author_id": 1}');
  await send(page);
  await expect(responseArea(page)).toContainText('201');
  await jsonBody(page).fill('{"title": "Second", "body": "Same text", "author_id": 1}');
  await send(page);
  await expect(responseArea(page)).toContainText('"Second"');

  // A fresh page: both responses now come from history only.
  await page.reload();
  await page.getByRole('tab', { name: /History/ }).click();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  // Newest first: the second entry is the first post.
  await history.getByRole('button', { name: /^POST\s*\/demo\/posts/ }).nth(1).click();
  await expect(responseArea(page)).toContainText('"First"');

  await responseArea(page).getByRole('button', { name: 'Compare with…' }).click();
  const dialog = compareDialog(page);
  await dialog.getByRole('region', { name: 'History' }).getByRole('button', { name: /Compare with POST \/demo\/posts 201/ }).click();

  const table = differences(page);
  await expect(table.getByRole('rowheader', { name: /\$\.data\.title/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /\$\.data\.title/ })).toContainText('"First" → "Second"');
  await expect(table.getByRole('rowheader', { name: /\$\.data\.id/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /\$\.data\.created_at/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /\$\.data\.body/ })).toHaveCount(0);
  await expect(dialog.getByRole('status', { name: 'Diff summary' })).toContainText('body: 0 added, 0 removed, 3 changed');

  await table.getByRole('button', { name: 'Ignore this path: $.data.created_at' }).click();
  await expect(table.getByRole('rowheader', { name: /\$\.data\.created_at/ })).toHaveCount(0);
  await expect(dialog.getByRole('status', { name: 'Diff summary' })).toContainText('body: 0 added, 0 removed, 2 changed');
  await expect(dialog.getByRole('list', { name: 'Ignored paths' })).toContainText('$.data.created_at');

  await dialog.getByRole('radio', { name: 'Side by side' }).check();
  await expect(table.getByRole('columnheader', { name: 'Earlier' })).toBeVisible();
  await expect(table.getByRole('row', { name: /\$\.data\.title/ }).getByRole('cell').nth(0)).toHaveText('"First"');
  await expect(table.getByRole('row', { name: /\$\.data\.title/ }).getByRole('cell').nth(1)).toHaveText('"Second"');
  await dialog.screenshot({ path: test.info().outputPath('diff-history.png') });

  // The ignored path is a setting: it holds for the next comparison too, after a reload.
  await page.reload();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kite:diff') ?? 'null'));
  expect(stored.ignoredPaths).toEqual(['$.data.created_at']);
});

test('two 10 MB bodies are compared: identical ones are said to be, and records added are counted', async ({ page }) => {
  test.setTimeout(120_000);
  await clearClientStorage(page);
  await page.goto('/http-client');
  const pane = responseArea(page);
  const tenMegabytes = async (url: string) => {
    await sendUrl(page, url);
    await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"first_name"', { timeout: 30_000 });
  };
  await tenMegabytes('/large?mb=10');
  await tenMegabytes('/large?mb=10');

  await pane.getByRole('button', { name: 'Compare with…' }).click();
  const dialog = compareDialog(page);
  await dialog.getByRole('region', { name: 'This visit' }).getByRole('button', { name: /Compare with GET \/demo\/large\?mb=10 200/ }).click();
  await expect(dialog.getByRole('status', { name: 'Diff summary' })).toContainText('The responses are identical', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // 0.01 MB more: about 50 more records at the end, matched by id.
  await tenMegabytes('/large?mb=10.01');
  await pane.getByRole('button', { name: 'Compare with…' }).click();
  await dialog.getByRole('region', { name: 'This visit' }).getByRole('button', { name: /Compare with GET \/demo\/large\?mb=10 200/ }).first().click();
  const summary = dialog.getByRole('status', { name: 'Diff summary' });
  await expect(summary).toContainText(/body: \d+ added, 0 removed, 0 changed/, { timeout: 30_000 });
  const added = Number(/(\d+) added/.exec((await summary.textContent()) ?? '')?.[1]);
  expect(added).toBeGreaterThan(40);
  await expect(differences(page).getByRole('rowheader').first()).toHaveText(/^\+ \$\[\d+\]$/);
  await dialog.screenshot({ path: test.info().outputPath('diff-10mb.png') });
});
