// A response is the target's content, not Kite's: however its preview is opened (inline, "Open
// image in new tab", Download), a script in an SVG or HTML body must never run in Kite's origin,
// where it could read the saved request, history and the XSRF cookie.
import { expect, test, type Page } from '@playwright/test';
import { responseArea } from './support/client-screen';

const SCRIPT_MARK = 'demo:svg-script-ran';

async function send(page: Page, url: string) {
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** What the demo SVG's script leaves behind when it runs in Kite's origin. */
async function scriptTraces(page: Page) {
  return page.evaluate((mark) => ({ stored: localStorage.getItem(mark), title: document.title }), SCRIPT_MARK);
}

test('an SVG response previews as an image whose script never runs in Kite, also when opened in a new tab', async ({ page, context }) => {
  await send(page, '/image.svg');
  const image = responseArea(page).getByRole('img', { name: 'Response image' });
  await expect(image).toBeVisible();
  await expect(responseArea(page).getByText('image/svg+xml · 120 × 40 px')).toBeVisible();
  const title = await page.title();

  // What "Open image in new tab" does: a top-level navigation to the image's address.
  const source = await image.getAttribute('src');
  expect(source).toBeTruthy();
  const tab = await context.newPage();
  await tab.goto(source!);
  const origin = await tab.evaluate(() => self.origin);
  await tab.close();

  expect(await scriptTraces(page)).toEqual({ stored: null, title });
  expect(origin).not.toBe(new URL(page.url()).origin);
});

test('downloading an SVG or HTML body saves a file and never opens it in Kite', async ({ page }) => {
  await send(page, '/image.svg');
  const pane = responseArea(page);
  await expect(pane.getByRole('img', { name: 'Response image' })).toBeVisible();
  const title = await page.title();
  const [download] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('image.svg');
  expect(await scriptTraces(page)).toEqual({ stored: null, title });
  expect(page.context().pages()).toHaveLength(1);
});
