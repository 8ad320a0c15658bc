// @vitest-environment node
// HAR and cURL imports on real files: a HAR that Chromium records (Playwright's recordHar) of a
// page calling a loopback API, and a file of cURL commands that httpsnippet writes from its entries.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { HTTPSnippet } from 'httpsnippet-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../tests/chromium.mjs';
import { importSources } from './read';

const TOKEN = 'eyJ-recorded-bearer-token';
let server: Server;
let origin = '';
let harText = '';

const PAGE = `<!doctype html><script>
(async () => {
  await fetch('/api/users?page=1');
  await fetch('/api/users?page=2');
  await fetch('/api/users', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ${TOKEN}' }, body: JSON.stringify({ name: 'Ada' }) });
  await fetch('/api/login', { method: 'POST', body: new URLSearchParams({ email: 'ada@example.test', password: 'pw-in-form' }) });
  document.title = 'done';
})();
</script>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Set-Cookie': 'session=recorded-session-cookie; Path=/' });
      res.end(PAGE);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const harPath = join(mkdtempSync(join(tmpdir(), 'kite-har-')), 'recorded.har');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ recordHar: { path: harPath, content: 'embed' } });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.title === 'done');
  await context.close();
  await browser.close();
  harText = readFileSync(harPath, 'utf8');
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const apiEntries = () => (JSON.parse(harText).log.entries as Array<{ request: { url: string } }>).filter((entry) => entry.request.url.includes('/api/'));

describe('HAR import', () => {
  it('makes one request per method and path, in a folder named by the host, cookies and auth headers as secret variables', () => {
    const result = importSources([{ name: 'recorded.har', text: harText }]);
    const host = new URL(origin).host;
    const names = result.requests.map((request) => `${request.content.folder} ${request.content.name}`).sort();
    expect(names).toEqual([`${host} GET /`, `${host} GET /api/users`, `${host} POST /api/login`, `${host} POST /api/users`].sort());
    expect(result.report.converted).toContain(`GET ${origin}/api/users: 2 recorded entries, one request (the first recorded)`);
    const list = result.requests.find((request) => request.content.name === 'GET /api/users')!.content;
    expect(list.url).toBe(`${origin}/api/users`);
    expect(list.query).toEqual([{ name: 'page', value: '1', enabled: true }]);
    const create = result.requests.find((request) => request.content.name === 'POST /api/users')!.content;
    expect(create.body).toEqual({ type: 'json', text: '{"name":"Ada"}' });
    expect(create.headers).toContainEqual({ name: 'Authorization', value: '{{authorization}}', enabled: true });
    expect(create.headers).toContainEqual({ name: 'Cookie', value: '{{cookie}}', enabled: true });
    const login = result.requests.find((request) => request.content.name === 'POST /api/login')!.content;
    expect(login.body).toEqual({ type: 'form', fields: [{ name: 'email', value: 'ada@example.test', enabled: true }, { name: 'password', value: 'pw-in-form', enabled: true }] });
    const files = JSON.stringify([result.requests, result.environments]);
    expect(files).not.toContain(TOKEN);
    expect(files).not.toContain('recorded-session-cookie');
    expect(result.secrets).toContainEqual({ environment: 'recorded', name: 'authorization', value: `Bearer ${TOKEN}` });
    expect(result.secrets).toContainEqual({ environment: 'recorded', name: 'cookie', value: 'session=recorded-session-cookie' });
  });

  it('a HAR of another version is named as such', () => {
    const har = JSON.parse(harText);
    const result = importSources([{ name: 'future.har', text: JSON.stringify({ log: { ...har.log, version: '2.0' } }) }]);
    expect(result.report.skipped).toEqual([{ file: 'future.har', item: '', reason: 'a HAR file of version 2.0: Kite reads HAR 1.1 and 1.2' }]);
  });
});

describe('cURL file import', () => {
  it('reads every command of a file httpsnippet wrote, continued lines and all; a bad one is a report line', async () => {
    const commands = await Promise.all(apiEntries().map(async (entry) => (await new HTTPSnippet(entry.request as never).convert('shell', 'curl')) as string));
    const text = [...commands, 'curl --request BREW --url http://127.0.0.1/coffee', 'curl -H "X: 1"'].join('\n\n');
    const result = importSources([{ name: 'calls.sh', text }]);
    expect(result.requests.map((request) => request.content.name)).toEqual(['GET /api/users', 'GET /api/users (2)', 'POST /api/users', 'POST /api/login']);
    const create = result.requests[2].content;
    expect(create).toMatchObject({ method: 'POST', url: `${origin}/api/users`, body: { type: 'json', text: '{"name":"Ada"}' }, auth: { type: 'bearer', token: '{{token}}' } });
    expect(JSON.stringify(result.requests)).not.toContain(TOKEN);
    expect(result.report.skipped).toEqual([
      { file: 'calls.sh', item: 'command 5', reason: 'method BREW: Kite sends GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS' },
      { file: 'calls.sh', item: 'command 6', reason: 'The cURL command has no URL.' },
    ]);
  });
});
