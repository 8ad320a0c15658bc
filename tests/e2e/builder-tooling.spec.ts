// The builder as a professional tool: route documentation where it is used, a code editor for
// JSON bodies, resizable panes, keyboard shortcuts and wrapped raw responses.
import { expect, test, type Page } from '@playwright/test';
import { jsonBody, pickRoute, routeButton } from './support/client-screen';

async function openClient(page: Page) {
  await page.goto('/http-client');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/http-client');
  await page.evaluate(() => localStorage.clear());
});

test.describe('the JSON body code editor', () => {
  test('numbers lines, highlights, matches brackets, indents and folds', async ({ page }) => {
    await openClient(page);
    await pickRoute(page, 'POST', '/users');
    const editor = jsonBody(page);
    await editor.fill('{\n  "first_name": "Ann",\n  "tags": [1, 2]\n}');
    const gutter = page.locator('.cm-lineNumbers');
    await expect(gutter.getByText('4', { exact: true })).toBeVisible();
    // Property names and strings are coloured apart.
    await expect(editor.getByText('"first_name"')).toHaveCSS('color', await editor.getByText('"first_name"').evaluate((el) => getComputedStyle(el).color));
    expect(await editor.getByText('"first_name"').evaluate((el) => getComputedStyle(el).color)).not.toBe(
      await editor.getByText('"Ann"').evaluate((el) => getComputedStyle(el).color),
    );
    // The caret after `[` marks its partner.
    await editor.getByText('[').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.cm-matchingBracket')).toHaveCount(2);
    // Enter after `{` indents the new line.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"x": 1,');
    await expect(editor).toContainText('{  "x": 1,');
    // Folding the object hides its lines.
    await page.getByTitle('Fold', { exact: true }).first().click();
    await expect(page.locator('.cm-foldPlaceholder')).toBeVisible();
    await expect(editor.getByText('"first_name"')).toHaveCount(0);
  });

  test('completes property names from the route schema and underlines schema errors where they are', async ({ page }) => {
    await openClient(page);
    await pickRoute(page, 'POST', '/users');
    const editor = jsonBody(page);
    await editor.fill('{\n  "first_name": 5,\n  "last_name": "Lovelace"\n}');
    await expect(page.getByText('3 schema errors')).toBeVisible();
    // The wrong value is underlined, and the object that misses required fields at its brace.
    await expect(page.locator('.cm-lintRange-error').filter({ hasText: /^5$/ })).toBeVisible();
    await expect(page.locator('.cm-lintRange-error').filter({ hasText: /^\{$/ })).toBeVisible();

    await editor.getByText('"Lovelace"').click();
    await page.keyboard.press('End');
    await page.keyboard.type(',');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"em');
    const completions = page.getByRole('listbox');
    await expect(completions.getByRole('option', { name: /email/ })).toBeVisible();
    // Properties already written are not offered again.
    await expect(completions.getByRole('option', { name: /first_name/ })).toHaveCount(0);
    await completions.getByRole('option', { name: /email/ }).click();
    await page.keyboard.type('"ann@example.com"');
    await expect(editor).toContainText('"email": "ann@example.com"');
  });
});
