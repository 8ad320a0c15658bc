import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../../../../protocol/types';
import { defaultRequestState } from '../request/request-state';
import { authForRoute, declaredAuths, routeSchemeLabels } from './document-schemes';
import { clientProblem, tokenRequestForm } from './oauth-grants';
import { expiryText, isExpired, readTokenResponse } from './token-response';
import { authorizationRequest, readRedirect, s256Challenge } from './pkce';
import { readAuthSettings, savedAuthSettings } from './auth-settings';
import { exportedCredential } from './api-key';

const schemes: Record<string, SecurityScheme> = {
  key: { type: 'apiKey', in: 'query', name: 'api_key' },
  jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: { read: 'Read', write: 'Write' } } } },
};
const auth = () => defaultRequestState().auth;

describe('the schemes a document declares', () => {
  it('offers the route’s schemes first, pre-filled, then the document’s others', () => {
    const offered = declaredAuths({ security: [{ oauth: ['read'] }] }, schemes);
    expect(offered.map((item) => item.label)).toEqual(['oauth — OAuth 2.0 (client credentials)', 'key — API key in query api_key', 'jwt — Bearer Token (JWT)']);
    expect(offered[0].auth).toEqual({ type: 'oauth2', grant: 'client_credentials', tokenUrl: 'https://auth.test/token', authorizationUrl: '', scope: 'read', scheme: 'oauth' });
    expect(routeSchemeLabels({ security: [{ key: [] }] }, schemes)).toEqual(['key — API key in query api_key']);
  });

  it('starts an operation that declares security with its first scheme, keeping an auth the route accepts', () => {
    expect(authForRoute(auth(), { security: [{ key: [] }] }, schemes)).toMatchObject({ type: 'api-key', keyIn: 'query', keyName: 'api_key', token: '' });
    const chosen = { ...auth(), type: 'bearer' as const, scheme: 'jwt', token: 't' };
    expect(authForRoute(chosen, { security: [{ key: [] }, { jwt: [] }] }, schemes)).toBe(chosen);
    expect(authForRoute(chosen, { security: [] }, schemes)).toBe(chosen);
    expect(authForRoute(chosen, undefined, schemes)).toBe(chosen);
  });
});

describe('OAuth 2.0 token requests and answers', () => {
  const client = { tokenUrl: 'https://auth.test/token', clientId: 'kite', clientSecret: 's', scope: 'read' };

  it('builds the form of each grant, the PKCE verifier with the code', () => {
    expect(tokenRequestForm(client, { grant: 'client_credentials' })).toEqual([
      { name: 'grant_type', value: 'client_credentials' },
      { name: 'scope', value: 'read' },
      { name: 'client_id', value: 'kite' },
      { name: 'client_secret', value: 's' },
    ]);
    expect(tokenRequestForm({ ...client, clientSecret: '' }, { grant: 'authorization_code', code: 'c', codeVerifier: 'v', redirectUri: 'https://kite/cb' })).toEqual([
      { name: 'grant_type', value: 'authorization_code' },
      { name: 'code', value: 'c' },
      { name: 'redirect_uri', value: 'https://kite/cb' },
      { name: 'code_verifier', value: 'v' },
      { name: 'client_id', value: 'kite' },
    ]);
    expect(clientProblem({ ...client, tokenUrl: '/token' }, 'client_credentials')).toBe("The token URL must be a full http(s) URL, not '/token'");
  });

  it('reads a token with its expiry, and names the endpoint and the error otherwise', () => {
    const ok = readTokenResponse(client.tokenUrl, { status: 200, contentType: 'application/json', body: '{"access_token":"abc","expires_in":60,"refresh_token":"r"}' }, 1000, 'read');
    expect(ok).toEqual({ ok: true, token: { accessToken: 'abc', tokenType: 'Bearer', expiresAt: 61000, refreshToken: 'r', scope: 'read', obtainedAt: 1000 } });
    expect(readTokenResponse(client.tokenUrl, { status: 400, contentType: 'application/json', body: '{"error":"invalid_grant"}' }, 0)).toEqual({
      ok: false,
      message: 'The token endpoint https://auth.test/token refused the request (400 invalid_grant).',
    });
    expect(readTokenResponse(client.tokenUrl, { status: 200, contentType: 'text/html', body: '<!doctype html><p>Login</p>' }, 0)).toEqual({
      ok: false,
      message: 'The token endpoint https://auth.test/token answered 200 with an HTML page, not a token (JSON).',
    });
    expect(readTokenResponse(client.tokenUrl, { status: 200, contentType: 'application/json', body: '{}' }, 0)).toMatchObject({ ok: false, message: expect.stringContaining('without an access_token') });
  });

  it('counts a token as expired a little before its stated expiry, and says when', () => {
    expect(isExpired({ expiresAt: 10_000 }, 4_000)).toBe(false);
    expect(isExpired({ expiresAt: 10_000 }, 6_000)).toBe(true);
    expect(isExpired({ expiresAt: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(expiryText({ expiresAt: 3_600_000 }, 0)).toBe('expires in 1 h');
    expect(expiryText({ expiresAt: 0 }, 3000)).toBe('expired 3 s ago');
  });
});

describe('PKCE and state', () => {
  it('derives the S256 challenge: BASE64URL(SHA-256(verifier)), as Node’s own hash says', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r7wW1gFWFOEjXk';
    expect(await s256Challenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('sends a fresh state and challenge, and refuses a redirect with another state', async () => {
    const request = await authorizationRequest({ authorizationUrl: 'https://auth.test/authorize', clientId: 'kite', scope: 'read', redirectUri: 'https://kite.test/cb' });
    const url = new URL(request.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(await s256Challenge(request.codeVerifier));
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readRedirect(`https://kite.test/cb?code=c&state=${request.state}`, request.state)).toEqual({ ok: true, code: 'c' });
    expect(readRedirect('https://kite.test/cb?code=c&state=other', request.state)).toMatchObject({ ok: false, message: expect.stringContaining('refused') });
    expect(readRedirect(`https://kite.test/cb?error=access_denied&state=${request.state}`, request.state)).toEqual({ ok: false, message: 'The authorization server refused: access_denied' });
  });
});

describe('auth settings in files and exports', () => {
  it('keeps the public settings of its type, never a credential, and reads back only well-formed ones', () => {
    const apiKey = { ...auth(), type: 'api-key' as const, keyIn: 'header' as const, keyName: 'X-Key', token: 'secret', tokenUrl: 'https://stale' };
    expect(savedAuthSettings(apiKey)).toEqual({ keyIn: 'header', keyName: 'X-Key' });
    expect(readAuthSettings({ keyIn: 'body', grant: 'implicit', clientId: 'kite', token: 'x' })).toEqual({ clientId: 'kite' });
  });

  it('puts an API key where it goes in an exported request', () => {
    const key = { type: 'api-key' as const, name: 'api_key', value: 'k' };
    expect(exportedCredential({ ...key, in: 'query' }, '{{token}}')).toEqual({ in: 'query', name: 'api_key', value: '{{token}}' });
    expect(exportedCredential({ ...key, in: 'cookie' }, 'k')).toEqual({ in: 'header', name: 'Cookie', value: 'api_key=k' });
    expect(exportedCredential({ ...key, in: 'header' }, 'k')).toEqual({ in: 'header', name: 'api_key', value: 'k' });
    expect(exportedCredential({ type: 'bearer', token: 't' }, 't')).toBeNull();
  });
});
