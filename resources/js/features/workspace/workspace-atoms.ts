// The workspace in this browser as jotai atoms: the store (persisted on every change), the
// application it is looked at for, and the variable scope derived from both.
import { atom } from 'jotai';
import { storedAtom } from '../../lib/storage';
import { applicationWorkspace, scopeOf, workspaceStoredKey } from './environments';

/** The whole store; every write is saved to localStorage, and other windows' changes followed. */
export const workspaceStoreAtom = storedAtom(workspaceStoredKey);
const storeAtom = workspaceStoreAtom;

/** The id of the application whose environments apply (set by the client screen). */
export const workspaceApplicationAtom = atom('');

export const applicationWorkspaceAtom = atom((get) => applicationWorkspace(get(storeAtom), get(workspaceApplicationAtom)));

/** What `{{name}}` means right now: captured values, the active environment, globals. */
export const variableScopeAtom = atom((get) => scopeOf(get(storeAtom), get(workspaceApplicationAtom)));
