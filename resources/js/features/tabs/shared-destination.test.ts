import { describe, expect, it } from 'vitest';
import { defaultRequestState } from '../../model/request/request-state';
import { buildScope } from '../../model/workspace/variables';
import { secretsInDestination, sharedDestination } from './shared-destination';

const scope = buildScope({ environment: [
  { name: 'token', value: 'receiver-secret', secret: true },
  { name: 'host', value: 'api', secret: false },
] });
const request = { ...defaultRequestState(), url: '/{{host}}/users?leak={{token}}' };

describe('a shared request\'s destination', () => {
  it('shows the full URL with public variables filled in and secret ones as {{name}}', () => {
    expect(sharedDestination(request, 'http://127.0.0.1:8080/demo', scope)).toBe('GET http://127.0.0.1:8080/demo/api/users?leak={{token}}');
  });

  it('names the secret variables its URL, path parameters or query rows use, not its headers or auth', () => {
    expect(secretsInDestination(request, scope)).toEqual(['token']);
    const inPath = { ...defaultRequestState(), url: '/users/{user}', pathParams: { user: '{{token}}' } };
    expect(secretsInDestination(inPath, scope)).toEqual(['token']);
    const inQuery = { ...defaultRequestState(), url: '/users', query: [{ id: 'q', name: 'k', value: '{{token}}', enabled: true }] };
    expect(secretsInDestination(inQuery, scope)).toEqual(['token']);
    expect(secretsInDestination({ ...inQuery, query: [{ ...inQuery.query[0], enabled: false }] }, scope)).toEqual([]);
    const elsewhere = {
      ...defaultRequestState(),
      url: '/me',
      headers: [{ id: 'h', name: 'X-Key', value: '{{token}}', enabled: true }],
      auth: { ...defaultRequestState().auth, type: 'bearer' as const, token: '{{token}}' },
    };
    expect(secretsInDestination(elsewhere, scope)).toEqual([]);
  });
});
