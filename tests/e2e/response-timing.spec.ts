// The Timing view: the request's time as a waterfall, against the demo API through the Node host.
import { expect, test } from '@playwright/test';
import { responseArea } from './support/client-screen';

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
  // A loopback call is far under 200 ms: the rest is Kite's hold, named as Kite's, not the server's.
  await expect(table.getByRole('rowheader', { name: "Kite's hold (minimum 200 ms)" })).toBeVisible();
  await expect(table.getByRole('row', { name: /Total in the browser/ })).toContainText(/\d+ ms/);
});
