import { describe, expect, it } from 'vitest';
import { holdsLiteral, isCredentialHeader, isCredentialRow, isReferenceOnly } from './credentials';
import { isSecretName } from './secret-names';

describe('credential detection', () => {
  it('knows credential headers and secret-looking names, and leaves ordinary names alone', () => {
    for (const name of ['Authorization', 'proxy-authorization', 'Cookie', 'Set-Cookie', 'X-Api-Key', 'X-Auth-Token', 'X-XSRF-TOKEN']) expect(isCredentialHeader(name), name).toBe(true);
    for (const name of ['api_key', 'apikey', 'accessToken', 'client_secret', 'password', 'passwd', 'session_id', 'X-CSRF-Token', 'refresh_tokens']) expect(isSecretName(name), name).toBe(true);
    for (const name of ['Accept', 'Content-Type', 'keyword', 'author_id', 'page', 'X-Trace', 'sort']) expect(isCredentialHeader(name), name).toBe(false);
  });

  it('counts a value as literal unless it is only {{variable}} references with a scheme word or cookie names', () => {
    expect(holdsLiteral('Basic dXNlcjpwYXNz')).toBe(true);
    expect(holdsLiteral('session=abc123; theme=dark')).toBe(true);
    expect(holdsLiteral('k_live_1')).toBe(true);
    expect(holdsLiteral('Bearer {{token}}')).toBe(false);
    expect(holdsLiteral('session={{session}}; csrf={{csrf}}')).toBe(false);
    expect(holdsLiteral('{{apiKey}}')).toBe(false);
    expect(holdsLiteral('')).toBe(false);
  });

  it('lets auth fields keep only whole references', () => {
    expect(isReferenceOnly('{{token}}')).toBe(true);
    expect(isReferenceOnly(' {{ user }}{{suffix}} ')).toBe(true);
    expect(isReferenceOnly('Bearer {{token}}')).toBe(false);
    expect(isReferenceOnly('abc')).toBe(false);
  });

  it('flags a credential row by its kind: any secret-looking name, and the credential headers', () => {
    expect(isCredentialRow('header', { name: 'Cookie', value: 'a=1' })).toBe(true);
    expect(isCredentialRow('query', { name: 'page', value: '2' })).toBe(false);
    expect(isCredentialRow('header', { name: 'Accept', value: 'text/plain' })).toBe(false);
    expect(isCredentialRow('query', { name: 'api_key', value: 'abc' })).toBe(true);
    expect(isCredentialRow('header', { name: 'X-Api-Key', value: '{{apiKey}}' })).toBe(false);
  });

  it("takes a query parameter named key, sig or signature for a credential (API keys in URLs, signed URLs), not a header or a longer name", () => {
    for (const name of ['key', 'KEY', 'sig', 'signature', ' Signature ']) expect(isCredentialRow('query', { name, value: 'AIzaSyA-1' })).toBe(true);
    expect(isCredentialRow('query', { name: 'key', value: '{{googleKey}}' })).toBe(false);
    expect(isCredentialRow('query', { name: 'sort_key', value: 'name' })).toBe(false);
    expect(isCredentialRow('header', { name: 'Key', value: 'abc' })).toBe(false);
  });
});
