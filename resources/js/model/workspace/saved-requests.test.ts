import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow } from '../request/request-state';
import { fromSavedFile, newRequestPath, savedFolders, toSavedFile } from './saved-requests';
import { buildScope, redactSecrets } from './variables';

describe('saved requests', () => {
  const state = {
    ...defaultRequestState(),
    application: 'demo',
    method: 'POST' as const,
    url: '/users/{user}',
    pathParams: { user: '{{userId}}' },
    headers: [emptyRow('X-Trace', '{{trace}}')],
    bodyType: 'json' as const,
    jsonBody: '{"name": "{{name}}"}',
    auth: { type: 'bearer' as const, token: 'secret-token', username: 'u', password: 'p', userId: '' },
    captures: [{ variable: 'id', source: 'body' as const, path: '$.id', secret: false }],
  };

  it('keeps variables as typed and the auth type without its token or password', () => {
    const file = toSavedFile(state, ' Create user ', '/users/');
    expect(file).toMatchObject({ name: 'Create user', folder: 'users', method: 'POST', url: '/users/{user}', pathParams: { user: '{{userId}}' }, body: { type: 'json', text: '{"name": "{{name}}"}' }, auth: { type: 'bearer' } });
    expect(JSON.stringify(file)).not.toMatch(/secret-token|"p"/);
    expect(file.headers).toEqual([{ name: 'X-Trace', value: '{{trace}}', enabled: true }]);
  });

  it("keeps auth's {{variable}} references, and never a credential row's literal value or a secret variable's value", () => {
    const scope = buildScope({ environment: [{ name: 'apiSecret', value: 'sk_live_123456', secret: true }] });
    const file = toSavedFile(
      {
        ...state,
        headers: [emptyRow('Authorization', 'Basic dXNlcjpwYXNz'), emptyRow('Cookie', 'session={{session}}')],
        query: [emptyRow('api_key', 'k_live_42')],
        jsonBody: '{"key": "sk_live_123456"}',
        auth: { ...state.auth, token: '{{token}}', username: '{{user}}' },
      },
      'Create user',
      '',
      (text) => redactSecrets(text, scope),
    );
    expect(file.auth).toEqual({ type: 'bearer', token: '{{token}}' });
    expect(file.headers.map((row) => row.value)).toEqual(['', 'session={{session}}']);
    expect(file.query[0].value).toBe('');
    expect(file.body).toEqual({ type: 'json', text: '{"key": "{{apiSecret}}"}' });
    expect(fromSavedFile(file).auth).toMatchObject({ type: 'bearer', token: '{{token}}' });
  });

  it('opens a saved file back into the builder', () => {
    const opened = fromSavedFile(toSavedFile(state, 'Create user', ''));
    expect(opened).toMatchObject({ application: 'demo', method: 'POST', url: '/users/{user}', bodyType: 'json', jsonBody: '{"name": "{{name}}"}', captures: state.captures });
    expect(opened.auth).toMatchObject({ type: 'bearer', token: '' });
    expect(fromSavedFile({ name: 'x', method: 'NOPE' as never }).method).toBe('GET');
  });

  it('names a new file after the request, without taking a used name', () => {
    expect(newRequestPath('Get user #2', [])).toBe('requests/get-user-2.json');
    expect(newRequestPath('Login', ['requests/login.json'])).toBe('requests/login-2.json');
    expect(newRequestPath('!!!', [])).toBe('requests/request.json');
  });

  it('names a file after a short slug, not a whole summary; route names in camelCase or dotted read as words', () => {
    const summary = 'Returns all pets from the system that the user has access to, filtered by the tags given';
    expect(newRequestPath(summary, [])).toBe('requests/returns-all-pets-from-the-system-that.json');
    expect(newRequestPath('findPetsByStatus', [])).toBe('requests/find-pets-by-status.json');
    expect(newRequestPath('users.show', [])).toBe('requests/users-show.json');
  });

  it('groups by folder and searches names, folders and URLs', () => {
    const entries = [
      { path: 'requests/a.json', name: 'Login', folder: 'auth', method: 'POST', url: '/login' },
      { path: 'requests/b.json', name: 'Me', folder: 'auth', method: 'GET', url: '/me' },
      { path: 'requests/c.json', name: 'Users', folder: '', method: 'GET', url: '/users' },
    ];
    expect(savedFolders(entries, '').map((group) => [group.folder, group.entries.map((entry) => entry.name)])).toEqual([
      ['', ['Users']],
      ['auth', ['Login', 'Me']],
    ]);
    expect(savedFolders(entries, 'auth me')[0].entries.map((entry) => entry.name)).toEqual(['Me']);
  });
});
