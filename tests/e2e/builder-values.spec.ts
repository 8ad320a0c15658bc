// Values the builder writes and shows (issue 24): auto-fill's values are ones the demo accepts,
// `{{variables}}` stay as typed until they are filled in on send, schema checks look at the filled
// value, and the generator palette writes JSON values as JSON. Against the Node host's demo API.
import { expect, test } from '@playwright/test';
import { clearClientStorage, pickRoute, responseArea, routeButton, send } from './support/client-screen';

test.beforeEach(async ({ page }) => {
  await clearClientStorage(page);
  await page.goto('/http-client');
  await expect(routeButton(page, 'GET', '/users')).toBeVisible();
});

test('auto-fill of POST /posts names a seeded author, so the demo creates the post', async ({ page }) => {
  await pickRoute(page, 'POST', '/posts');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByRole('button', { name: 'Auto-fill' }).click();
    await send(page);
    await expect(responseArea(page).getByText('201', { exact: true })).toBeVisible();
  }
});

test('the Docs panel lists the fields of a body defined by $ref and allOf (the demo NewUser), nested $refs too', async ({ page }) => {
  await pickRoute(page, 'POST', '/users');
  await page.getByRole('button', { name: /^Docs/ }).click();
  const docs = page.locator('.kite-docs-content');
  await expect(docs.getByRole('group', { name: 'Field email' })).toContainText('string (email)required');
  await expect(docs.getByRole('group', { name: 'Field age' })).toContainText('max120');
  await expect(docs.getByRole('group', { name: 'Field body' })).toHaveCount(0);
  await expect(docs).not.toContainText('any');
});

test('a {{variable}} typed in the URL stays as typed in the URL, the Params table and the final URL, and is encoded once filled in', async ({ page }) => {
  await page.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  const url = page.getByRole('textbox', { name: 'URL' });
  await url.fill('/echo?who={{who}}');
  await url.blur();
  await expect(url).toHaveValue('/echo?who={{who}}');
  await page.getByRole('tab', { name: /Params/ }).click();
  await expect(page.getByRole('textbox', { name: 'query parameter who value' })).toHaveValue('{{who}}');
  await expect(page.getByLabel('Final URL')).toHaveText(/\/demo\/echo\?who=\{\{who\}\}$/);

  await page.getByRole('button', { name: 'Edit environments and variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environments and variables' });
  await dialog.getByRole('textbox', { name: 'New environment name' }).fill('local');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await dialog.getByRole('textbox', { name: 'Variable 1 name' }).fill('who');
  await dialog.getByLabel('Variable who value').fill('Ada & {Grace}');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(url).toHaveValue('/echo?who={{who}}');
  await send(page);
  await expect(responseArea(page)).toContainText('"who": "Ada & {Grace}"');
});

test('schema checks skip a value that holds a {{variable}}: "{{email}}" is not flagged as an invalid email, a typed one still is', async ({ page }) => {
  await pickRoute(page, 'POST', '/users');
  const editor = page.getByRole('textbox', { name: 'JSON body' });
  const errors = page.getByRole('list', { name: 'Schema errors' });
  await editor.fill('{"first_name": "Ada", "last_name": "L", "email": "not-an-email", "password": "{{password}}"}');
  await expect(errors).toContainText('$.email');
  await editor.fill('{"first_name": "Ada", "last_name": "L", "email": "{{email}}", "password": "{{password}}"}');
  await expect(page.getByText('Valid JSON, matches the route’s schema')).toBeVisible();
  await expect(errors).toHaveCount(0);
});

test('the generator palette in the JSON body replaces the value at the caret with a JSON value: strings quoted, numbers bare', async ({ page }) => {
  await pickRoute(page, 'POST', '/users');
  const editor = page.getByRole('textbox', { name: 'JSON body' });
  const generate = async (search: string) => {
    await page.keyboard.press('Shift');
    await page.keyboard.press('Shift');
    const box = page.getByRole('combobox', { name: 'Search generators' });
    await box.fill(search);
    await box.press('Enter');
    await expect(box).toHaveCount(0);
    await expect(editor).toBeFocused();
  };
  const caretAfter = async (text: string) => {
    await editor.evaluate((element, needle) => {
      const node = [...element.querySelectorAll('*')].flatMap((el) => [...el.childNodes]).find((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.includes(needle))!;
      const range = document.createRange();
      range.setStart(node, node.textContent!.indexOf(needle) + needle.length);
      range.collapse(true);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    }, text);
  };

  /**
   * The body once it is JSON that passes `check`: the editor's text is read until then, since the
   * value lands after the palette closes and the editor redraws (a read in between was not JSON).
   */
  const bodyWhen = async (check: (body: Record<string, unknown>) => boolean) => {
    let body: Record<string, unknown> | null = null;
    let text = '';
    await expect
      .poll(async () => {
        text = await editor.innerText();
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = null;
        }
        return body !== null && check(body);
      }, { message: `the JSON body, last read as ${JSON.stringify(text)}` })
      .toBe(true);
    return body as unknown as Record<string, unknown>;
  };

  // In the middle of a string: the whole string is replaced.
  await editor.fill('{"email": "old@example.com", "age": 1}');
  await caretAfter('old@ex');
  await generate('email');
  let body = await bodyWhen((next) => next.email !== 'old@example.com');
  expect(body.email).toMatch(/^[^@\s"]+@[^@\s"]+$/);
  expect(body.email).not.toContain('old@ex');

  // After a number (the caret before the closing brace): a number, bare.
  await editor.press('Control+End');
  await editor.press('ArrowLeft');
  await generate('integer');
  body = await bodyWhen((next) => next.age !== 1);
  expect(typeof body.age).toBe('number');

  // Where a value is missing: a quoted string, so the body is JSON again.
  await editor.fill('{"email": }');
  await editor.press('Control+End');
  await editor.press('ArrowLeft');
  await generate('email');
  body = await bodyWhen(() => true);
  expect(body.email).toMatch(/@/);
});
