// Real-world API documents in the browser (issue 17): a value with oneOf branches whose branch the
// user switches, a string bound by a pattern, and a catalogue with long paths. A Kite host of its
// own serves a document written for these tests.
import { expect, test } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKiteHost } from '../../bench/support.mjs';
import { jsonBodyText } from './support/client-screen';

const LONG = '/repos/{owner}/{repo}/issues/{issue_number}/comments/{comment_id}/reactions';

const document = {
  openapi: '3.1.0',
  info: { title: 'Payments', version: '1' },
  paths: {
    '/payments': {
      post: {
        tags: ['payments'],
        summary: 'Create a payment',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } } },
        responses: { 201: { description: 'Created' } },
      },
    },
    [LONG]: { get: { tags: ['reactions'], operationId: 'reactions/list-for-issue-comment', summary: 'List reactions for an issue comment', responses: { 200: { description: 'OK' } } } },
    '/repos/{owner}/{repo}/pulls': { get: { tags: ['pulls'], summary: 'List pull requests', responses: { 200: { description: 'OK' } } } },
    // ReadMe's schema-types example: a body no value can meet.
    '/quirks': {
      put: {
        tags: ['quirks'],
        summary: 'Incompatible allOf',
        requestBody: { content: { 'application/json': { schema: { allOf: [{ type: 'string' }, { type: 'integer' }] } } } },
        responses: { 200: { description: 'OK' } },
      },
    },
  },
  components: {
    schemas: {
      Payment: {
        type: 'object',
        required: ['reference', 'method'],
        additionalProperties: false,
        properties: {
          reference: { type: 'string', pattern: '^INV-[0-9]{6}$' },
          method: {
            oneOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/BankTransfer' }],
            discriminator: { propertyName: 'kind', mapping: { card: '#/components/schemas/Card', bank: '#/components/schemas/BankTransfer' } },
          },
        },
      },
      Card: { type: 'object', required: ['kind', 'number'], additionalProperties: false, properties: { kind: { type: 'string', enum: ['card'] }, number: { type: 'string', pattern: '^4[0-9]{15}$' } } },
      BankTransfer: { type: 'object', required: ['kind', 'iban'], additionalProperties: false, properties: { kind: { type: 'string', enum: ['bank'] }, iban: { type: 'string', pattern: '^DE[0-9]{20}$' } } },
    },
  },
};

let host: Awaited<ReturnType<typeof startKiteHost>>;

test.beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'kite-documents-'));
  const file = join(folder, 'payments.json');
  writeFileSync(file, JSON.stringify(document));
  host = await startKiteHost(['--openapi', file, '--target', 'http://127.0.0.1:9']);
});

test.afterAll(async () => {
  await host?.stop();
});

const routes = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Routes' });

test('auto-fill honours a pattern and a oneOf branch, and the branch can be switched', async ({ page }) => {
  await page.goto(host.url);
  await routes(page).getByRole('button', { name: /POST\s*\/payments/ }).click();
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect.poll(() => jsonBodyText(page)).toMatch(/"reference": "INV-\d{6}"/);
  const branch = page.getByRole('combobox', { name: 'Branch at $.method' });
  await expect(branch.locator('option:checked')).toHaveText('Card · one of 2');
  expect(await jsonBodyText(page)).toMatch(/"number": "4\d{15}"/);

  await branch.selectOption({ label: 'BankTransfer · one of 2' });
  await expect.poll(() => jsonBodyText(page)).toMatch(/"iban": "DE\d{20}"/);
  const body = await jsonBodyText(page);
  expect(body).toContain('"kind": "bank"');
  expect(body).not.toContain('"number"');
  // The branch stays chosen for the route: a new fill keeps it.
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect.poll(() => jsonBodyText(page)).toMatch(/"iban": "DE\d{20}"/);
  await expect(branch.locator('option:checked')).toHaveText('BankTransfer · one of 2');
});

test('auto-fill says when the body schema accepts no value, and why', async ({ page }) => {
  await page.goto(host.url);
  await routes(page).getByRole('button', { name: /POST\s*\/payments/ }).click();
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect.poll(() => jsonBodyText(page)).toMatch(/"reference"/);
  await expect(page.getByRole('note').filter({ hasText: 'accepts no value' })).toHaveCount(0);

  await routes(page).getByRole('button', { name: /PUT\s*\/quirks/ }).click();
  await page.getByRole('button', { name: 'Auto-fill' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'accepts no value' })).toHaveText('This schema accepts no value: allOf of string and integer at $');
  // Still a value to edit: the first part's type.
  await expect.poll(() => jsonBodyText(page)).toMatch(/^".*"$/);
});

test('long paths show their distinctive end, the whole path on hover, and search finds summaries and operation ids', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(host.url);
  const row = routes(page).getByRole('button').filter({ hasText: 'List reactions for an issue comment' });
  await expect(row).toBeVisible();
  const shown = (await row.locator('.kite-route-uri').textContent()) ?? '';
  expect(shown).toContain('…');
  expect(shown.startsWith('/repos/')).toBe(true);
  expect(shown.endsWith('/reactions')).toBe(true);
  await expect(row).toHaveAttribute('title', new RegExp(`^${LONG.replace(/[{}/]/g, '\\$&')}`));

  const search = page.getByRole('searchbox', { name: /Search routes/ });
  await search.fill('reactions issue comment');
  await expect(routes(page).getByRole('button').filter({ hasText: 'List reactions' })).toBeVisible();
  await expect(routes(page).getByRole('button').filter({ hasText: 'List pull requests' })).toHaveCount(0);
  await search.fill('list-for-issue-comment');
  await expect(routes(page).getByRole('button').filter({ hasText: 'List reactions' })).toBeVisible();
});
