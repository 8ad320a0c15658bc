// `kite export-test` as a user runs it (bin/kite.mjs on a real workspace folder), and the tests it
// writes run as their users run them: the node:test file with `node --test` against the demo API
// (a real Kite host on 127.0.0.1), the PHPUnit test in a Laravel 12 app (tests/php/laravel12.mjs)
// with the app's own vendor/bin/phpunit. Each passes as generated, a wrong expectation makes it fail,
// and a secret reaches the target from KITE_VAR_<name> without ever being written in the file.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKite } from './index.mjs';
import { runKite } from './testing/run-kite.mjs';
import { savedRequest as saved } from './testing/saved-request.mjs';
import { prepareLaravel12App, removeLaravel12App } from '../tests/php/laravel12.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'kite-export-test-'));
const PASSWORD = 'pw-9f8e7d6c5b';

const line = (source, path, operator, expected = '') => ({ source, path, operator, expected });

/** Writes a workspace folder: requests/NAME.json and environments/NAME.json. */
function workspace(name, requests, environment) {
  const folder = join(dir, name);
  mkdirSync(join(folder, 'requests'), { recursive: true });
  mkdirSync(join(folder, 'environments'), { recursive: true });
  for (const [file, content] of Object.entries(requests)) writeFileSync(join(folder, 'requests', `${file}.json`), JSON.stringify(content));
  writeFileSync(join(folder, 'environments', 'local.json'), JSON.stringify(environment));
  return folder;
}

/**
 * Runs a command to its end without blocking this process: the API under test (the demo) answers
 * from this very process's event loop.
 * @returns {Promise<{ status: number | null; stdout: string; stderr: string }>}
 */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('kite export-test --format node', () => {
  // The demo API: log in (a bearer token captured as a secret), ask who I am with it, create a user
  // whose password is a secret and whose age is a bare {{age}}, read the user back by its captured id.
  const folder = workspace(
    'node',
    {
      '1-login': saved({
        name: 'Log in',
        folder: 'Accounts',
        method: 'POST',
        url: '/login',
        captures: [{ variable: 'token', source: 'body', path: '$.data.token', secret: true }],
        assertions: [line('status', '', 'equals', '200'), line('body', '$.user.id', 'equals', '1'), line('header', 'Set-Cookie', 'exists')],
      }),
      '2-me': saved({
        name: 'Who am I',
        folder: 'Accounts',
        url: '/me',
        auth: { type: 'bearer', token: '{{token}}' },
        assertions: [line('body', '$.via', 'equals', 'bearer'), line('body', '$.user', 'type', 'object'), line('time', '', 'less-than', '10000')],
      }),
      '3-create': saved({
        name: 'Create user',
        folder: 'Accounts',
        method: 'POST',
        url: '{{baseUrl}}/users',
        body: { type: 'json', text: '{"first_name": "{{first}}", "last_name": "Lovelace", "email": "{{email}}", "age": {{age}}, "password": "{{password}}"}' },
        captures: [{ variable: 'userId', source: 'body', path: '$.data.id', secret: false }],
        assertions: [line('status', '', 'class', '2xx'), line('header', 'Location', 'matches', '^/demo/users/\\d+$'), line('body', '$.data.email', 'equals', '{{email}}')],
      }),
      '4-show': saved({
        name: 'Show user',
        folder: 'Accounts',
        url: '/users/{user}',
        pathParams: { user: '{{userId}}' },
        assertions: [line('body', '$.data.id', 'equals', '{{userId}}'), line('body', '$.data.age', 'equals', '36'), line('body', '$.data.first_name', 'matches', '^Aug'), line('body', '$.data', 'contains', 'email')],
      }),
    },
    { name: 'local', variables: { baseUrl: 'http://localhost:8080/demo', first: 'Augusta', email: 'augusta@example.com', age: '36', password: { value: '', secret: true } } },
  );
  let kite;
  beforeAll(async () => {
    kite = await startKite({ port: 0 });
  });
  afterAll(() => kite?.close());

  const runTest = (file) => run(process.execPath, ['--test', file], { env: { ...process.env, KITE_TARGET: `${kite.origin}/demo`, KITE_VAR_password: PASSWORD } });

  it('writes a node:test file that passes against the API as generated, the secret read from KITE_VAR_', async () => {
    const result = await runKite(['export-test', 'Accounts', '--format', 'node', '--workspace', folder, '--env', 'local', '--output', dir]);
    expect(result.stderr).toContain('as a node test');
    expect(result.code).toBe(0);
    const file = join(dir, 'accounts.test.mjs');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('process.env.KITE_VAR_password');
    expect(text).not.toContain(PASSWORD);
    const run = await runTest(file);
    expect(run.stdout + run.stderr).toMatch(/# pass 1/);
    expect(run.status).toBe(0);
  });

  it('fails where the API answers otherwise than the assertion expects', async () => {
    const login = JSON.parse(readFileSync(join(folder, 'requests/1-login.json'), 'utf8'));
    const wrong = { ...login, name: 'Log in as someone else', assertions: [...login.assertions, line('body', '$.user.id', 'greater-than', '40')] };
    writeFileSync(join(folder, 'requests/9-wrong.json'), JSON.stringify(wrong));
    const result = await runKite(['export-test', '9-wrong', '--format', 'node', '--workspace', folder, '--output', join(dir, 'wrong.test.mjs')]);
    expect(result.code).toBe(0);
    const run = await runTest(join(dir, 'wrong.test.mjs'));
    expect(run.stdout + run.stderr).toContain('$.user.id > 40, got 1');
    expect(run.status).not.toBe(0);
    rmSync(join(folder, 'requests/9-wrong.json'));
  });

  it('refuses a format it does not make, and no selection, as usage errors', async () => {
    const unknown = await runKite(['export-test', 'Accounts', '--format', 'jest', '--workspace', folder]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--format jest is not one Kite exports: use one of phpunit, pest, node');
    const none = await runKite(['export-test', 'Nowhere', '--format', 'node', '--workspace', folder]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Nowhere: no saved request file or folder of that name');
  });
});

describe('kite export-test --format phpunit|pest', () => {
  // The Laravel 12 test app's routes (tests/php/fixture/routes/api.php): create a user (a secret
  // password), read it back by the captured id, who am I as an impersonated user, then as a guest.
  const folder = workspace(
    'laravel',
    {
      '1-create': saved({
        name: 'Create user',
        folder: 'Users',
        method: 'POST',
        url: '/api/users',
        body: { type: 'json', text: '{"name": "{{name}}", "email": "{{email}}", "password": "{{password}}", "password_confirmation": "{{password}}", "tags": ["a", "b"]}' },
        captures: [{ variable: 'userId', source: 'body', path: '$.id', secret: false }],
        assertions: [
          line('status', '', 'equals', '201'),
          line('body', '$.name', 'equals', '{{name}}'),
          line('body', '$.id', 'type', 'integer'),
          line('header', 'Content-Type', 'matches', '^application/json'),
          line('schema', '', 'documented'),
        ],
      }),
      '2-show': saved({
        name: 'Show user',
        folder: 'Users',
        url: '/api/users/{user}',
        pathParams: { user: '{{userId}}' },
        assertions: [line('status', '', 'class', '2xx'), line('body', '$.id', 'equals', '{{userId}}'), line('body', '$.email', 'exists'), line('time', '', 'less-than', '10000')],
      }),
      '3-me': saved({
        name: 'Me as Ada',
        folder: 'Users',
        url: '/api/me',
        auth: { type: 'impersonate', userId: '{{adaId}}' },
        assertions: [line('status', '', 'equals', '200'), line('body', '$.name', 'equals', 'Ada Lovelace'), line('body', '$.id', 'less-than', '2')],
      }),
      '4-guest': saved({ name: 'Me as a guest', folder: 'Users', url: '/api/me', assertions: [line('status', '', 'equals', '401')] }),
      '5-list': saved({
        name: 'All users',
        folder: 'Users',
        url: '/api/users',
        assertions: [line('body', '$', 'length', '4'), line('body', '$[*].email', 'contains', '{{email}}'), line('body', '$[0].name', 'not-equals', 'Grace Hopper')],
      }),
    },
    { name: 'local', variables: { adaId: '1', name: 'Ada Byron', email: 'ada.byron@example.com', password: { value: '', secret: true } } },
  );
  let app;
  let prepared = false;
  beforeAll(() => {
    app = process.env.KITE_LARAVEL_APP;
    if (!app) {
      app = prepareLaravel12App();
      prepared = true;
    }
    // The slim skeleton's tests folder, which the prepared app leaves out (its tests are the package's).
    mkdirSync(join(app, 'tests/Feature'), { recursive: true });
    if (!existsSync(join(app, 'tests/TestCase.php'))) {
      writeFileSync(join(app, 'tests/TestCase.php'), '<?php\n\nnamespace Tests;\n\nuse Illuminate\\Foundation\\Testing\\TestCase as BaseTestCase;\n\nabstract class TestCase extends BaseTestCase\n{\n}\n');
    }
  }, 300_000);
  afterAll(() => {
    rmSync(join(app, 'tests/Feature/UsersTest.php'), { force: true });
    if (prepared) removeLaravel12App(app);
  });

  const phpunit = () => run(join(app, 'vendor/bin/phpunit'), ['tests/Feature/UsersTest.php'], { cwd: app, env: { ...process.env, KITE_VAR_password: PASSWORD } });

  it('writes a PHPUnit feature test that passes in the Laravel 12 app as generated', async () => {
    const result = await runKite(['export-test', 'Users', '--format', 'phpunit', '--workspace', folder, '--env', 'local', '--output', join(app, 'tests/Feature')]);
    expect(result.code).toBe(0);
    const text = readFileSync(join(app, 'tests/Feature/UsersTest.php'), 'utf8');
    expect(text).toContain("$password = env('KITE_VAR_password');");
    expect(text).toContain('$this->actingAs(User::find(');
    expect(text).toContain("$this->assertEquals($name, $response->json('name')");
    expect(text).not.toContain(PASSWORD);
    expect(result.stderr).toContain('the documented-schema assertion is left as a comment');
    const run = await phpunit();
    expect(run.stdout + run.stderr).toMatch(/OK \(1 test, \d+ assertions\)/);
    expect(run.status).toBe(0);
  });

  it('fails in the app where the response differs from a saved assertion', async () => {
    const wrong = JSON.parse(readFileSync(join(folder, 'requests/3-me.json'), 'utf8'));
    wrong.assertions.push(line('body', '$.name', 'equals', 'Grace Hopper'));
    writeFileSync(join(folder, 'requests/3-me.json'), JSON.stringify(wrong));
    const result = await runKite(['export-test', 'Users', '--format', 'phpunit', '--workspace', folder, '--env', 'local', '--output', join(app, 'tests/Feature')]);
    expect(result.code).toBe(0);
    const run = await phpunit();
    expect(run.stdout).toContain("'Grace Hopper'");
    expect(run.status).not.toBe(0);
    wrong.assertions.pop();
    writeFileSync(join(folder, 'requests/3-me.json'), JSON.stringify(wrong));
  });

  it('writes a Pest test of the same steps that PHP parses (Pest is not installed in the test app)', async () => {
    const result = await runKite(['export-test', 'Users', '--format', 'pest', '--workspace', folder, '--env', 'local', '--output', join(dir, 'UsersPest.php')]);
    expect(result.code).toBe(0);
    const text = readFileSync(join(dir, 'UsersPest.php'), 'utf8');
    expect(text).toContain("test('Users', function () {");
    expect(text).toContain('uses(RefreshDatabase::class);');
    const lint = spawnSync('php', ['-l', join(dir, 'UsersPest.php')], { encoding: 'utf8' });
    expect(lint.stdout).toContain('No syntax errors');
  });
});
