// The workspace in this browser as jotai atoms: the store (persisted on every change), the
// application it is looked at for, and the variable scope derived from both.
import { atom } from 'jotai';
import { storedAtom, type StoredKey } from '../../lib/storage';
import { WORKSPACE_STORAGE_KEY, applicationWorkspace, emptyWorkspace, normalizeWorkspace, scopeOf, type WorkspaceStore } from '../../model/workspace/environments';
import { isRecord } from '../../model/is-record';

/** The store's localStorage key (lib/storage.ts reads it back, sets aside what does not read). */
export const workspaceStoredKey: StoredKey<WorkspaceStore> = {
  key: WORKSPACE_STORAGE_KEY,
  label: 'the environments and variables',
  fallback: emptyWorkspace,
  read: (stored) => {
    if (!isRecord(stored)) throw new Error('it is not an object');
    return normalizeWorkspace(stored);
  },
};

/** The whole store; every write is saved to localStorage, and other windows' changes followed. */
export const workspaceStoreAtom = storedAtom(workspaceStoredKey);
const storeAtom = workspaceStoreAtom;

/** The id of the application whose environments apply (set by the client screen). */
export const workspaceApplicationAtom = atom('');

export const applicationWorkspaceAtom = atom((get) => applicationWorkspace(get(storeAtom), get(workspaceApplicationAtom)));

/** What `{{name}}` means right now: captured values, the active environment, globals. */
export const variableScopeAtom = atom((get) => scopeOf(get(storeAtom), get(workspaceApplicationAtom)));
