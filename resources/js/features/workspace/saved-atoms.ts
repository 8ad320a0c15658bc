// Which saved request the builder shows (so Ctrl/Cmd+S writes it back), and the workspace folder's
// listing with the requests read from it. Small on purpose: the pane and dialogs are lazy chunks.
import { atom } from 'jotai';
import type { WorkspaceListing } from '../../../../protocol/types';
import type { SavedEntry } from '../../model/workspace/saved-requests';

export interface OpenSaved {
  path: string;
  name: string;
  folder: string;
  /** The file's modifiedMs when it was read or last saved: a save sends it as its precondition. */
  modifiedMs?: number;
  /** What an import kept verbatim (SavedRequestFile.notes): the builder does not edit it, a save keeps it. */
  notes?: string;
}

export const openSavedAtom = atom<OpenSaved | null>(null);
export const workspaceListingAtom = atom<WorkspaceListing | null>(null);
export const savedEntriesAtom = atom<SavedEntry[]>([]);
/** Asks the client screen to show the "Save request" dialog. */
export const saveDialogOpenAtom = atom(false);
/** The folder whose run dialog (features/runs) is open, `''` for the top level; null when none. */
export const runFolderAtom = atom<string | null>(null);
