// The workspace folder's listing with the requests read from it (which saved request the open tab
// shows is the tab's: features/tabs openSavedAtom). Small on purpose: the pane and dialogs are lazy chunks.
import { atom, type Getter } from 'jotai';
import type { FolderSettingsFile, WorkspaceListing } from '../../../../protocol/types';
import { preferencesAtom } from '../../lib/preferences/atoms';
import type { AuthState, RequestState } from '../../model/request/request-state';
import { effectiveAuth, type EffectiveAuth } from '../../model/workspace/inherited-auth';
import type { SavedEntry } from '../../model/workspace/saved-requests';
import { openSavedAtom } from '../tabs/tabs';

export const workspaceListingAtom = atom<WorkspaceListing | null>(null);
export const savedEntriesAtom = atom<SavedEntry[]>([]);
/** The folders' settings files (folders/SLUG.json; folder '' the workspace's), as read. */
export const folderSettingsAtom = atom<Array<{ path: string; modifiedMs: number; content: FolderSettingsFile }>>([]);

/**
 * The auth a request sends when it sits in `folder` (the open saved request's by default): its own,
 * or when it inherits, its folder's, then the workspace's, then the default type of the settings.
 */
export function effectiveAuthIn(get: Getter, auth: AuthState, folder: string = get(openSavedAtom)?.folder ?? ''): EffectiveAuth {
  const folders = get(folderSettingsAtom).map((file) => file.content);
  return effectiveAuth(auth, folder, folders, get(preferencesAtom).defaultAuthorizationType);
}

/**
 * What "Inherit from folder" gives an auth in the builder, offered while a saved request is open
 * (or once chosen); undefined elsewhere. Read again when the folders' settings or the defaults change.
 */
export const builderInheritanceAtom = atom((get) => (auth: AuthState): EffectiveAuth | undefined =>
  get(openSavedAtom) || auth.type === 'inherit' ? effectiveAuthIn(get, { ...auth, type: 'inherit' }) : undefined,
);

/** The request as Send, Copy as cURL and the Code dialog take it: an inherited auth replaced by the one it inherits. */
export const withEffectiveAuth = (get: Getter, state: RequestState): RequestState => ({ ...state, auth: effectiveAuthIn(get, state.auth).auth });

/** Asks the client screen to show the "Save request" dialog. */
export const saveDialogOpenAtom = atom(false);
