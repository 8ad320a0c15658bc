import { describe, expect, it } from 'vitest';
import { emptyWorkspace, scopeOf, updateApplication } from './environments';
import { isSecretAlready, setVariable, suggestVariableName, variableNameProblem, withCaptureRule } from './set-variable';

describe('Set as variable', () => {
  it('suggests the last key as the name', () => {
    expect(suggestVariableName(['data', 'token'])).toBe('token');
    expect(suggestVariableName(['items', 0, 'id'])).toBe('id');
    expect(suggestVariableName(['items', 0])).toBe('items');
    expect(suggestVariableName(['odd key!'])).toBe('odd_key');
    expect(suggestVariableName([])).toBe('value');
    expect(variableNameProblem('odd key')).toMatch(/letters, digits/);
    expect(variableNameProblem('user.id')).toBeNull();
  });

  it('adds a capture rule, or replaces the one for the same variable', () => {
    const rule = { variable: 'token', source: 'body' as const, path: '$.data.token', secret: true };
    const other = { variable: 'id', source: 'header' as const, path: 'X-Id', secret: false };
    expect(withCaptureRule([other], rule)).toEqual([other, rule]);
    expect(withCaptureRule([{ ...rule, path: '$.old' }, other], rule)).toEqual([rule, other]);
  });

  it('sets a value once in the active environment or the globals, and keeps a secret secret', () => {
    let store = updateApplication(emptyWorkspace(), 'app', () => ({
      environments: [{ name: 'local', variables: [{ name: 'token', value: 'old', secret: true }] }, { name: 'staging', variables: [] }],
      active: 'local',
      captured: [],
    }));
    expect(isSecretAlready(store, 'app', 'token')).toBe(true);
    expect(isSecretAlready(store, 'app', 'id')).toBe(false);
    store = setVariable(store, 'app', 'environment', { name: 'token', value: 'new', secret: true });
    store = setVariable(store, 'app', 'global', { name: 'id', value: '7', secret: false });
    expect(scopeOf(store, 'app')).toEqual({ token: { value: 'new', secret: true, source: 'environment' }, id: { value: '7', secret: false, source: 'global' } });
    expect(store.applications.app.environments[1].variables).toEqual([]);
    const none = updateApplication(store, 'app', (workspace) => ({ ...workspace, active: null }));
    expect(setVariable(none, 'app', 'environment', { name: 'x', value: '1', secret: false })).toEqual(none);
  });
});
