import { test, expect, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { responseArea } from './support/client-screen';
import { openFreshKite, useWorkspaceHost } from './support/workspace-host';

// A folder of the Saved pane run against the Node host's demo API in one POST run: a JSON data
// file of two rows runs the folder twice, the user created by the first request is read back by
// the second through a captured id, the second row's check fails with its actual value, and a
// result's response opens in a tab. Cancel stops a run whose request takes long.
const workspace = useWorkspaceHost('kite-runs-e2e-');

/** A saved request file as the app's Save writes it. */
const saved = (patch: Record<string, unknown>) => ({ name: 'Request', folder: '', application: 'demo', method: 'GET', url: '/', pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'none' }, captures: [], assertions: [], ...patch });

function writeRequests(files: Record<string, Record<string, unknown>>) {
  mkdirSync(join(workspace.folder, 'requests'), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(workspace.folder, 'requests', name), `${JSON.stringify(saved(content), null, 2)}\n`);
}

async function openFolderRun(page: Page, folder: string) {
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByRole('navigation', { name: 'Saved requests' }).getByRole('button', { name: `Run folder ${folder}` }).click();
  return page.getByRole('dialog', { name: `Run ${folder}` });
}

test('a folder run with a data file of two rows shows each row, the failing check with its actual value, and opens a response in a tab', async ({ page }) => {
  test.slow();
  const stamp = Date.now();
  writeRequests({
    'create-user.json': {
      name: '1 Create user',
      folder: 'signup',
      method: 'POST',
      url: '/users',
      headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
      body: { type: 'json', text: '{"first_name": "{{first}}", "last_name": "Test", "email": "{{email}}", "password": "correct-horse-battery"}' },
      captures: [{ variable: 'userId', source: 'body', path: '$.data.id', secret: false }],
      assertions: [{ source: 'status', path: '', operator: 'equals', expected: '201' }],
    },
    'get-user.json': {
      name: '2 Get user',
      folder: 'signup',
      url: '/users/{{userId}}',
      headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
      assertions: [
        { source: 'status', path: '', operator: 'equals', expected: '200' },
        { source: 'body', path: '$.data.first_name', operator: 'equals', expected: 'Ada' },
      ],
    },
  });
  const panel = await openFolderRun(page, 'signup');
  await expect(panel).toContainText('2 requests in order');

  // A data file that does not read is named with its line, and nothing is lost.
  const dataFile = panel.getByLabel('Data file (CSV or JSON rows)');
  await dataFile.setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('first,email\nAda\n') });
  await expect(panel.getByRole('alert')).toHaveText('rows.csv line 2: 1 values, but the header names 2 columns');
  const rows = [
    { first: 'Ada', email: `ada-${stamp}@example.test` },
    { first: 'Bob', email: `bob-${stamp}@example.test` },
  ];
  await dataFile.setInputFiles({ name: 'rows.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rows)) });
  await expect(panel).toContainText('2 rows: {{first}}, {{email}}');
  await expect(panel).toContainText('once for each of the 2 rows of rows.json');
  await page.screenshot({ path: join(tmpdir(), 'kite-runs-options.png') });
  await panel.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(panel.getByRole('status')).toHaveText(/^3 passed, 1 failed in \d+(\.\d+)? m?s$/);
  const row1 = panel.getByRole('list', { name: 'Row 1' });
  const row2 = panel.getByRole('list', { name: 'Row 2' });
  await expect(row1.getByRole('listitem', { name: '1 Create user' })).toContainText('201');
  await expect(row1.getByRole('listitem', { name: '2 Get user' })).toContainText('Pass $.data.first_name equals Ada got Ada');
  const failing = row2.getByRole('listitem', { name: '2 Get user' });
  await expect(failing).toHaveAttribute('data-outcome', 'fail');
  await expect(failing).toContainText('Fail $.data.first_name equals Ada got Bob');
  await expect(failing).toContainText('Expected $.data.first_name equals Ada, got Bob');
  await page.screenshot({ path: join(tmpdir(), 'kite-runs.png') });

  // The failing result's response opens in a tab: Bob, read back by the id the first request captured.
  await failing.getByRole('button', { name: 'Open response' }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users/{{userId}}');
  await expect(responseArea(page)).toContainText('200');
  await expect(responseArea(page)).toContainText(`bob-${stamp}@example.test`);
  // The panel folds to its summary so that it does not cover the response; it unfolds again.
  await expect(panel.getByRole('list', { name: 'Row 2' })).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText(/^3 passed, 1 failed/);
  await page.screenshot({ path: join(tmpdir(), 'kite-runs-opened.png') });
  await panel.getByRole('button', { name: 'Show results' }).click();
  await expect(failing).toBeVisible();
});

test("a selection of saved requests from different folders runs those requests only, in the order the pane shows them, each with its folder's auth", async ({ page }) => {
  test.slow();
  writeRequests({
    'list-users.json': { name: 'List users', folder: 'users', url: '/users', assertions: [{ source: 'status', path: '', operator: 'equals', expected: '200' }] },
    // Inherits the folder's bearer {{token}} (folders/users.json below); /echo answers the headers it got.
    'echo-users.json': { name: 'Echo as users', folder: 'users', url: '/echo', auth: { type: 'inherit' }, assertions: [{ source: 'status', path: '', operator: 'equals', expected: '200' }] },
    'top-users.json': { name: 'Top users', folder: '', url: '/users', assertions: [{ source: 'status', path: '', operator: 'class', expected: '2xx' }] },
    'not-picked.json': { name: 'Not picked', folder: 'other', url: '/users', assertions: [{ source: 'status', path: '', operator: 'equals', expected: '500' }] },
  });
  mkdirSync(join(workspace.folder, 'folders'), { recursive: true });
  writeFileSync(join(workspace.folder, 'folders/users.json'), JSON.stringify({ folder: 'users', auth: { type: 'bearer', token: '{{token}}' } }));
  await openFreshKite(page, workspace.host.url);
  await page.getByRole('tab', { name: 'Saved' }).click();
  const pane = page.getByRole('navigation', { name: 'Saved requests' });
  await pane.getByRole('button', { name: 'Select requests to run' }).click();
  const bar = pane.getByRole('toolbar', { name: 'Selected requests' });
  await expect(bar.getByRole('button', { name: 'Run selected (0)' })).toBeDisabled();

  // Escape leaves the mode and its checkboxes.
  await pane.getByRole('checkbox', { name: 'Select Not picked' }).check();
  await pane.getByRole('checkbox', { name: 'Select Not picked' }).press('Escape');
  await expect(pane.getByRole('checkbox')).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await pane.getByRole('button', { name: 'Select requests to run' }).click();
  await expect(pane.getByRole('checkbox', { name: 'Select Not picked' })).not.toBeChecked();

  // Picked from the keyboard, bottom folder first: the run keeps the pane's order.
  await pane.getByRole('checkbox', { name: 'Select Echo as users' }).focus();
  await page.keyboard.press('Space');
  await pane.getByRole('checkbox', { name: 'Select Top users' }).check();
  await expect(pane.getByRole('checkbox', { name: 'Select List users' })).not.toBeChecked();
  await bar.getByRole('button', { name: 'Run selected (2)' }).click();

  const panel = page.getByRole('dialog', { name: 'Run selected requests' });
  await expect(panel).toContainText('2 requests in order');
  // The folder's {{token}} comes from a data row here (an environment's would do as well).
  await panel.getByLabel('Data file (CSV or JSON rows)').setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('token\nselection-token\n') });
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(/^2 passed, 0 failed in \d+(\.\d+)? m?s$/);
  const results = panel.getByRole('list', { name: 'Row 1' }).locator(':scope > li');
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toHaveAccessibleName('Top users');
  await expect(results.nth(0)).toContainText('Pass status is in class 2xx got 200');
  await expect(results.nth(1)).toHaveAccessibleName('Echo as users');
  await expect(results.nth(1)).toContainText('Pass status equals 200 got 200');
  await page.screenshot({ path: join(tmpdir(), 'kite-runs-selection.png') });
  await results.nth(1).getByRole('button', { name: 'Open response' }).click();
  await expect(responseArea(page)).toContainText('"Bearer selection-token"');
  await panel.getByRole('button', { name: 'Show results' }).click();

  // Shift ticks the range between two ticks (List users up to Not picked: with Top users and
  // Echo as users ticked before, every request is); Clear selection unticks every one.
  await pane.getByRole('checkbox', { name: 'Select List users' }).check();
  await pane.getByRole('checkbox', { name: 'Select Not picked' }).click({ modifiers: ['Shift'] });
  await expect(pane.getByRole('checkbox', { name: 'Select Not picked' })).toBeChecked();
  await expect(pane.getByRole('checkbox', { checked: false })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: `Run selected (${await pane.getByRole('checkbox').count()})` })).toBeEnabled();
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar.getByRole('button', { name: 'Run selected (0)' })).toBeDisabled();
});

test('"Keep captured values" stores the last row\'s captured values as a Send\'s captures, and names the secret one it cannot keep', async ({ page }) => {
  test.slow();
  const stamp = Date.now();
  writeRequests({
    'keep-create.json': {
      name: 'Create user',
      folder: 'keep',
      method: 'POST',
      url: '/users',
      headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
      body: { type: 'json', text: '{"first_name": "Kept", "last_name": "Test", "email": "{{email}}", "password": "correct-horse-battery"}' },
      captures: [
        { variable: 'userId', source: 'body', path: '$.data.id', secret: false },
        { variable: 'userEmail', source: 'body', path: '$.data.email', secret: true },
      ],
      assertions: [{ source: 'status', path: '', operator: 'equals', expected: '201' }],
    },
  });
  const rows = (...names: string[]) => ({ name: 'rows.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(names.map((name) => ({ email: `${name}-${stamp}@example.test` })))) });
  const panel = await openFolderRun(page, 'keep');
  const url = page.getByRole('textbox', { name: 'URL' });
  await url.fill('/users/{{userId}}');
  await expect(url).toHaveAttribute('data-unresolved', 'true');

  // Without the option, nothing is stored.
  await panel.getByLabel('Data file (CSV or JSON rows)').setInputFiles(rows('first'));
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(/^1 passed, 0 failed/);
  await expect(url).toHaveAttribute('data-unresolved', 'true');
  await expect(panel).not.toContainText('Kept');

  // With it, the last row's values are kept: the user created second.
  await panel.getByRole('button', { name: 'Run again…' }).click();
  await panel.getByLabel('Data file (CSV or JSON rows)').setInputFiles(rows('ada', 'bob'));
  await panel.getByRole('checkbox', { name: 'Keep captured values' }).check();
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(/^2 passed, 0 failed/);
  await expect(panel).toContainText('Kept {{userId}} as captured values. Not kept: {{userEmail}}, captured as secret (the host sends secrets back masked).');
  await page.screenshot({ path: join(tmpdir(), 'kite-runs-kept.png') });

  // The builder now fills {{userId}} with the id the run captured last.
  await expect(url).not.toHaveAttribute('data-unresolved', 'true');
  await panel.getByRole('button', { name: 'Close the run' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(responseArea(page)).toContainText(`bob-${stamp}@example.test`);
});

test('Cancel stops a run while a request takes long', async ({ page }) => {
  test.slow();
  writeRequests({
    'slow-1.json': { name: 'A slow one', folder: 'slow', url: '/slow?ms=60000' },
    'slow-2.json': { name: 'B quick one', folder: 'slow', url: '/users' },
  });
  const panel = await openFolderRun(page, 'slow');
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText('Running… 0 of 2');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('status')).toHaveText('Cancelled after 0 of 2');
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Run again…' })).toBeVisible();
});
