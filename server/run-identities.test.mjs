// `kite run` checks a saved request's "Send as…" identities (the authorization assertions: guest
// 401, a {{token}} 200, another environment's token 403): each is sent once to a real loopback
// target and its status checked; one a runner cannot send (a user by id) fails with why; the
// token's value reaches the target but no output.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKite } from './testing/run-kite.mjs';
import { createWorkspace } from './workspace.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'kite-run-identities-'));
const workspaceFolder = join(dir, 'workspace');
const ADMIN_TOKEN = 'adm_4b3c2d1e';
const READER_TOKEN = 'rd_9a8b7c';

const saved = (patch) => ({ name: 'Request', folder: '', application: 'default', method: 'GET', url: '/', pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'none' }, captures: [], assertions: [], ...patch });

let target;
/** Authorization headers the target received. */
const seen = [];

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
  // /admin/report: 401 without a token, 200 for the admin's, 403 for any other.
  target = http.createServer((req, res) => {
    const auth = req.headers.authorization;
    seen.push(String(auth));
    const status = !auth ? 401 : auth === `Bearer ${ADMIN_TOKEN}` ? 200 : 403;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status }));
  });
  await new Promise((resolve) => target.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${target.address().port}`;
  const workspace = createWorkspace(workspaceFolder);
  await workspace.write('environments/local.json', { name: 'local', variables: { baseUrl, token: { value: '', secret: true } } });
  // The reader environment keeps its (non-secret, test-only) token in the file: sent in that environment, it is refused.
  await workspace.write('environments/reader.json', { name: 'reader', variables: { baseUrl, token: READER_TOKEN } });
  await workspace.write(
    'requests/report.json',
    saved({
      name: 'Admin report',
      url: '/admin/report',
      auth: { type: 'bearer', token: '{{token}}' },
      identities: [
        { kind: 'guest', expectStatus: 401 },
        { kind: 'token', token: '{{token}}', expectStatus: 200 },
        { kind: 'environment', environment: 'reader', expectStatus: 200 },
        { kind: 'user', userId: '3', expectStatus: 403 },
        { kind: 'guest' },
      ],
    }),
  );
});

afterAll(() => {
  target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('kite run with a saved identity list', () => {
  it('sends each identity with an expected status once and reports every one that is not met, never printing a token', async () => {
    const output = join(dir, 'out');
    const before = seen.length;
    const { code, stdout } = await runKite(['run', 'report', '--workspace', workspaceFolder, '--env', 'local', '--reporter', 'cli,json', '--output', output], { env: { ...process.env, KITE_VAR_token: ADMIN_TOKEN } });
    expect(code).toBe(1);
    // The request itself, then guest, the token, and the reader environment (the user by id is not sent).
    expect(seen.slice(before)).toEqual([`Bearer ${ADMIN_TOKEN}`, 'undefined', `Bearer ${ADMIN_TOKEN}`, `Bearer ${READER_TOKEN}`]);
    const report = JSON.parse(readFileSync(join(output, 'kite-report.json'), 'utf8'));
    const messages = report.requests[0].assertions.map((line) => `${line.passed ? 'pass' : 'FAIL'} ${line.message}`);
    expect(messages).toEqual([
      'pass As Guest: status equals 401',
      'pass As Token {{token}}: status equals 200',
      'FAIL As Environment reader: Expected status equals 200, got 403',
      'FAIL As User #3: a runner has no browser session and impersonates no one; Send as… in the app checks it',
    ]);
    expect(stdout).toContain('As User #3: a runner has no browser session');
    expect(stdout + readFileSync(join(output, 'kite-report.json'), 'utf8')).not.toContain(ADMIN_TOKEN);
  });
});
