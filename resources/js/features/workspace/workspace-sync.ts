// Reading the workspace folder into the app: the listing, every request file that changed since it
// was last read (a file edited on disk shows on the next focus), environment files merged into this
// browser's environments. Opening a saved request, and saving the request being built
// (Ctrl/Cmd+S) with the modifiedMs it was read with, so a file changed on disk is not overwritten
// unasked: the host's 409 offers "Reload" (the disk's version) or "Overwrite" (this one).
import type { createStore } from 'jotai';
import type { EnvironmentFile, SavedRequestFile } from '../../../../protocol/types';
import { preferencesAtom } from '../../lib/preferences/atoms';
import { toast } from '../../lib/toast';
import type { RequestDefaults } from '../client/request/request-state';
import { flushPendingEdits } from '../client/state/pending-edits';
import { requestStateAtom, updateRequestAtom } from '../client/state/request-atoms';
import { environmentFile, mergeFileEnvironments } from './environment-files';
import { normalizeEnvironment, type Environment } from './environments';
import { openSavedAtom, saveDialogOpenAtom, savedEntriesAtom, workspaceListingAtom } from './saved-atoms';
import { fromSavedFile, newRequestPath, toSavedFile, type SavedEntry } from './saved-requests';
import { isWorkspaceConflict, listWorkspace, readWorkspaceFile, workspaceErrorMessage, writeWorkspaceFile } from './workspace-api';
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
        // Listed as a request file that does not read is, so it can be found, fixed or deleted.
        const name = info.path.startsWith('requests/') ? info.path.slice('requests/'.length) : info.path;
        entries.push({ path: info.path, name, folder: '', method: '', url: '', problem: await workspaceErrorMessage(error) });
      }
    }),
  );
  store.set(savedEntriesAtom, entries);
  if (environments.length > 0) store.set(workspaceStoreAtom, (current) => mergeFileEnvironments(current, store.get(workspaceApplicationAtom), environments));
}

/** Puts a saved request into the builder (the request's auth type, this browser's credentials). */
export async function openSavedRequest(store: Store, path: string, defaults: RequestDefaults = store.get(preferencesAtom)): Promise<void> {
  try {
    const file = await readWorkspaceFile(path);
    const content = file.content as SavedRequestFile;
    const opened = fromSavedFile(content, defaults);
    store.set(updateRequestAtom, (previous) => ({ ...opened, auth: { ...previous.auth, type: opened.auth.type } }));
    store.set(openSavedAtom, { path, name: content.name, folder: content.folder ?? '', modifiedMs: file.modifiedMs });
  } catch (error) {
    toast.error(`${path} could not be opened`, { description: await workspaceErrorMessage(error) });
  }
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
  return writeRequest(store, target, named ? undefined : open?.modifiedMs);
}

/** Writes the builder's request to `target.path`; with `modifiedMs`, only over the file read then. */
async function writeRequest(store: Store, target: { path: string; name: string; folder: string }, modifiedMs: number | undefined): Promise<boolean> {
  try {
    const written = await writeWorkspaceFile(target.path, toSavedFile(store.get(requestStateAtom), target.name, target.folder), modifiedMs);
    store.set(openSavedAtom, { path: target.path, name: target.name.trim(), folder: target.folder.trim(), modifiedMs: written.modifiedMs });
    toast.success(`Saved ${target.path}`);
    await refreshWorkspace(store).catch(() => {});
    return true;
  } catch (error) {
    if (isWorkspaceConflict(error)) {
      // Nothing was written and the builder keeps what was typed: the person picks which version stays.
      toast.warning(`${target.path} changed on disk since it was opened`, {
        description: 'Nothing was saved. Reload shows the file as it is on disk (the changes made here are lost); Overwrite replaces it with them.',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void openSavedRequest(store, target.path) },
        cancel: { label: 'Overwrite', onClick: () => void writeRequest(store, target, undefined) },
      });
      return false;
    }
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
