// The JSONPath filter above a JSON body, end to end: typed in the response pane, evaluated where
// the body lives (the worker for the 10 MB body), shown in the same virtualised view.
import { expect, test, type Page } from '@playwright/test';
import { responseArea } from './support/client-screen';

async function send(page: Page, url: string) {
  if (!page.url().includes('/http-client')) await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('a JSONPath filter shows its matches, says what is wrong where it is typed, and clearing it shows the whole body', async ({ page }) => {
  await send(page, '/users?per_page=3');
  const pane = responseArea(page);
  await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"data": [');
  const filter = pane.getByRole('textbox', { name: 'Filter' });

  await filter.fill('$.data[*].email');
  const filtered = pane.getByRole('region', { name: 'Filtered body' });
  await expect(filtered).toContainText('@');
  await expect(filtered).not.toContainText('"data"');
  await expect(pane.getByText('3 matches')).toBeVisible();

  await filter.fill('$.data[?(@.id > 1)].id');
  await expect(filtered).toContainText('2');
  await expect(filtered).not.toContainText('"email"');

  await filter.fill('$.data[');
  await expect(pane.getByRole('alert')).toHaveText('] is missing at the end');
  await expect(filter).toHaveAttribute('aria-invalid', 'true');
  await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"data": [');

  await filter.fill('');
  await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"data": [');
  await expect(pane.getByRole('alert')).toHaveCount(0);
});

test('the filter is remembered for the request and its matches can be copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await send(page, '/users?per_page=2');
  const pane = responseArea(page);
  await pane.getByRole('textbox', { name: 'Filter' }).fill('$.data[0].id');
  await expect(pane.getByText('1 match')).toBeVisible();
  await pane.getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('[1]');

  await page.reload();
  await send(page, '/users?per_page=5');
  await expect(pane.getByRole('textbox', { name: 'Filter' })).toHaveValue('$.data[0].id');
  await expect(pane.getByRole('region', { name: 'Filtered body' })).toContainText('1');
});

test('a 10 MB body is filtered where it lives, and clearing the filter shows it whole again', async ({ page }) => {
  await send(page, '/large?mb=10');
  const pane = responseArea(page);
  await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"first_name"', { timeout: 15_000 });
  await expect(pane.getByRole('progressbar', { name: 'Formatting body' })).toHaveCount(0, { timeout: 15_000 });
  const filter = pane.getByRole('textbox', { name: 'Filter' });
  await filter.fill('$[?(@.id == 40000)].email');
  await expect(pane.getByRole('region', { name: 'Filtered body' })).toContainText('user40000@example.com', { timeout: 15_000 });
  await expect(pane.getByText('1 match')).toBeVisible();
  await filter.fill('');
  await expect(pane.getByRole('region', { name: 'Pretty body' })).toContainText('"first_name"');
});
