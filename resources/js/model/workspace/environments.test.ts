import { describe, expect, it } from 'vitest';
import { environmentFile, mergeFileEnvironments, setCaptured } from './environment-files';
import { normalizeEnvironment, normalizeWorkspace, scopeOf, updateApplication } from './environments';

describe('environments in this browser', () => {
  it('reads a damaged store field by field into an empty workspace', () => {
    expect(normalizeWorkspace({ globals: 'x', applications: { demo: { environments: [{ name: '' }, 7, { name: 'a', variables: [{ name: 'v', value: 1 }] }], active: 'gone' } } })).toEqual({
      globals: [],
      applications: { demo: { environments: [{ name: 'a', variables: [{ name: 'v', value: '', secret: false }] }], active: null, captured: [] } },
    });
  });

  it('gives each application its own scope, secrets included', () => {
    const store = updateApplication({ globals: [{ name: 'g', value: '1', secret: false }], applications: {} }, 'demo', () => ({
      environments: [{ name: 'local', variables: [{ name: 'token', value: 's3cret', secret: true }] }],
      active: 'local',
      captured: [],
    }));
    expect(scopeOf(store, 'demo').token).toEqual({ value: 's3cret', secret: true, source: 'environment' });
    expect(scopeOf(store, 'other').token).toBeUndefined();
  });

  it('lets captured values win over the active environment', () => {
    let store = updateApplication({ globals: [], applications: {} }, 'demo', () => ({ environments: [{ name: 'e', variables: [{ name: 't', value: 'env', secret: false }] }], active: 'e', captured: [] }));
    store = setCaptured(store, 'demo', [{ name: 't', value: 'cap', secret: false }]);
    expect(scopeOf(store, 'demo').t.value).toBe('cap');
  });

  it("writes environment files with secrets named but not valued, and reading one keeps this browser's secret value", () => {
    const environment = { name: 'local', variables: [{ name: 'userId', value: '2', secret: false }, { name: 'token', value: 's', secret: true }] };
    const file = environmentFile(environment);
    expect(file).toEqual({ name: 'local', variables: { userId: '2', token: { value: '', secret: true } } });
    const read = normalizeEnvironment(JSON.parse(JSON.stringify(file)));
    expect(read?.variables).toEqual([{ name: 'userId', value: '2', secret: false }, { name: 'token', value: '', secret: true }]);
    const kept = mergeFileEnvironments(updateApplication({ globals: [], applications: {} }, 'demo', (w) => ({ ...w, environments: [environment] })), 'demo', [read!]);
    expect(kept.applications.demo.environments[0].variables).toEqual(environment.variables);
    const teammate = mergeFileEnvironments({ globals: [], applications: {} }, 'demo', [read!]);
    expect(teammate.applications.demo.environments[0].variables).toEqual([{ name: 'userId', value: '2', secret: false }, { name: 'token', value: '', secret: true }]);
  });

  it('merges environment files back keeping local secrets', () => {
    const environment = { name: 'local', variables: [{ name: 'userId', value: '2', secret: false }, { name: 'token', value: 's', secret: true }] };
    let store = updateApplication({ globals: [], applications: {} }, 'demo', (w) => ({ ...w, environments: [environment] }));
    store = mergeFileEnvironments(store, 'demo', [
      { name: 'local', variables: [{ name: 'userId', value: '3', secret: false }, { name: 'token', value: 'from-file', secret: false }] },
      { name: 'staging', variables: [{ name: 'userId', value: '9', secret: false }] },
    ]);
    expect(store.applications.demo.environments).toEqual([
      { name: 'local', variables: [{ name: 'userId', value: '3', secret: false }, { name: 'token', value: 's', secret: true }] },
      { name: 'staging', variables: [{ name: 'userId', value: '9', secret: false }] },
    ]);
  });
});
