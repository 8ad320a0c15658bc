// Authorization as real APIs declare and use it (issue 27): the schemes of an OpenAPI document in the
// Auth tab, an API key, and OAuth 2.0 against a real OAuth server (oauth2-mock-server on loopback):
// client credentials, the authorization code with PKCE through the popup and Kite's redirect page,
// an automatic refresh after expiry, and a token endpoint's refusal named without sending the request.
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startKiteHost } from '../../bench/support.mjs';
import { responseArea, routeButton, send } from './support/client-screen';

let oauth: OAuth2Server;
let api: Server;
let host: Awaited<ReturnType<typeof startKiteHost>>;
/** What the API received, newest last: its path and the credentials that came with it. */
const received: Array<{ path: string; key?: string; authorization?: string }> = [];
/** The grant of every token request the OAuth server answered. */
const grants: string[] = [];

/** The API: answers what credentials reached it; a bearer JWT past its `exp` is a 401, as a resource server does. */
function startApi(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const authorization = req.headers.authorization;
    received.push({ path: url.pathname, key: String(req.headers['x-api-key'] ?? url.searchParams.get('api_key') ?? '') || undefined, authorization });
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (url.pathname === '/pets') {
      let expired = !bearer;
      try {
        const payload = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8'));
        expired = expired || typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now() || revoked.has(bearer);
      } catch {
        expired = true;
      }
      res.writeHead(expired ? 401 : 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(expired ? { message: 'Unauthenticated.' } : { pets: ['Rex'], authorization: 'Bearer …' }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: url.pathname, key: req.headers['x-api-key'] ?? null }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
/** Tokens the API no longer accepts (a 401 before their expiry, as after a revocation). */
const revoked = new Set<string>();

test.beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  oauth.service.on('beforeResponse', (_response, req) => grants.push(String((req as unknown as { body: Record<string, string> }).body.grant_type)));
  // RS256 signatures are deterministic and the mock's claims change once a second: without an id of
  // its own, a token refreshed in the second its predecessor was revoked is that revoked token again.
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.jti = randomUUID();
  });
  api = await startApi();
  const issuer = oauth.issuer.url!;
  const document = {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/keyed': { get: { summary: 'Keyed', security: [{ ApiKeyAuth: [] }], responses: { 200: { description: 'OK' } } } },
      '/me': { get: { summary: 'Me', security: [{ BearerAuth: [] }], responses: { 200: { description: 'OK' } } } },
      '/pets': { get: { summary: 'Pets', security: [{ PetsOAuth: ['pets:read'] }], responses: { 200: { description: 'OK' } } } },
    },
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        PetsOAuth: {
          type: 'oauth2',
          flows: {
            authorizationCode: { authorizationUrl: `${issuer}/authorize`, tokenUrl: `${issuer}/token`, scopes: { 'pets:read': 'Read pets', 'pets:write': 'Change pets' } },
            clientCredentials: { tokenUrl: `${issuer}/token`, scopes: { 'pets:read': 'Read pets' } },
          },
        },
      },
    },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'kite-auth-')), 'pets.json');
  writeFileSync(file, JSON.stringify(document));
  // The token endpoint is allowed explicitly, as a relay target outside the API would be.
  host = await startKiteHost(['--openapi', file, '--target', `http://127.0.0.1:${(api.address() as AddressInfo).port}`, '--allow', issuer]);
});

test.afterAll(async () => {
  await host?.stop();
  await oauth?.stop();
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(null)));
});

const authType = (page: Page) => page.getByRole('combobox', { name: 'Authorization type' });
const tokenStatus = (page: Page) => page.getByRole('status', { name: 'OAuth 2.0 token' });

async function openAuth(page: Page, uri: string) {
  await routeButton(page, 'GET', uri).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(uri);
  await page.getByRole('tab', { name: 'Auth' }).click();
}

test('an OpenAPI document with apiKey, http bearer and oauth2 schemes offers them in the Auth tab, pre-filled, and each operation starts with its own', async ({ page }) => {
  await page.goto(host.url);
  await openAuth(page, '/keyed');
  await expect(authType(page).locator('optgroup[label="Declared by the API"] option')).toHaveText([
    'ApiKeyAuth — API key in header X-API-Key',
    'BearerAuth — Bearer Token (JWT)',
    'PetsOAuth — OAuth 2.0 (authorization code with PKCE)',
  ]);
  await expect(authType(page).locator('option:checked')).toHaveText('ApiKeyAuth — API key in header X-API-Key');
  await expect(page.getByRole('textbox', { name: 'API key name' })).toHaveValue('X-API-Key');
  await page.getByRole('textbox', { name: 'API key value' }).fill('key-123');
  await send(page);
  await expect(responseArea(page)).toContainText('"key": "key-123"');
  expect(received.at(-1)).toMatchObject({ path: '/keyed', key: 'key-123' });

  // The Docs panel names the scheme the route asks for.
  await page.getByRole('button', { name: /^Docs/ }).click();
  await expect(page.getByText('Authorization: ApiKeyAuth — API key in header X-API-Key', { exact: true })).toBeVisible();

  await openAuth(page, '/pets');
  await expect(authType(page).locator('option:checked')).toHaveText('PetsOAuth — OAuth 2.0 (authorization code with PKCE)');
  await expect(page.getByRole('textbox', { name: 'Token URL' })).toHaveValue(`${oauth.issuer.url}/token`);
  await expect(page.getByRole('textbox', { name: 'Authorization URL' })).toHaveValue(`${oauth.issuer.url}/authorize`);
  await expect(page.getByRole('textbox', { name: 'Scope' })).toHaveValue('pets:read');

  await openAuth(page, '/me');
  await expect(authType(page).locator('option:checked')).toHaveText('BearerAuth — Bearer Token (JWT)');
});

test('OAuth 2.0 client credentials: the token comes through the host, is shown with its expiry and scopes, and the request goes out with it', async ({ page }) => {
  await page.goto(host.url);
  await openAuth(page, '/pets');
  await page.getByRole('combobox', { name: 'OAuth 2.0 grant' }).selectOption({ label: 'Client credentials' });
  await page.getByRole('textbox', { name: 'Client ID' }).fill('kite-client');
  await page.getByRole('textbox', { name: 'Client secret' }).fill('s3cret');
  await page.getByRole('button', { name: 'Get new access token' }).click();
  await expect(tokenStatus(page)).toContainText(/Access token eyJ\S*…\S{4} · expires in 1 h · scopes: pets:read/);
  expect(grants.at(-1)).toBe('client_credentials');
  await send(page);
  await expect(responseArea(page)).toContainText('"Rex"');
  expect(received.at(-1)?.authorization).toMatch(/^Bearer eyJ/);
});

test('OAuth 2.0 authorization code with PKCE runs through the popup and Kite’s redirect page, and an expired token is refreshed before the request goes out', async ({ page }) => {
  await page.goto(host.url);
  await openAuth(page, '/pets');
  await page.getByRole('textbox', { name: 'Client ID' }).fill('kite-public');
  // The server's next token says it expires at once: the send must refresh it first.
  oauth.service.once('beforeResponse', (response) => {
    (response.body as Record<string, unknown>).expires_in = 0;
  });
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Get new access token' }).click();
  const signIn = await popup;
  // Kite's redirect page closes the popup as soon as it has handed the code over, which can be
  // before a 'close' listener is attached: wait on the popup's state, not on the event.
  await expect.poll(() => signIn.isClosed()).toBe(true);
  // The scopes shown are the ones the server granted (oauth2-mock-server grants "dummy" for a code).
  await expect(tokenStatus(page)).toContainText(/Access token eyJ\S*…\S{4} · expired 0 s ago · scopes: dummy · refreshable/);
  expect(grants.at(-1)).toBe('authorization_code');

  await send(page);
  await expect(responseArea(page)).toContainText('"Rex"');
  expect(grants.at(-1)).toBe('refresh_token');
  await expect(tokenStatus(page)).toContainText('expires in 1 h');

  // A 401 for a token that has not expired: refreshed once, sent once more.
  const bearer = received.at(-1)!.authorization!.slice(7);
  revoked.add(bearer);
  const before = grants.length;
  await send(page);
  // The first answer's "Rex" is on screen until the second one replaces it: wait for the call's own
  // state (the request sent again with a new token), not for text that is already there.
  await expect.poll(() => received.at(-1)?.authorization).not.toBe(`Bearer ${bearer}`);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await expect(responseArea(page)).toContainText('"Rex"');
  expect(grants.slice(before)).toEqual(['refresh_token']);
});

test('a token endpoint that refuses (invalid_client) is named with its error, and the request is not sent', async ({ page }) => {
  await page.goto(host.url);
  await openAuth(page, '/pets');
  await page.getByRole('combobox', { name: 'OAuth 2.0 grant' }).selectOption({ label: 'Client credentials' });
  await page.getByRole('textbox', { name: 'Client ID' }).fill('unknown-client');
  oauth.service.once('beforeResponse', (response) => {
    response.body = { error: 'invalid_client', error_description: 'Client authentication failed' };
    response.statusCode = 401;
  });
  const sentBefore = received.length;
  await send(page);
  await expect(responseArea(page)).toContainText(`The token endpoint ${oauth.issuer.url}/token refused the request (401 invalid_client: Client authentication failed).`);
  expect(received.length).toBe(sentBefore);
  await expect(page.getByRole('tabpanel', { name: 'Auth' }).getByRole('alert')).toHaveText(/invalid_client/);
});
