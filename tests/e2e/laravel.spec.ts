import { test, expect } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runConformance } from '../../protocol/conformance/checks.mjs';

// Kite inside a real Laravel application: the fixture app (tests/php/fixture, booted from Debian's
// php-laravel-framework) served by `php -S` with ONE worker, the package's assets published by its
// own command. The relay to the app itself must answer on that single worker.
const PORT = Number(process.env.KITE_LARAVEL_E2E_PORT ?? 8186);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FIXTURE = resolve('tests/php/fixture');

let server: ChildProcess | undefined;
let scratch = '';

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((done, fail) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        done();
      });
      socket.on('error', () => {
        if (Date.now() > deadline) fail(new Error(`php -S did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A scratch base directory (config/ and storage/) so the committed fixture stays untouched.
  scratch = mkdtempSync(join(tmpdir(), 'kite-laravel-e2e-'));
  mkdirSync(join(scratch, 'config'));
  for (const file of readdirSync(join(FIXTURE, 'config'))) copyFileSync(join(FIXTURE, 'config', file), join(scratch, 'config', file));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KITE_FIXTURE_BASE_PATH: scratch,
    APP_ENV: 'local',
    APP_URL: ORIGIN,
    DB_DATABASE: join(scratch, 'storage', 'database.sqlite'),
    SESSION_DRIVER: 'file',
    KITE_IMPERSONATION: 'true',
  };
  for (const command of [['migrate:fresh', '--seed', '--force'], ['kite:install']]) {
    const run = spawnSync('php', [join(FIXTURE, 'artisan'), ...command], { env, encoding: 'utf8' });
    expect(run.status, `artisan ${command[0]}: ${run.stdout}${run.stderr}`).toBe(0);
  }
  delete env.PHP_CLI_SERVER_WORKERS;
  server = spawn('php', ['-S', `127.0.0.1:${PORT}`, '-t', join(scratch, 'storage', 'public'), join(FIXTURE, 'server.php')], { env, stdio: 'ignore' });
  await waitForPort(PORT, 10_000);
});

test.afterAll(() => {
  server?.kill();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the Laravel app serves Kite at /http-client with its page config and routes', async ({ page }) => {
  await page.goto('/_fixture/login/2');
  await page.goto('/http-client');

  await expect(page).toHaveTitle('Kite · HTTP Client');
  // The route explorer lists the Laravel app's routes, found from its router.
  await expect(page.getByText('/api/me', { exact: true })).toBeVisible();
  const config = await page.evaluate(() => (window as unknown as { Kite: Record<string, unknown> }).Kite);
  expect(config).toMatchObject({
    basePath: '/http-client',
    assetsUrl: '/vendor/kite',
    apiUrl: '/http-client/api',
    host: 'laravel',
    publishCommand: 'php artisan kite:publish',
    applications: [{ id: 'laravel', name: 'Laravel', baseUrl: ORIGIN }],
  });

  const routes = await page.evaluate(async () => (await fetch('/http-client/api/routes', { headers: { Accept: 'application/json' } })).json());
  const ids = routes.applications[0].routes.map((route: { id: string }) => route.id);
  expect(ids).toContain('POST /api/users');
  const store = routes.applications[0].routes.find((route: { id: string }) => route.id === 'POST /api/users');
  expect(store.schema.body.required).toEqual(['name', 'email', 'password', 'password_confirmation']);
});

test('a request relayed as an impersonated user comes back through the relay on one php -S worker', async ({ page }) => {
  await page.goto('/_fixture/login/2');
  await page.goto('/http-client');

  const result = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const relay = async (authorization: object) => {
      const response = await fetch('/http-client/api/relay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({ method: 'GET', url: '/api/me', headers: [{ name: 'Accept', value: 'application/json' }], query: [], body: { type: 'none' }, authorization }),
      });
      const text = await response.text();
      const newline = text.indexOf('\n');
      return { status: response.status, type: response.headers.get('content-type'), meta: JSON.parse(text.slice(0, newline)), body: JSON.parse(text.slice(newline + 1)) };
    };
    const impersonated = await relay({ type: 'impersonate', userId: '3' });
    const currentUser = await relay({ type: 'current-user' });
    const session = await (await fetch('/_fixture/session')).json();
    return { impersonated, currentUser, session };
  });

  expect(result.impersonated.status).toBe(200);
  expect(result.impersonated.type).toBe('application/vnd.kite.relay-frame');
  expect(result.impersonated.meta.status).toBe(200);
  expect(result.impersonated.body).toEqual({ id: 3, name: 'Alan Turing' });
  expect(result.currentUser.body).toEqual({ id: 2, name: 'Grace Hopper' });
  expect(result.session.user, 'impersonating never logs the browser in as someone else').toBe(2);
});

test('the Laravel host passes the protocol conformance suite', async () => {
  const { results } = await runConformance(`${ORIGIN}/http-client`);
  expect(results.length).toBeGreaterThan(10);
  expect(results.filter((result: { ok: boolean }) => !result.ok)).toEqual([]);
});
