// The Tests tab's Laravel-only checks inside a real Laravel 12 app (tests/php/laravel12.mjs): lines
// read from the call's trace (queries and their N+1, logs, mails, jobs and notifications) and a
// row of the app's database read after the call through the data pickers' rule-bounded access.
import { expect, test, type Page } from '@playwright/test';
import { send } from './support/client-screen';
import { startLaravel, type LaravelServer } from './support/laravel-app';

let laravel: LaravelServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  laravel = await startLaravel();
});

test.afterAll(() => laravel?.stop());

const testsTab = (page: Page) => page.getByRole('tab', { name: /^Tests/ });
/** The Tests tab's own button (each Pretty line of an answer has one of the same name). */
const addButton = (page: Page) => page.getByRole('group', { name: 'Assertions', exact: true }).getByRole('button', { name: 'Add assertion' });
const line = (page: Page, n: number) => page.getByRole('group', { name: `Assertion ${n}`, exact: true });

/** Adds line n: its source, operator, and (when the operator takes them) its table.column and expected value. */
async function addLine(page: Page, n: number, source: string, operator: string, expected?: string, path?: string) {
  await addButton(page).click();
  await page.getByRole('combobox', { name: `Assertion ${n} checks` }).selectOption(source);
  await page.getByRole('combobox', { name: `Assertion ${n} operator` }).selectOption(operator);
  if (path !== undefined) await page.getByRole('textbox', { name: `Assertion ${n} table.column` }).fill(path);
  if (expected !== undefined) await page.getByRole('textbox', { name: `Assertion ${n} expected` }).fill(expected);
}

test('checks only the Laravel host can make: an N+1 and a log level from the trace, a mail, a job and a row after the call', async ({ page }) => {
  test.slow();
  await page.goto(`${laravel!.origin}/_fixture/login/2`);
  await page.goto(`${laravel!.origin}/http-client`);
  await page.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await page.getByRole('textbox', { name: 'URL' }).fill('/api/trace/queries');
  await testsTab(page).click();
  // The trace sources are offered here (the Node host's Tests tab does not list them).
  await addButton(page).click();
  await expect(page.getByRole('combobox', { name: 'Assertion 1 checks' }).getByRole('option')).toHaveText(['Status', 'Header', 'JSON body', 'Body schema', 'Response time', 'Queries', 'Mail', 'Job or notification', 'Log', 'Exception', 'Database row']);
  await page.getByRole('button', { name: 'Remove assertion 1' }).click();

  // The route reads every user one by one (an N+1) and logs a warning.
  await addLine(page, 1, 'queries', 'no-repeated-shape');
  await addLine(page, 2, 'queries', 'less-than', '1000');
  await addLine(page, 3, 'log', 'nothing-at-or-above', 'error');
  await addLine(page, 4, 'log', 'nothing-at-or-above', 'warning');
  await addLine(page, 5, 'exception', 'none');
  await send(page);
  await expect(testsTab(page)).toHaveText('Tests3/5');
  await expect(line(page, 1).getByRole('status')).toContainText(/Fail actual \d+× select .* from "users" where "id" = \? limit \?/);
  await expect(line(page, 1).getByRole('status')).toContainText('a likely N+1');
  await expect(line(page, 2).getByRole('status')).toContainText(/^Pass actual \d+$/);
  await expect(line(page, 3).getByRole('status')).toHaveText('Pass actual (none)');
  await expect(line(page, 4).getByRole('status')).toContainText('Fail actual warning: listed users');
  await expect(line(page, 5).getByRole('status')).toHaveText('Pass actual (none)');

  // A route that writes, mails, notifies and queues, in transaction mode (the mail is recorded, not sent).
  for (let n = 5; n >= 1; n -= 1) await page.getByRole('button', { name: `Remove assertion ${n}` }).click();
  await page.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await page.getByRole('textbox', { name: 'URL' }).fill('/api/trace/write');
  await page.getByRole('checkbox', { name: 'Transaction' }).check();
  await testsTab(page).click();
  await addLine(page, 1, 'mail', 'subject-contains', 'Welcome, Written');
  await addLine(page, 2, 'mail', 'sent-to', 'nobody@example.com');
  await addLine(page, 3, 'dispatched', 'of-class', 'PingJob');
  await addLine(page, 4, 'dispatched', 'of-class', 'AccountCreated');
  await addLine(page, 5, 'row', 'exists-where', 'grace@example.com', 'users.email');
  await addLine(page, 6, 'row', 'exists-where', 'nobody@example.com', 'users.email');
  await addLine(page, 7, 'row', 'exists-where', 'x', 'users.password');
  await send(page);
  await expect(testsTab(page)).toHaveText('Tests4/7');
  await expect(line(page, 1).getByRole('status')).toContainText(/^Pass actual Welcome, Written /);
  await expect(line(page, 2).getByRole('status')).toContainText(/^Fail actual written-\w+@example\.com/);
  await expect(line(page, 3).getByRole('status')).toContainText('Pass actual');
  await expect(line(page, 3).getByRole('status')).toContainText('PingJob');
  await expect(line(page, 4).getByRole('status')).toContainText('Pass actual');
  await expect(line(page, 5).getByRole('status')).toHaveText('Pass actual a row');
  await expect(line(page, 6).getByRole('status')).toHaveText('Fail actual no row No row of users has email = nobody@example.com');
  // A column no rule of the app names (and a secret-looking one) is not read.
  await expect(line(page, 7).getByRole('status')).toContainText(/^Fail actual \(none\) .*users\.password/);
  await page.screenshot({ path: test.info().outputPath('laravel-assertions.png') });
});
