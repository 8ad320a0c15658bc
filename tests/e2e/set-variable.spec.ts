import { test, expect, type Locator, type Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { responseArea, send } from './support/client-screen';
import { openFreshKite, setBearerToken, typeRequest, useWorkspaceHost } from './support/workspace-host';

// "Set as variable…" on a value of a JSON response, against the Node host with its demo API: the
// path filled in, a capture rule saved with the request, the next request using {{token}}; a large
// body (its lines made in the body worker), the context menu from the keyboard, a filter's match
// mapped back to the whole body, and setting a value once in the environment or the globals.
const workspace = useWorkspaceHost('kite-set-variable-e2e-');
test.describe.configure({ mode: 'serial' });
const openKite = (page: Page) => openFreshKite(page, workspace.host.url);

/** The pretty (or filtered) body's row that shows `text`. */
const bodyRow = (body: Locator, text: string) => body.locator('.kite-code-row').filter({ hasText: text });

/** POST /login sent in a fresh Kite: its pretty body and the token's row, hovered. */
async function loginTokenRow(page: Page) {
  await openKite(page);
  await typeRequest(page, 'POST', '/login');
  await send(page);
  const body = responseArea(page).getByRole('region', { name: 'Pretty body' });
  const row = bodyRow(body, '"token":');
  await row.hover();
  return { body, row };
}

test('Set as variable… on the token of POST /login saves a capture rule with its path, and GET /me then uses {{token}}', async ({ page }) => {
  const { row } = await loginTokenRow(page);
  await row.getByRole('button', { name: 'Set as variable…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set as variable' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('token');
  await expect(dialog.getByRole('textbox', { name: 'JSONPath' })).toHaveValue('$.data.token');
  // A token is offered as secret, so its value is masked here too.
  await expect(dialog.getByRole('checkbox', { name: /^Secret/ })).toBeChecked();
  await expect(dialog.getByRole('status', { name: 'Value' })).toHaveText('••••••');
  await expect(dialog.getByRole('radio', { name: /^Capture rule of this request/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /active environment \(none is active\)/ })).toBeDisabled();
  await page.screenshot({ path: join(tmpdir(), 'kite-set-variable-dialog.png') });
  await dialog.getByRole('button', { name: 'Set variable' }).click();
  await expect(page.getByText('Capture rule saved: {{token}} ← $.data.token')).toBeVisible();

  // The rule is the request's own, as if typed in the Capture tab.
  await page.getByRole('tab', { name: 'Capture' }).click();
  await expect(page.getByRole('textbox', { name: 'Capture 1 variable' })).toHaveValue('token');
  await expect(page.getByRole('textbox', { name: 'Capture token path' })).toHaveValue('$.data.token');
  await expect(page.getByRole('checkbox', { name: 'Capture token secret' })).toBeChecked();
  // …and is applied after the next send of this request.
  await send(page);
  await expect(page.getByText('Captured {{token}}')).toBeVisible();
  // Picked again: {{token}} is secret already, and stays so.
  await row.hover();
  await row.getByRole('button', { name: 'Set as variable…' }).click();
  await expect(dialog.getByRole('checkbox', { name: /^Secret/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Secret/ })).toBeDisabled();
  await expect(dialog.getByText('{{token}} is secret already')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The next request, in a tab of its own, uses it.
  await page.keyboard.press('Alt+n');
  await typeRequest(page, 'GET', '/me');
  await setBearerToken(page, '{{token}}');
  await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveAttribute('title', '{{token}} = •••••• (capture)');
  await send(page);
  await expect(responseArea(page)).toContainText('"via": "bearer"');
});

test('in a large body, a value deep in it is picked from the context menu by keyboard, mapped from a filter, and set once in the environment or the globals', async ({ page }) => {
  await openKite(page);
  // An active environment to set a value in.
  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const environments = page.getByRole('dialog', { name: 'Environments and variables' });
  await environments.getByRole('textbox', { name: 'New environment name' }).fill('local');
  await environments.getByRole('button', { name: 'Add environment' }).click();
  await environments.getByRole('button', { name: 'Done' }).click();

  await typeRequest(page, 'GET', '/large?mb=2');
  await send(page);
  const pane = responseArea(page);
  const body = pane.getByRole('region', { name: 'Pretty body' });
  await expect(body).toContainText('"first_name":', { timeout: 10_000 });
  // Far down the body: search brings the line into view.
  await pane.getByRole('searchbox', { name: 'Search body' }).fill('user4000@example.com');
  const row = bodyRow(body, 'user4000@example.com');
  await expect(row).toBeVisible();
  // Keyboard: focus the line's button, open its context menu with Shift+F10.
  await row.getByRole('button', { name: 'Set as variable…' }).focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Value' });
  await expect(menu.getByRole('menuitem', { name: 'Set as variable…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Copy JSONPath' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Set as variable' });
  await expect(dialog.getByRole('textbox', { name: 'JSONPath' })).toHaveValue('$[3999].email');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('email');
  await expect(dialog.getByRole('status', { name: 'Value' })).toHaveText('user4000@example.com');
  await dialog.getByRole('radio', { name: 'Once, in the environment local' }).check();
  await dialog.getByRole('button', { name: 'Set variable' }).click();
  await expect(page.getByText('{{email}} is set in the environment local')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Right-click a value of the filter's result: its path is the one in the whole body.
  await pane.getByRole('searchbox', { name: 'Search body' }).fill('');
  await pane.getByRole('textbox', { name: 'Filter' }).fill('$[?(@.id == 1234)]');
  const filtered = pane.getByRole('region', { name: 'Filtered body' });
  await expect(filtered).toContainText('"id": 1234');
  await expect(bodyRow(filtered, '[').first().getByRole('button', { name: 'Set as variable…' }), "the result's own brackets are no value of the body").toHaveCount(0);
  await bodyRow(filtered, '"age":').click({ button: 'right' });
  await page.getByRole('menu', { name: 'Value' }).getByRole('menuitem', { name: 'Set as variable…' }).click();
  await expect(dialog.getByRole('textbox', { name: 'JSONPath' })).toHaveValue('$[1233].age');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('age');
  await dialog.getByRole('radio', { name: 'Once, in the globals' }).check();
  await dialog.getByRole('button', { name: 'Set variable' }).click();

  await page.getByRole('textbox', { name: 'URL' }).fill('/users?email={{email}}&age={{age}}');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveAttribute('title', /\{\{email\}\} = user4000@example\.com \(environment\)/);
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveAttribute('title', /\{\{age\}\} = \d+ \(global\)/);
});

test("a body row's icons are drawn (by the stylesheet, no SVG per row): each value button and the fold button in both states show their own", async ({ page }) => {
  const { body, row } = await loginTokenRow(page);
  const setVariable = row.getByRole('button', { name: 'Set as variable…' });
  const addAssertion = row.getByRole('button', { name: 'Add assertion' });
  await expect(setVariable).toHaveCSS('opacity', '1');
  await expect(addAssertion).toHaveCSS('opacity', '1');
  // Two buttons of one size and background differ only by what their icon draws.
  const variableIcon = await setVariable.screenshot();
  expect(variableIcon.equals(await addAssertion.screenshot())).toBe(false);
  const fold = body.getByRole('button', { name: 'Fold line 1', exact: true });
  await page.mouse.move(0, 0);
  const opened = await fold.screenshot();
  await fold.click();
  const folded = body.getByRole('button', { name: 'Unfold line 1', exact: true });
  await page.mouse.move(0, 0);
  expect(opened.equals(await folded.screenshot())).toBe(false);
  expect(await body.locator('svg').count()).toBe(0);
  await folded.click();
  await body.getByRole('button', { name: 'Fold line 3', exact: true }).click();
  await bodyRow(body, '"message":').hover();
  await body.screenshot({ path: test.info().outputPath('body-row-icons.png') });
});
