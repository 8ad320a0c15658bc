import { test, expect, type Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { responseArea, send } from './support/client-screen';
import { openFreshKite, typeRequest, useWorkspaceHost } from './support/workspace-host';

// The Tests tab against the Node host's demo API: assertions written line by line without code and
// one added from a line of the Pretty view; after a Send each shows pass or fail with the actual
// value, and the tab's title counts the passes.
const workspace = useWorkspaceHost('kite-assertions-e2e-');
const openKite = (page: Page) => openFreshKite(page, workspace.host.url);
const testsTab = (page: Page) => page.getByRole('tab', { name: /^Tests/ });
const line = (page: Page, n: number) => page.getByRole('group', { name: `Assertion ${n}`, exact: true });

test('assertions added in the Tests tab and from a Pretty line show pass, and a failing one its actual value, after a Send', async ({ page }) => {
  // Many steps, each waiting on state: a busy machine needs more than the default 30 s for them all.
  test.slow();
  await openKite(page);
  await typeRequest(page, 'GET', '/users/1');
  await testsTab(page).click();

  // 1: the status (a new line starts as "Status equals 200").
  await page.getByRole('button', { name: 'Add assertion' }).click();
  await expect(page.getByRole('combobox', { name: 'Assertion 1 checks' })).toHaveValue('status');
  await expect(page.getByRole('textbox', { name: 'Assertion 1 expected' })).toHaveValue('200');
  // 2: a JSONPath value that the answer does not have.
  await page.getByRole('button', { name: 'Add assertion' }).click();
  await page.getByRole('combobox', { name: 'Assertion 2 checks' }).selectOption('body');
  await page.getByRole('textbox', { name: 'Assertion 2 JSONPath' }).fill('$.data.id');
  await page.getByRole('combobox', { name: 'Assertion 2 operator' }).selectOption('equals');
  await page.getByRole('textbox', { name: 'Assertion 2 expected' }).fill('2');
  // 3: the body against the route's documented 200 response.
  await page.getByRole('button', { name: 'Add assertion' }).click();
  await page.getByRole('combobox', { name: 'Assertion 3 checks' }).selectOption('schema');
  await expect(page.getByRole('textbox', { name: 'Assertion 3 expected' })).toHaveCount(0);
  await expect(testsTab(page)).toHaveText('Tests3');

  await send(page);
  await expect(testsTab(page)).toHaveText('Tests2/3');
  await expect(line(page, 1).getByRole('status')).toHaveText('Pass actual 200');
  await expect(line(page, 2).getByRole('status')).toContainText('Fail actual 1');
  await expect(line(page, 2).getByRole('status')).toContainText('Expected $.data.id equals 2, got 1');
  await expect(line(page, 3).getByRole('status')).toHaveText('Pass actual matches 200');

  // From the Pretty view: the e-mail's line becomes "$.data.email equals <its value>", which passes.
  const row = responseArea(page).getByRole('region', { name: 'Pretty body' }).locator('.kite-code-row').filter({ hasText: '"email":' });
  const email = (/"email":\s*"([^"]+)"/.exec(await row.innerText()) ?? [])[1];
  expect(email).toMatch(/@/);
  await row.hover();
  await row.getByRole('button', { name: 'Add assertion' }).click();
  await expect(page.getByText('Assertion added')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Assertion 4 JSONPath' })).toHaveValue('$.data.email');
  await expect(page.getByRole('combobox', { name: 'Assertion 4 operator' })).toHaveValue('equals');
  await expect(page.getByRole('textbox', { name: 'Assertion 4 expected' })).toHaveValue(email);
  await expect(line(page, 4).getByRole('status')).toHaveText(`Pass actual ${email}`);
  await expect(testsTab(page)).toHaveText('Tests3/4');

  // Fixing the expected value of line 2 turns it green against the same answer.
  await page.getByRole('textbox', { name: 'Assertion 2 expected' }).fill('1');
  await expect(line(page, 2).getByRole('status')).toHaveText('Pass actual 1');
  await page.getByRole('textbox', { name: 'Assertion 2 expected' }).fill('2');
  await expect(testsTab(page)).toHaveText('Tests3/4');
  await page.screenshot({ path: join(tmpdir(), 'kite-tests-tab.png') });
});
