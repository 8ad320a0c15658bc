// Comparing a response with others without leaving it (features/diff, reached from send-as work):
// a history row's "Compare with current", and the same request sent once in another environment.
// The Node host's demo API; the "Send as…" matrix itself is covered on Laravel (send-as-laravel.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { clearClientStorage, responseArea, send } from './support/client-screen';

const compareDialog = (page: Page) => page.getByRole('dialog', { name: 'Compare responses' });
const differences = (page: Page) => compareDialog(page).getByRole('table', { name: 'Differences' });

async function sendUrl(page: Page, url: string) {
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await send(page);
}

test('a history row compared with the response on screen opens the diff at once', async ({ page }) => {
  test.setTimeout(90_000);
  await clearClientStorage(page);
  await page.goto('/http-client');
  await sendUrl(page, '/echo?run=first');
  await expect(responseArea(page)).toContainText('"first"');
  await sendUrl(page, '/echo?run=second');
  await expect(responseArea(page)).toContainText('"second"');

  await page.getByRole('tab', { name: /History/ }).click();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  // The entry on screen has nothing to be compared with; the other one does.
  await expect(history.getByRole('button', { name: /with the current response$/ })).toHaveCount(1);
  await history.getByRole('button', { name: /^Compare GET \S*\/echo\?run=first 200 with the current response$/ }).click();

  await expect(differences(page).getByRole('row', { name: /\$\.query\.run/ })).toContainText('"first" → "second"');
  await expect(compareDialog(page).getByRole('status', { name: 'Diff summary' })).toContainText('body: 0 added, 0 removed, 1 changed');
});

test('the request sent once in another environment and compared with the response on screen', async ({ page }) => {
  test.setTimeout(90_000);
  await clearClientStorage(page);
  await page.evaluate(() =>
    localStorage.setItem(
      'kite:workspace',
      JSON.stringify({
        globals: [],
        applications: {
          demo: {
            active: 'local',
            captured: [],
            environments: [
              { name: 'local', variables: [{ name: 'region', value: 'eu-local', secret: false }] },
              { name: 'staging', variables: [{ name: 'region', value: 'us-staging', secret: false }] },
              { name: 'empty', variables: [] },
            ],
          },
        },
      }),
    ),
  );
  await page.goto('/http-client');
  await sendUrl(page, '/echo?region={{region}}');
  await expect(responseArea(page)).toContainText('"eu-local"');

  await responseArea(page).getByRole('button', { name: 'Compare with…' }).click();
  const dialog = compareDialog(page);
  await dialog.getByRole('region', { name: 'Another environment' }).getByRole('button', { name: 'Compare with this request in environment staging' }).click();
  await expect(differences(page).getByRole('row', { name: /\$\.query\.region/ })).toContainText('"eu-local" → "us-staging"');
  await expect(dialog).toContainText('as environment staging');
  await dialog.screenshot({ path: test.info().outputPath('compare-environment.png') });

  // An environment without the variable is not sent: the dialog says why.
  await dialog.getByRole('button', { name: 'Pick another' }).click();
  await dialog.getByRole('button', { name: 'Compare with this request in environment empty' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Not sent in empty: The variable {{region}} has no value');
});
