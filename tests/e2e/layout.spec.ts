// The main screen at common desktop sizes: no text clipped or broken mid-word (support/overflow.ts),
// and the request and response share the height sensibly. The screenshots are kept with the test's
// output for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { clearClientStorage, jsonBody, pickRoute, responseArea, send } from './support/client-screen';
import { findTextProblems } from './support/overflow';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];
// Long summaries in the routes list end in an ellipsis by design (the row's tooltip holds them
// whole), and the collapsed sidebar is a rail of icons whose labels are their tooltips.
const CUT_BY_DESIGN = '.kite-route-summary, .kite-sidebar[data-state="collapsed"]';

// Four sizes, two screenshots each, on a machine other tests share.
test.describe.configure({ timeout: 90_000 });

const request = (page: Page) => page.getByRole('region', { name: 'Request' });

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} no text on the main screen is clipped or broken mid-word`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    await clearClientStorage(page);
    await page.goto('/http-client');
    await pickRoute(page, 'GET', '/users');
    await send(page);
    await expect(responseArea(page).getByText('200', { exact: true })).toBeVisible();
    await pickRoute(page, 'POST', '/users');
    await page.getByRole('tab', { name: /History/ }).click();
    await expect(page.getByRole('button', { name: /Delete GET/ })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`body-${size.width}.png`) });
    expect(await findTextProblems(page, { ignore: CUT_BY_DESIGN })).toEqual([]);
    // The request's tools stay together on one row: none wraps alone onto a line of its own.
    const tops = await Promise.all(['Copy as cURL', 'Code', 'Reset'].map(async (name) => (await request(page).getByRole('button', { name, exact: true }).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);

    await request(page).getByRole('tab', { name: 'Capture' }).click();
    await request(page).getByRole('button', { name: 'Add capture rule' }).click();
    await page.screenshot({ path: testInfo.outputPath(`capture-${size.width}.png`) });
    expect(await findTextProblems(page, { ignore: CUT_BY_DESIGN })).toEqual([]);
  });
}

test('at 1024×700, before anything is sent, the request keeps the height and the body editor shows its lines', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'POST', '/users');
  await expect(responseArea(page).getByText('Send a request to see its response here.')).toBeVisible();
  await expect(jsonBody(page)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('empty-1024.png') });
  const response = (await responseArea(page).boundingBox())!;
  expect(response.height).toBeLessThan(700 / 4);
  // The body editor shows at least 8 lines, whole, and the Docs bar is on screen.
  const editor = (await page.locator('.kite-cm').boundingBox())!;
  const lineHeight = await jsonBody(page).evaluate((content) => parseFloat(getComputedStyle(content).lineHeight));
  const pane = (await request(page).boundingBox())!;
  expect(Math.min(editor.y + editor.height, pane.y + pane.height) - editor.y).toBeGreaterThanOrEqual(8 * lineHeight);
  await expect(page.getByRole('button', { name: /Docs/ })).toBeInViewport({ ratio: 1 });
});

test('the secrets confirmation of Copy as cURL reads in whole words', async ({ page }, testInfo) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('textbox', { name: 'New environment name' }).fill('local');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await dialog.getByRole('textbox', { name: 'Variable 1 name' }).fill('token');
  await dialog.getByLabel('Variable token value').fill('s3cret-value');
  await dialog.getByRole('checkbox', { name: 'Secret token' }).check();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('textbox', { name: 'URL' }).fill('/users?key={{token}}');
  await page.getByRole('button', { name: 'Copy as cURL' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'This request uses secret variables: token' });
  await expect(toast.getByRole('button', { name: 'Keep placeholders' })).toBeVisible();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await page.screenshot({ path: testInfo.outputPath('curl-secrets-toast.png') });
  expect(await findTextProblems(page, { scope: toast })).toEqual([]);
  // The chosen environment's name shows whole in its select.
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('local');
  expect(await findTextProblems(page, { scope: request(page).locator('.kite-url-tools') })).toEqual([]);
});

test('the Auto-fill toolbar shows only on the tabs it fills: Params and Body', async ({ page }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'POST', '/users');
  const autofill = request(page).getByRole('group', { name: 'Auto-fill' });
  for (const [tab, shown] of [['Params', true], ['Headers', false], ['Body', true], ['Auth', false], ['Cookies', false], ['Capture', false]] as const) {
    await request(page).getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(request(page).getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute('aria-selected', 'true');
    await expect(autofill, `on ${tab}`).toHaveCount(shown ? 1 : 0);
  }
});

test('a history entry a few minutes old reads its time whole in the default routes pane', async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1440, height: 900 });
  await clearClientStorage(page);
  await page.goto('/http-client');
  await pickRoute(page, 'GET', '/users/{user}');
  await page.getByRole('textbox', { name: 'Path parameter user' }).fill('1');
  await send(page);
  await page.getByRole('tab', { name: /History/ }).click();
  const history = page.getByRole('complementary', { name: 'Routes and history' });
  const time = history.locator('time').first();
  await expect(time).toHaveText('just now');
  await page.clock.fastForward('03:10');
  await expect(time).toHaveText('3 minutes ago');
  await page.screenshot({ path: testInfo.outputPath('history-1440.png') });
  expect(await findTextProblems(page, { scope: history })).toEqual([]);
});
