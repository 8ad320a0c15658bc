// The workspace in this browser as jotai atoms: the store (persisted on every change), the
// application it is looked at for, and the variable scope derived from both.
import { atom } from 'jotai';
import { browserStorage } from '../client/state/request-atoms';
import { applicationWorkspace, loadWorkspace, saveWorkspace, scopeOf, type WorkspaceStore } from './environments';

const storeAtom = atom<WorkspaceStore>(loadWorkspace(browserStorage()));

/** The whole store; every write is saved to localStorage. */
export const workspaceStoreAtom = atom(
  (get) => get(storeAtom),
  (get, set, update: WorkspaceStore | ((previous: WorkspaceStore) => WorkspaceStore)) => {
    const next = typeof update === 'function' ? update(get(storeAtom)) : update;
    set(storeAtom, next);
    saveWorkspace(browserStorage(), next);
  },
);

/** The id of the application whose environments apply (set by the client screen). */
export const workspaceApplicationAtom = atom('');

export const applicationWorkspaceAtom = atom((get) => applicationWorkspace(get(storeAtom), get(workspaceApplicationAtom)));

/** What `{{name}}` means right now: captured values, the active environment, globals. */
export const variableScopeAtom = atom((get) => scopeOf(get(storeAtom), get(workspaceApplicationAtom)));
