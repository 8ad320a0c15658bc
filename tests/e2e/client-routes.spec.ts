// The route explorer with a large API: 5,000 operations from an OpenAPI document served by a host
// of its own, one of them with a schema the host could not read.
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** An OpenAPI document with `count` operations in groups of 50, plus one route whose schema cannot be read. */
function largeOpenApiDocument(count = 5000) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < count; i += 1) {
    const resource = `resource${Math.floor(i / 5)}`;
    const path = i % 5 < 2 ? `/${resource}` : `/${resource}/{id}`;
    const method = ['get', 'post', 'get', 'put', 'delete'][i % 5];
    paths[path] ??= {};
    paths[path][method] = {
      tags: [`group${Math.floor(i / 50)}`],
      operationId: `${resource}.${['index', 'store', 'show', 'update', 'destroy'][i % 5]}`,
      summary: `Operation ${i}`,
      parameters: path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }] : [],
      ...(method === 'post' || method === 'put'
        ? { requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } } } } } }
        : {}),
    };
  }
  paths['/broken'] = {
    post: { tags: ['broken'], operationId: 'broken.store', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } },
  };
  return { openapi: '3.1.0', info: { title: 'Large API', version: '1.0.0' }, servers: [{ url: 'http://127.0.0.1:9' }], paths };
}

/** Writes the document into a fresh temporary folder and returns its path. */
function writeLargeOpenApiDocument(count = 5000): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kite-large-api-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(largeOpenApiDocument(count)));
  return file;
}

/** `kite serve --port 0 …`, resolved with its page URL once it prints it. */
function startKiteHost(args: string[] = []): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['bin/kite.mjs', 'serve', '--port', '0', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: string) => {
      output += chunk;
      const match = /at (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve({ url: match[1], stop: () => child.kill() });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`kite serve exited with ${code}: ${output.trim()}`)));
  });
}

let host: { url: string; stop: () => void };

test.beforeAll(async () => {
  host = await startKiteHost(['--openapi', writeLargeOpenApiDocument(5000)]);
});
test.afterAll(() => host?.stop());

test('5,000 routes scroll and filter in a virtualised list', async ({ page }) => {
  await page.goto(host.url);
  const routes = page.getByRole('navigation', { name: 'Routes' });
  await expect(page.getByText('5001 routes')).toBeVisible({ timeout: 15_000 });
  // Only what is visible is in the page, not 5,000 rows.
  expect(await routes.getByRole('button').count()).toBeLessThan(120);

  await routes.hover();
  await page.mouse.wheel(0, 200_000);
  await expect(routes.getByRole('button', { name: /resource999\/\{id\}/ }).first()).toBeVisible();

  const started = Date.now();
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('post resource432');
  await expect(page.getByText('1 of 5001 routes')).toBeVisible();
  expect(Date.now() - started).toBeLessThan(1000);
  await expect(routes.getByRole('button', { name: /^POST\s*\/resource432$/ })).toBeVisible();
});

test('a route whose schema could not be read is marked and links to the Status screen', async ({ page }) => {
  await page.goto(host.url);
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('broken');
  const link = page.getByRole('link', { name: 'POST /broken has an extraction error; open Status' });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: /\/broken/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be read' })).toContainText("Cannot resolve $ref '#/components/schemas/Missing'");
  await link.click();
  await expect(page).toHaveURL(/\/http-client\/status$/);
});
