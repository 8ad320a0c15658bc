import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow, type RequestState } from '../request/request-state';
import { chosenNamesProblem, credentialsToReplace, replacedSummary, replacementsFor, secretsIn, withReferences } from './saved-credentials';
import { buildScope, resolveRequest } from './variables';

const pasted = (): RequestState => ({
  ...defaultRequestState(),
  method: 'POST',
  url: '/orders',
  headers: [emptyRow('Authorization', 'Basic dXNlcjpwYXNz'), emptyRow('X-Api-Key', 'k_live_42'), emptyRow('Cookie', 'session=s3cr3t'), emptyRow('Accept', 'application/json')],
  query: [emptyRow('page', '1'), emptyRow('access_token', '{{token}}')],
  bodyType: 'json',
  jsonBody: '{"secret": "sk_live_123456"}',
  auth: { type: 'bearer', token: 'tok_live', username: 'ann', password: '', userId: '' },
});
const scope = buildScope({ environment: [{ name: 'apiSecret', value: 'sk_live_123456', secret: true }, { name: 'authorization', value: 'other', secret: false }] });

describe('credentials kept out of a saved request', () => {
  it('finds credential headers and the literal auth token, offers free names, and skips references and other auth fields', () => {
    const items = credentialsToReplace(pasted(), scope);
    expect(items.map(({ id, where, suggested }) => [id, where, suggested])).toEqual([
      ['header:0', 'header Authorization', 'authorization_2'],
      ['header:1', 'header X-Api-Key', 'api-key'],
      ['header:2', 'header Cookie', 'cookie'],
      ['auth:token', 'auth token', 'token'],
    ]);
  });

  it('writes a value equal to a secret variable as its reference, without a new variable', () => {
    const items = credentialsToReplace({ ...pasted(), headers: [emptyRow('X-Api-Key', 'sk_live_123456')] }, scope);
    expect(items[0]).toMatchObject({ id: 'header:0', existing: 'apiSecret', suggested: 'apiSecret' });
    expect(replacementsFor(items, {})[0]).toEqual({ where: 'header X-Api-Key', variable: 'apiSecret' });
  });

  it('puts the chosen references in place; the request resolves to the same values once the variables exist', () => {
    const state = pasted();
    const items = credentialsToReplace(state, scope);
    const replacements = replacementsFor(items, { 'header:1': 'apiKey' });
    const referenced = withReferences(state, items, replacements);
    expect(referenced.headers.map((row) => row.value)).toEqual(['{{authorization_2}}', '{{apiKey}}', '{{cookie}}', 'application/json']);
    expect(referenced.auth.token).toBe('{{token}}');
    const withNew = buildScope({ environment: replacements.filter((item) => item.value !== undefined).map((item) => ({ name: item.variable, value: item.value as string, secret: true })) });
    const sent = resolveRequest(referenced, withNew).state;
    expect(sent.headers.map((row) => row.value)).toEqual(state.headers.map((row) => row.value));
    expect(sent.auth.token).toBe('tok_live');
    expect(replacedSummary(replacements.slice(0, 1), ['apiSecret'])).toBe('header Authorization → {{authorization_2}}, the value of {{apiSecret}}');
  });

  it('refuses a name that is not a variable name or already holds another value', () => {
    const items = credentialsToReplace(pasted(), scope);
    expect(chosenNamesProblem(items, {}, scope)).toBeNull();
    expect(chosenNamesProblem(items, { 'header:0': 'authorization' }, scope)).toBe('{{authorization}} already holds another value: choose another name for header Authorization');
    expect(chosenNamesProblem(items, { 'header:1': 'cookie' }, scope)).toMatch(/^\{\{cookie\}\} already holds another value/);
    expect(chosenNamesProblem(items, { 'header:1': 'a b' }, scope)).toBe('The variable for header X-Api-Key needs a name of letters, digits, _, - and . only');
  });

  it('names the secret variables whose values a text holds', () => {
    expect(secretsIn('{"secret": "sk_live_123456"}', scope)).toEqual(['apiSecret']);
    expect(secretsIn('{}', scope)).toEqual([]);
  });
});
