import { describe, expect, it } from 'vitest';
import { readStored, writeStored } from '../../lib/storage';
import { WORKSPACE_STORAGE_KEY, updateApplication } from '../../model/workspace/environments';
import { workspaceStoredKey } from './workspace-atoms';

describe('the workspace stored in this browser', () => {
  it('falls back to an empty workspace when the stored value is corrupt, and sets the text aside', () => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, '{not json');
    expect(readStored(workspaceStoredKey)).toEqual({ globals: [], applications: {} });
    expect(localStorage.getItem(`${WORKSPACE_STORAGE_KEY}:set-aside`)).toBe('{not json');
    localStorage.clear();
  });

  it('saves and loads the store, secrets included', () => {
    const store = updateApplication({ globals: [{ name: 'g', value: '1', secret: false }], applications: {} }, 'demo', () => ({
      environments: [{ name: 'local', variables: [{ name: 'token', value: 's3cret', secret: true }] }],
      active: 'local',
      captured: [],
    }));
    expect(writeStored(workspaceStoredKey, store)).toBe(true);
    expect(readStored(workspaceStoredKey)).toEqual(store);
    localStorage.clear();
  });
});
