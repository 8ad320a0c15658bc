// The OAuth 2.0 device code grant (RFC 8628, issue 27) against a real OAuth server: oidc-provider on
// loopback with its device flow and development sign-in pages. Kite asks for a device code through
// its host, shows the code and the verification page, and polls; a second page signs in there as a
// person would; the token then goes out with the request. Cancel stops the polling.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { startKiteHost } from '../../bench/support.mjs';
import { pickRoute, responseArea, send } from './support/client-screen';

let issuerServer: Server;
let api: Server;
let issuer = '';
let host: Awaited<ReturnType<typeof startKiteHost>>;
/** The grant type of every token request oidc-provider answered. */
const polls: string[] = [];

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

test.beforeAll(async () => {
  issuerServer = createServer();
  issuer = await listen(issuerServer);
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'kite-tv', token_endpoint_auth_method: 'none', grant_types: ['urn:ietf:params:oauth:grant-type:device_code'], response_types: [], redirect_uris: [] }],
    features: { deviceFlow: { enabled: true }, devInteractions: { enabled: true } },
  });
  provider.on('grant.success', (ctx) => polls.push(String(ctx.oidc.params?.grant_type)));
  provider.on('grant.error', (ctx) => polls.push(String(ctx.oidc.params?.grant_type)));
  issuerServer.on('request', provider.callback());

  api = createServer((req, res) => {
    res.writeHead(req.headers.authorization ? 200 : 401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ authorization: req.headers.authorization?.split(' ')[0] ?? null }));
  });
  const apiOrigin = await listen(api);
  const document = { openapi: '3.1.0', info: { title: 'TV', version: '1' }, paths: { '/shows': { get: { summary: 'Shows', responses: { 200: { description: 'OK' } } } } } };
  const file = join(mkdtempSync(join(tmpdir(), 'kite-device-')), 'tv.json');
  writeFileSync(file, JSON.stringify(document));
  host = await startKiteHost(['--openapi', file, '--target', apiOrigin, '--allow', issuer]);
});

test.afterAll(async () => {
  await host?.stop();
  for (const server of [issuerServer, api]) {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  }
});

async function deviceCodeAuth(page: Page) {
  await page.goto(host.url);
  await pickRoute(page, 'GET', '/shows');
  await page.getByRole('tab', { name: 'Auth' }).click();
  await page.getByRole('combobox', { name: 'Authorization type' }).selectOption({ label: 'OAuth 2.0' });
  await page.getByRole('combobox', { name: 'OAuth 2.0 grant' }).selectOption({ label: 'Device code' });
  await page.getByRole('textbox', { name: 'Device authorization URL' }).fill(`${issuer}/device/auth`);
  await page.getByRole('textbox', { name: 'Token URL' }).fill(`${issuer}/token`);
  await page.getByRole('textbox', { name: 'Client ID' }).fill('kite-tv');
  await page.getByRole('textbox', { name: 'Scope' }).fill('openid');
}

test('OAuth 2.0 device code: Kite shows the code and the verification page, polls while the person signs in elsewhere, and sends with the token', async ({ page, context }) => {
  await deviceCodeAuth(page);
  await page.getByRole('button', { name: 'Get new access token' }).click();
  const signIn = page.getByRole('group', { name: 'Device sign-in' });
  const link = signIn.getByRole('link');
  await expect(link).toHaveText(`${issuer}/device`);
  const userCode = (await signIn.locator('code').innerText()).trim();
  expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  await page.screenshot({ path: join(tmpdir(), 'kite-device-code.png') });

  // The person, on another page: the verification page, the code, sign-in, consent.
  const person = await context.newPage();
  await person.goto(`${issuer}/device`);
  await person.locator('input[name="user_code"]').fill(userCode);
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(person.getByRole('heading', { name: 'Confirm Device' })).toBeVisible();
  await person.getByRole('button', { name: 'Continue' }).click();
  await person.locator('input[name="login"]').fill('ada');
  await person.locator('input[name="password"]').fill('any');
  await person.getByRole('button', { name: 'Sign-in' }).click();
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(person.getByRole('heading', { name: 'Sign-in Success' })).toBeVisible();

  await expect(page.getByRole('status', { name: 'OAuth 2.0 token' })).toContainText(/Access token \S+ · expires in/, { timeout: 30_000 });
  await expect(signIn).toBeHidden();
  expect(polls.filter((grant) => grant === 'urn:ietf:params:oauth:grant-type:device_code').length).toBeGreaterThanOrEqual(1);
  await send(page);
  await expect(responseArea(page)).toContainText('"authorization": "Bearer"');
});

test('Cancel stops polling for a device code nobody enters', async ({ page }) => {
  await deviceCodeAuth(page);
  await page.getByRole('button', { name: 'Get new access token' }).click();
  await expect(page.getByRole('group', { name: 'Device sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('group', { name: 'Device sign-in' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Get new access token' })).toBeEnabled();
  await expect(page.getByRole('status', { name: 'OAuth 2.0 token' })).toContainText('No access token in this environment yet.');
});
