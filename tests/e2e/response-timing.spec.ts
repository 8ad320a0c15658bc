// The Timing view: the request's time as a waterfall, against the demo API through the Node host.
import { expect, test } from '@playwright/test';
import { responseArea } from './support/client-screen';
import { shownMs } from './support/durations';

test("the Timing view shows the target call's phases, the target's Server-Timing and Kite's own hold apart", async ({ page }) => {
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users?per_page=2');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const pane = responseArea(page);
  await expect(pane.getByText('200', { exact: true })).toBeVisible();
  await pane.getByRole('tab', { name: 'Timing' }).click();
  const table = pane.getByRole('table', { name: 'Timing' });
  for (const phase of ['Browser → Kite host', 'Waiting (first byte)', 'Download', 'Kite host → browser']) {
    await expect(table.getByRole('rowheader', { name: phase })).toBeVisible();
  }
  // The demo answers with a Server-Timing header: its entry is a row of its own.
  await expect(table.getByRole('rowheader', { name: /search · Filter users/ })).toBeVisible();
  // Kite's hold fills a call up to the spec's 200 ms and is named as Kite's own, never the server's;
  // a call that took longer (a loaded machine) has none.
  const total = shownMs(await table.getByRole('row', { name: /Total in the browser/ }).getByRole('cell').first().textContent());
  expect(total).toBeGreaterThanOrEqual(200);
  await expect(table.getByRole('rowheader', { name: "Kite's hold (minimum 200 ms)" })).toHaveCount(total === 200 ? 1 : 0);
  // The response's Time is the measured round trip: with a hold, the table names it beside the total.
  const shownTime = (await pane.getByTitle(/^Round trip/).locator('span').last().textContent())?.trim();
  if (total === 200) {
    await expect(table.getByRole('row', { name: /Round trip \(the response's Time\)/ }).getByRole('cell').first()).toHaveText(shownTime ?? '');
  } else {
    await expect(table.getByRole('row', { name: /Total in the browser/ }).getByRole('cell').first()).toHaveText(shownTime ?? '');
  }
});

test('a slow target has its wait measured and no hold of Kite on top', async ({ page }) => {
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/slow?ms=400');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const pane = responseArea(page);
  await expect(pane.getByText('200', { exact: true })).toBeVisible({ timeout: 10_000 });
  await pane.getByRole('tab', { name: 'Timing' }).click();
  const table = pane.getByRole('table', { name: 'Timing' });
  const wait = shownMs(await table.getByRole('row', { name: /Waiting \(first byte\)/ }).getByRole('cell').first().textContent());
  expect(wait).toBeGreaterThanOrEqual(390);
  await expect(table.getByRole('rowheader', { name: /Kite's hold/ })).toHaveCount(0);
});
