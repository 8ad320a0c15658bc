// `kite run` as a user runs it (bin/kite.mjs, a real workspace folder, a real loopback target):
// exit codes, a value captured by one request used by the next, the JUnit file read back by
// junit2json, and a secret given as KITE_VAR_<name> that reaches the target but no output or report.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKite } from './testing/run-kite.mjs';
import { savedRequest as saved } from './testing/saved-request.mjs';
import { createWorkspace } from './workspace.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'kite-run-'));
const workspaceFolder = join(dir, 'workspace');
const API_TOKEN = 'tok_live_5f4e3d2c1b';
const SESSION = 'sess-8c7b6a';


// The target: /login wants the bearer token and answers a session (echoing the token in a header,
// as careless APIs do); /profile answers only to that session.
let target;
let baseUrl;
/** Authorization headers the target received. */
const seen = [];

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
  target = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://target');
    const json = (status, value, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/login') {
      seen.push(String(req.headers.authorization));
      if (req.headers.authorization !== `Bearer ${API_TOKEN}`) return json(401, { message: 'Unauthenticated.' });
      return json(200, { session: SESSION, user: { id: 7 } }, { 'X-Echo': API_TOKEN });
    }
    if (url.pathname === '/profile') {
      if (url.searchParams.get('session') !== SESSION) return json(403, { message: 'No session' });
      return json(200, { id: 7, name: 'Ada' });
    }
    if (url.pathname === '/pets/1') return json(200, { id: 1, name: 'Rex' });
    if (url.pathname === '/pets/2') return json(200, { id: 'two', name: 'Tom' });
    json(404, { message: 'Not found' });
  });
  await new Promise((resolve) => target.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${target.address().port}`;

  const workspace = createWorkspace(workspaceFolder);
  await workspace.write('environments/local.json', { name: 'Local', variables: { baseUrl, apiToken: { value: '', secret: true } } });
  await workspace.write(
    'requests/01-login.json',
    saved({
      name: 'Log in',
      folder: 'account',
      method: 'POST',
      url: '/login',
      auth: { type: 'bearer', token: '{{apiToken}}' },
      captures: [{ variable: 'session', source: 'body', path: '$.session', secret: false }],
      assertions: [
        { source: 'status', path: '', operator: 'equals', expected: '200' },
        { source: 'header', path: 'X-Echo', operator: 'equals', expected: '{{apiToken}}' },
      ],
    }),
  );
  // The profile, sent with the captured session, checked by two lines.
  const profile = (name, folder, [status, expectedName]) =>
    saved({
      name,
      folder,
      url: '/profile',
      query: [{ name: 'session', value: '{{session}}', enabled: true }],
      assertions: [
        { source: 'status', path: '', ...status },
        { source: 'body', path: '$.name', operator: 'equals', expected: expectedName },
      ],
    });
  await workspace.write('requests/02-profile.json', profile('Profile', 'account', [{ operator: 'class', expected: '2xx' }, 'Ada']));
  await workspace.write('requests/03-profile-wrong.json', profile('Profile, wrong name', 'broken', [{ operator: 'equals', expected: '403' }, 'Grace']));
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const withSecret = { env: { ...process.env, KITE_VAR_apiToken: API_TOKEN } };

// Each run starts a Node process: seconds on a busy machine.
describe('kite run', { timeout: 120_000 }, () => {
  it('runs a folder in file-name order, the session captured by the first request sent by the second, and exits 0 when all passed', async () => {
    const output = join(dir, 'out-pass');
    const { code, stdout, stderr } = await runKite(['run', 'account', '--workspace', workspaceFolder, '--env', 'local', '--reporter', 'cli,json', '--output', output], withSecret);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('[1/2] PASS Log in — POST');
    expect(stdout).toContain('[2/2] PASS Profile — GET');
    expect(stdout).toContain('2 requests, 4 assertions: 4 passed, 0 failed');
    const report = JSON.parse(readFileSync(join(output, 'kite-report.json'), 'utf8'));
    expect(report.totals).toMatchObject({ requests: 2, assertions: 4, passed: 4, failed: 0, errors: 0 });
    expect(report.requests.map((request) => [request.file, request.status])).toEqual([
      ['requests/01-login.json', 200],
      ['requests/02-profile.json', 200],
    ]);
    // The captured session went out on the second request's query.
    expect(report.requests[1].url).toBe(`${baseUrl}/profile?session=${SESSION}`);
  });

  it('exits 1 when an assertion fails, and the JUnit file, read back by junit2json, has its expected and actual values', async () => {
    const output = join(dir, 'out-fail');
    const { code, stdout, stderr } = await runKite(['run', '--workspace', workspaceFolder, '--env', 'Local', '--reporter', 'cli,junit,json', '--output', output], withSecret);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('[3/3] FAIL Profile, wrong name');
    expect(stdout).toContain('3 requests, 6 assertions: 4 passed, 2 failed');
    const junit = await parse(readFileSync(join(output, 'kite-junit.xml'), 'utf8'));
    expect(junit).toMatchObject({ tests: 6, failures: 2, errors: 0 });
    expect(junit.testsuite.map((suite) => [suite.name, suite.tests, suite.failures])).toEqual([
      ['requests/01-login.json', 2, 0],
      ['requests/02-profile.json', 2, 0],
      ['requests/03-profile-wrong.json', 2, 2],
    ]);
    const failures = junit.testsuite[2].testcase.map((testcase) => testcase.failure?.[0]?.inner);
    expect(failures[0]).toContain('Expected: 403');
    expect(failures[0]).toContain('Actual: 200');
    expect(failures[1]).toContain('Expected: Grace');
    expect(failures[1]).toContain('Actual: Ada');
  });

  it('--bail stops at the first request that failed', async () => {
    const { code, stdout } = await runKite(['run', 'broken', 'account', '--workspace', workspaceFolder, '--env', 'local', '--bail'], { env: { ...process.env, KITE_VAR_apiToken: 'wrong-token' } });
    expect(code).toBe(1);
    expect(stdout).toContain('[1/3] FAIL Log in');
    expect(stdout).not.toContain('[2/3]');
    expect(stdout).toContain('1 request, 2 assertions: 0 passed, 2 failed');
  });

  it('takes the secret from KITE_VAR_, sends it, and never prints or writes its value', async () => {
    const output = join(dir, 'out-secret');
    const before = seen.length;
    const { code, stdout, stderr } = await runKite(['run', 'account', '--workspace', workspaceFolder, '--env', 'local', '--reporter', 'cli,junit,json', '--output', output], withSecret);
    expect(code).toBe(0);
    expect(seen.slice(before)).toEqual([`Bearer ${API_TOKEN}`]);
    const written = [stdout, stderr, readFileSync(join(output, 'kite-junit.xml'), 'utf8'), readFileSync(join(output, 'kite-report.json'), 'utf8')];
    for (const text of written) expect(text).not.toContain(API_TOKEN);
    // The header assertion's actual value (the token, echoed) shows as its reference.
    const report = JSON.parse(written[3]);
    expect(report.requests[0].assertions[1]).toMatchObject({ path: 'X-Echo', expected: '{{apiToken}}', actual: '{{apiToken}}', passed: true });
    // The workspace holds no value for it.
    expect(readFileSync(join(workspaceFolder, 'environments', 'local.json'), 'utf8')).not.toContain(API_TOKEN);
  });

  it('without the secret, the request stops before it is sent, naming the variable', async () => {
    const before = seen.length;
    const env = { ...process.env };
    delete env.KITE_VAR_apiToken;
    const { code, stdout } = await runKite(['run', '01-login', '--workspace', workspaceFolder, '--env', 'local'], { env });
    expect(code).toBe(1);
    expect(stdout).toContain('The variable {{apiToken}} has no value');
    expect(seen.length).toBe(before);
  });

  it("sends the folder's auth for a request saved as inherit, and nothing for one that overrides it with None", async () => {
    const folder = join(dir, 'inheriting');
    const workspace = createWorkspace(folder);
    await workspace.write('environments/local.json', { name: 'Local', variables: { baseUrl, apiToken: { value: '', secret: true } } });
    await workspace.write('folders/account.json', { folder: 'account', auth: { type: 'bearer', token: '{{apiToken}}' } });
    await workspace.write('requests/01-inherits.json', saved({ name: 'Inherits', folder: 'account', method: 'POST', url: '/login', auth: { type: 'inherit' } }));
    await workspace.write('requests/02-none.json', saved({ name: 'Overrides with None', folder: 'account', method: 'POST', url: '/login', auth: { type: 'none' } }));
    const before = seen.length;
    const { code, stdout } = await runKite(['run', '--workspace', folder, '--env', 'local'], withSecret);
    expect(seen.slice(before)).toEqual([`Bearer ${API_TOKEN}`, 'undefined']);
    expect(stdout).toContain('PASS Inherits — POST');
    expect(code).toBe(0);
    expect(readFileSync(join(folder, 'folders', 'account.json'), 'utf8')).not.toContain(API_TOKEN);
  });

  it('checks a body against the route documented in --openapi FILE, with ajv, its $refs resolved', async () => {
    const folder = join(dir, 'schema-workspace');
    const workspace = createWorkspace(folder);
    const pet = (id) => saved({ name: `Pet ${id}`, url: '/pets/{id}', pathParams: { id }, assertions: [{ source: 'schema', path: '', operator: 'documented', expected: '' }] });
    await workspace.write('requests/pet-1.json', pet('1'));
    await workspace.write('requests/pet-2.json', pet('2'));
    const openapi = join(dir, 'pets.openapi.json');
    writeFileSync(
      openapi,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Pets', version: '1' },
        paths: {
          '/pets/{id}': {
            get: {
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
              responses: { 200: { description: 'A pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
            },
          },
        },
        components: { schemas: { Pet: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } } },
      }),
    );
    const output = join(dir, 'out-schema');
    const { code, stdout, stderr } = await runKite(['run', '--workspace', folder, '--target', baseUrl, '--openapi', openapi, '--reporter', 'cli,json', '--output', output]);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const report = JSON.parse(readFileSync(join(output, 'kite-report.json'), 'utf8'));
    expect(report.requests.map((request) => request.assertions[0].passed)).toEqual([true, false]);
    expect(report.requests[0].assertions[0].actual).toBe('matches 200');
    expect(report.requests[1].assertions[0].message).toContain('/id must be integer');
    expect(stdout).toContain('2 requests, 2 assertions: 1 passed, 1 failed');
  });

  it('--help shows how to run, and exits 0', async () => {
    const { code, stdout } = await runKite(['run', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('kite run [FOLDER|FILE…]');
    expect(stdout).toContain('KITE_VAR_<name>');
  });

  it('exits 2 with a message naming a file that is missing or not valid JSON', async () => {
    const missing = await runKite(['run', 'requests/nope.json', '--workspace', workspaceFolder, '--env', 'local'], withSecret);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('kite run: requests/nope.json: no saved request file or folder of that name');
    expect(missing.stdout).toBe('');

    const noEnvironment = await runKite(['run', '--workspace', workspaceFolder, '--env', 'staging'], withSecret);
    expect(noEnvironment.code).toBe(2);
    expect(noEnvironment.stderr).toContain('environments/staging.json');

    const broken = join(dir, 'broken-workspace');
    const workspace = createWorkspace(broken);
    await workspace.write('requests/ok.json', saved({ name: 'OK' }));
    writeFileSync(join(broken, 'requests', 'bad.json'), '{"name": "Bad",\n  "url": }');
    const invalid = await runKite(['run', '--workspace', broken, '--target', baseUrl]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('requests/bad.json is not valid JSON');
  });
});

// --data and --secrets, on a workspace of their own: a pet read once per row of a data file, and
// the login whose token comes from a secrets file.
describe('kite run --data and --secrets', { timeout: 120_000 }, () => {
  const folder = join(dir, 'rows-workspace');
  const files = join(dir, 'files');
  beforeAll(async () => {
    const workspace = createWorkspace(folder);
    await workspace.write('environments/local.json', { name: 'Local', variables: { baseUrl, apiToken: { value: '', secret: true } } });
    await workspace.write('requests/pet.json', saved({ name: 'Pet', folder: 'pets', url: '/pets/{{petId}}', assertions: [{ source: 'body', path: '$.name', operator: 'equals', expected: '{{petName}}' }] }));
    await workspace.write(
      'requests/login.json',
      saved({ name: 'Log in', folder: 'account', method: 'POST', url: '/login', auth: { type: 'bearer', token: '{{apiToken}}' }, assertions: [{ source: 'status', path: '', operator: 'equals', expected: '200' }] }),
    );
    mkdirSync(files, { recursive: true });
  });
  const write = (name, text) => {
    writeFileSync(join(files, name), text);
    return join(files, name);
  };
  /** The run with this process's environment minus any KITE_VAR_ it may have, plus `env`. */
  const kite = (args, env = {}) =>
    runKite(['run', ...args, '--workspace', folder, '--env', 'local'], { env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('KITE_VAR_'))), ...env } });

  it('--data rows.csv runs the folder once per row, the row values as variables', async () => {
    const rows = write('pets.csv', 'petId,petName\n1,Rex\n2,"Tom"\n');
    const output = join(dir, 'out-rows');
    const { code, stdout, stderr } = await kite(['pets', '--data', rows, '--reporter', 'cli,json', '--output', output]);
    expect(stderr).toBe('');
    expect(stdout).toContain('[1/1 row 1/2] PASS Pet (row 1) — GET');
    expect(stdout).toContain('[1/1 row 2/2] PASS Pet (row 2) — GET');
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(output, 'kite-report.json'), 'utf8'));
    expect(report.requests.map((request) => request.url)).toEqual([`${baseUrl}/pets/1`, `${baseUrl}/pets/2`]);
  });

  it('--data rows.json works the same, and a row whose value differs fails with exit 1', async () => {
    const rows = write('pets.json', JSON.stringify([{ petId: 1, petName: 'Rex' }, { petId: 2, petName: 'Rex' }]));
    const { code, stdout } = await kite(['pets', '--data', rows]);
    expect(stdout).toContain('PASS Pet (row 1)');
    expect(stdout).toContain('FAIL Pet (row 2)');
    expect(code).toBe(1);
  });

  it('a malformed data file is a usage error naming the file and the line (exit 2), and nothing is sent', async () => {
    const csv = write('broken.csv', 'petId,petName\n1,Rex\n2\n');
    const broken = await kite(['pets', '--data', csv]);
    expect(broken.stderr).toContain(`kite run: --data ${csv} line 3: 1 values, but the header names 2 columns`);
    expect(broken.stdout).toBe('');
    expect(broken.code).toBe(2);
    const json = write('broken.json', '[{"petId": 1}, 2]');
    const notRows = await kite(['pets', '--data', json]);
    expect(notRows.stderr).toContain(`${json}: row 2 is not an object`);
    expect(notRows.code).toBe(2);
    const missing = await kite(['pets', '--data', join(files, 'none.csv')]);
    expect(missing.stderr).toContain('none.csv: no such file');
    expect(missing.code).toBe(2);
  });

  it('--secrets FILE (dotenv or JSON) gives the secret, never printed; KITE_VAR_ wins over it', async () => {
    const dotenv = write('ci.env', `# CI secrets\nexport KITE_VAR_apiToken="${API_TOKEN}" # the API's token\n`);
    const passed = await kite(['account', '--secrets', dotenv, '--reporter', 'cli,junit', '--output', join(dir, 'out-secrets')]);
    expect(passed.stdout).toContain('PASS Log in');
    expect(passed.code).toBe(0);
    expect(passed.stdout + passed.stderr + readFileSync(join(dir, 'out-secrets', 'kite-junit.xml'), 'utf8')).not.toContain(API_TOKEN);
    const json = write('ci.json', JSON.stringify({ apiToken: API_TOKEN }));
    expect((await kite(['account', '--secrets', json])).code).toBe(0);
    // A wrong value in the environment wins over the file's right one: the target refuses it.
    const overridden = await kite(['account', '--secrets', json], { KITE_VAR_apiToken: 'tok_wrong' });
    expect(overridden.stdout).toContain('FAIL Log in');
    expect(overridden.code).toBe(1);
  });

  it('a malformed secrets file, or one in the workspace, is a usage error that names the line but never a value', async () => {
    const broken = write('broken.env', `apiToken=${API_TOKEN}\nthis line has no equals sign\n`);
    const result = await kite(['account', '--secrets', broken]);
    expect(result.stderr).toContain(`kite run: --secrets ${broken} line 2: expected NAME=value`);
    expect(result.stderr).not.toContain(API_TOKEN);
    expect(result.code).toBe(2);
    writeFileSync(join(folder, 'secrets.env'), `apiToken=${API_TOKEN}\n`);
    const inWorkspace = await kite(['account', '--secrets', join(folder, 'secrets.env')]);
    expect(inWorkspace.stderr).toContain('lies in the workspace');
    expect(inWorkspace.code).toBe(2);
  });
});
