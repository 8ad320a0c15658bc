// A folder run (POST run, the loop kite run shares) with a saved request whose auth is Digest: the
// run answers the target's challenge as the relay does, and its events never hold the password.
// Needs the request model bundle (built here).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDigestTarget } from '../../protocol/conformance/digest-target.mjs';
import { serveHandler } from '../testing/loopback.mjs';
import { runEndpoint } from './run.mjs';

const root = new URL('../..', import.meta.url).pathname;
const PASSWORD = 'run-digest-pw';
let target;
let host;
let serveRun;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
  target = await startDigestTarget({ users: { ada: PASSWORD } });
  serveRun = runEndpoint({
    xsrf: { verify: (req) => req.headers['x-xsrf-token'] === 'ok', refuse: (res) => void res.writeHead(419).end('refused') },
    applications: () => [{ id: 'files', baseUrl: target.origin, routes: [] }],
    relayBases: (apps) => apps.map((app) => app.baseUrl),
    impersonateHeader: null,
    maxBodyBytes: 1024 * 1024,
    timeoutMs: 30_000,
    userAgent: 'Kite/test',
  });
  host = await serveHandler((req, res) => void serveRun(req, res));
});

afterAll(async () => {
  await host?.close();
  await target?.close();
  serveRun?.close();
});

describe('a run with Digest auth', { timeout: 60_000 }, () => {
  it('answers the challenge (200 where the password is right) and masks the password in every event', async () => {
    const file = { name: 'Report', folder: '', application: 'files', method: 'GET', url: '/report', pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'digest', username: '{{user}}', password: '{{pw}}' }, captures: [], assertions: [] };
    const response = await fetch(host.origin, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'ok' }, body: JSON.stringify({ requests: [{ path: 'requests/report.json', file }], variables: { user: 'ada', pw: PASSWORD }, secretNames: ['pw'] }) });
    const text = await response.text();
    const events = text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
    expect(events[0]).toMatchObject({ type: 'result', status: 200 });
    expect(target.requests.map((request) => request.authorization?.split(' ')[0] ?? 'none')).toEqual(['none', 'Digest']);
    expect(text).not.toContain(PASSWORD);
  });
});
