// Reading the workspace folder into the app: the listing, every request file that changed since it
// was last read (a file edited on disk shows on the next focus), environment files merged into this
// browser's environments. Saving the request being built (Ctrl/Cmd+S).
import type { createStore } from 'jotai';
import type { EnvironmentFile, SavedRequestFile } from '../../../../protocol/types';
import { toast } from '../../lib/toast';
import { flushPendingEdits } from '../client/state/pending-edits';
import { requestStateAtom } from '../client/state/request-atoms';
import { environmentFile, mergeFileEnvironments } from './environment-files';
import { normalizeEnvironment, type Environment } from './environments';
import { openSavedAtom, saveDialogOpenAtom, savedEntriesAtom, workspaceListingAtom } from './saved-atoms';
import { newRequestPath, toSavedFile, type SavedEntry } from './saved-requests';
import { listWorkspace, readWorkspaceFile, workspaceErrorMessage, writeWorkspaceFile } from './workspace-api';
import { workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';

type Store = ReturnType<typeof createStore>;
const seen = new Map<string, { modifiedMs: number; entry: SavedEntry }>();

export async function refreshWorkspace(store: Store): Promise<void> {
  const listing = await listWorkspace();
  store.set(workspaceListingAtom, listing);
  const environments: Environment[] = [];
  const entries: SavedEntry[] = [];
  await Promise.all(
    listing.files.map(async (info) => {
      const known = seen.get(info.path);
      if (info.path.startsWith('requests/') && known && known.modifiedMs === info.modifiedMs) {
        entries.push(known.entry);
        return;
      }
      try {
        const file = await readWorkspaceFile(info.path);
        if (info.path.startsWith('environments/')) {
          const environment = normalizeEnvironment(file.content as EnvironmentFile);
          if (environment) environments.push(environment);
          return;
        }
        const content = file.content as SavedRequestFile;
        const entry = { path: info.path, name: content.name, folder: content.folder ?? '', method: content.method, url: content.url };
        seen.set(info.path, { modifiedMs: info.modifiedMs, entry });
        entries.push(entry);
      } catch (error) {
        if (info.path.startsWith('requests/')) {
          entries.push({ path: info.path, name: info.path.slice('requests/'.length), folder: '', method: '', url: '', problem: await workspaceErrorMessage(error) });
        }
      }
    }),
  );
  store.set(savedEntriesAtom, entries);
  if (environments.length > 0) store.set(workspaceStoreAtom, (current) => mergeFileEnvironments(current, store.get(workspaceApplicationAtom), environments));
}

let firstRead: Promise<void> | undefined;

/**
 * The workspace as read when the app starts: one read for everyone who waits on it (the screen,
 * a shared link that names an environment of the folder).
 */
export function readWorkspaceAtStart(store: Store): Promise<void> {
  return (firstRead ??= refreshWorkspace(store));
}

/** Reads the workspace at start and again whenever the window gets the focus back; returns the stop. */
export function watchWorkspace(store: Store): () => void {
  // A host without a workspace folder, or one that fails, leaves the app as it is (the Saved pane
  // says why). Watching again (another application) reads again.
  const refresh = () => void refreshWorkspace(store).catch(() => {});
  if (firstRead) refresh();
  else void readWorkspaceAtStart(store).catch(() => {});
  window.addEventListener('focus', refresh);
  return () => window.removeEventListener('focus', refresh);
}

/** Ctrl/Cmd+S: writes the open saved request back, or asks a new one's name first. */
export async function saveCurrentRequest(store: Store, named?: { name: string; folder: string }): Promise<boolean> {
  flushPendingEdits();
  let listing = store.get(workspaceListingAtom);
  try {
    listing ??= await listWorkspace();
  } catch (error) {
    toast.error('The workspace could not be read', { description: await workspaceErrorMessage(error) });
    return false;
  }
  if (!listing.writable) {
    toast.error('The request cannot be saved: the workspace is read-only', { description: listing.readOnlyReason });
    return false;
  }
  const open = store.get(openSavedAtom);
  if (!open && !named) {
    store.set(saveDialogOpenAtom, true);
    return false;
  }
  const target = named
    ? { path: newRequestPath(named.name, listing.files.map((file) => file.path)), name: named.name, folder: named.folder }
    : (open as NonNullable<typeof open>);
  try {
    await writeWorkspaceFile(target.path, toSavedFile(store.get(requestStateAtom), target.name, target.folder));
    store.set(openSavedAtom, { path: target.path, name: target.name.trim(), folder: target.folder.trim() });
    toast.success(`Saved ${target.path}`);
    await refreshWorkspace(store).catch(() => {});
    return true;
  } catch (error) {
    toast.error('The request could not be saved', { description: await workspaceErrorMessage(error) });
    return false;
  }
}

/** Writes an environment's non-secret variables to environments/NAME.json. */
export async function saveEnvironmentFile(environment: Environment): Promise<void> {
  const slug = environment.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'environment';
  try {
    await writeWorkspaceFile(`environments/${slug}.json`, environmentFile(environment));
    toast.success(`Saved environments/${slug}.json`, { description: 'Secret variables stay in this browser.' });
  } catch (error) {
    toast.error('The environment could not be saved', { description: await workspaceErrorMessage(error) });
  }
}
