// Reading the workspace folder into the app: the listing, every request file that changed since it
// was last read (a file edited on disk shows on the next focus), environment files merged into this
// browser's environments. Opening a saved request, and saving the request being built
// (Ctrl/Cmd+S) with the modifiedMs it was read with, so a file changed on disk is not overwritten
// unasked: the host's 409 offers "Reload" (the disk's version) or "Overwrite" (this one).
import type { createStore } from 'jotai';
import type { EnvironmentFile, FolderSettingsFile, SavedRequestFile } from '../../../../protocol/types';
import { preferencesAtom } from '../../lib/preferences/atoms';
import { toast } from '../../lib/toast';
import type { RequestDefaults } from '../../model/request/request-state';
import { flushPendingEdits } from '../../lib/pending-edits';
import { requestStateAtom, updateRequestAtom, openInTabAtom, openSavedAtom } from '../tabs/tabs';
import { environmentFile, mergeFileEnvironments } from '../../model/workspace/environment-files';
import { applicationWorkspace, normalizeEnvironment, type Environment } from '../../model/workspace/environments';
import { folderSettingsAtom, saveDialogOpenAtom, savedEntriesAtom, workspaceListingAtom } from './saved-atoms';
import { credentialsToReplace, replacedSummary, replacementsFor, secretsIn, withReferences, type CredentialToReplace } from '../../model/workspace/saved-credentials';
import { fromSavedFile, newRequestPath, toSavedFile, type SavedEntry } from '../../model/workspace/saved-requests';
import { setVariable } from '../../model/workspace/set-variable';
import { authForNewSave } from '../../model/workspace/inherited-auth';
import { redactSecrets } from '../../model/workspace/variables';
import { isWorkspaceConflict, listWorkspace, readWorkspaceFile, workspaceErrorMessage, writeWorkspaceFile } from '../../lib/http/workspace-api';
import { variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';

type Store = ReturnType<typeof createStore>;
const seen = new Map<string, { modifiedMs: number; entry: SavedEntry }>();

export async function refreshWorkspace(store: Store): Promise<void> {
  const listing = await listWorkspace();
  store.set(workspaceListingAtom, listing);
  const environments: Environment[] = [];
  const entries: SavedEntry[] = [];
  const folders: Array<{ path: string; modifiedMs: number; content: FolderSettingsFile }> = [];
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
        if (info.path.startsWith('folders/')) {
          folders.push({ path: info.path, modifiedMs: file.modifiedMs, content: file.content as FolderSettingsFile });
          return;
        }
        const content = file.content as SavedRequestFile;
        const entry = { path: info.path, name: content.name, folder: content.folder ?? '', method: content.method, url: content.url };
        seen.set(info.path, { modifiedMs: info.modifiedMs, entry });
        entries.push(entry);
      } catch (error) {
        // A folder's settings that do not read leave the folder without them (the host said why on the GET).
        if (info.path.startsWith('folders/')) return;
        // Listed as a request file that does not read is, so it can be found, fixed or deleted.
        const name = info.path.startsWith('requests/') ? info.path.slice('requests/'.length) : info.path;
        entries.push({ path: info.path, name, folder: '', method: '', url: '', problem: await workspaceErrorMessage(error) });
      }
    }),
  );
  store.set(savedEntriesAtom, entries);
  store.set(folderSettingsAtom, folders.sort((a, b) => a.path.localeCompare(b.path)));
  if (environments.length > 0) store.set(workspaceStoreAtom, (current) => mergeFileEnvironments(current, store.get(workspaceApplicationAtom), environments));
}

/**
 * Opens a saved request in the preview tab, a tab document of its own: no response and no
 * credential of another tab comes along (its auth is the file's references over the defaults).
 * `inPlace` (Reload after a conflict) puts the disk's version into the open tab, which keeps its
 * own credentials.
 */
export async function openSavedRequest(store: Store, path: string, defaults: RequestDefaults = store.get(preferencesAtom), { inPlace = false } = {}): Promise<void> {
  try {
    const file = await readWorkspaceFile(path);
    const content = file.content as SavedRequestFile;
    const opened = fromSavedFile(content, defaults);
    // The file's {{variable}} references (all a file may hold) win; other fields keep this browser's.
    const references = Object.fromEntries(Object.entries(content.auth ?? {}).filter(([field, value]) => field !== 'type' && typeof value === 'string' && value !== ''));
    if (inPlace) store.set(updateRequestAtom, (previous) => ({ ...opened, auth: { ...previous.auth, ...references, type: opened.auth.type } }));
    else store.set(openInTabAtom, { build: () => opened, pin: false, defaults });
    store.set(openSavedAtom, { path, name: content.name, folder: content.folder ?? '', modifiedMs: file.modifiedMs, ...(typeof content.notes === 'string' ? { notes: content.notes } : {}) });
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

/** What the save dialog settled: the request's name and folder, and the variable chosen for each credential (id → name). */
export interface SaveChoice {
  name: string;
  folder: string;
  variables: Record<string, string>;
  /** The new file's name when it should not come from `name` (the route's name). */
  fileName?: string;
}

/** Where a credential's new secret variable goes: the active environment, else the globals. */
export function credentialHome(store: Store): { target: 'environment' | 'global'; label: string } {
  const active = applicationWorkspace(store.get(workspaceStoreAtom), store.get(workspaceApplicationAtom)).active;
  return active === null ? { target: 'global', label: 'the globals' } : { target: 'environment', label: `the environment ${active}` };
}

/** The credentials the request being built holds (saved-credentials.ts), for the dialog and the save. */
export function pendingCredentials(store: Store): CredentialToReplace[] {
  return credentialsToReplace(store.get(requestStateAtom), store.get(variableScopeAtom));
}

/** The secret variables whose values the request holds as typed: the file gets their references. */
export function pendingSecretValues(store: Store): string[] {
  return secretsIn(JSON.stringify(toSavedFile(store.get(requestStateAtom), '', '')), store.get(variableScopeAtom));
}

/**
 * Ctrl/Cmd+S: writes the open saved request back, or asks a new one's name first. A credential
 * never goes into the file: the dialog first says which values are replaced by which
 * `{{variable}}` (each new one a secret variable made from the value), and the builder keeps
 * the references, so it sends the same values.
 */
export async function saveCurrentRequest(store: Store, named?: SaveChoice): Promise<boolean> {
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
  const items = pendingCredentials(store);
  if (!named && (!open || items.some((item) => !item.existing))) {
    store.set(saveDialogOpenAtom, true);
    return false;
  }
  const target = open
    ? { ...open, name: named?.name ?? open.name, folder: named?.folder ?? open.folder }
    : { path: newRequestPath((named as SaveChoice).fileName || (named as SaveChoice).name, listing.files.map((file) => file.path)), name: (named as SaveChoice).name, folder: (named as SaveChoice).folder };
  // A new saved request inherits its folder's auth unless one was chosen for it.
  if (!open) store.set(updateRequestAtom, (current) => ({ ...current, auth: authForNewSave(current.auth, store.get(preferencesAtom).defaultAuthorizationType) }));
  const replacements = replacementsFor(items, named?.variables ?? {});
  const home = credentialHome(store);
  const application = store.get(workspaceApplicationAtom);
  const made = replacements.filter((item) => item.value !== undefined);
  if (made.length > 0) {
    store.set(workspaceStoreAtom, (current) => made.reduce((next, item) => setVariable(next, application, home.target, { name: item.variable, value: item.value as string, secret: true }), current));
  }
  if (items.length > 0) store.set(updateRequestAtom, (current) => withReferences(current, items, replacements));
  const replaced = replacedSummary(replacements, pendingSecretValues(store));
  return writeRequest(store, target, open?.modifiedMs, replaced);
}

/**
 * Writes the builder's request to `target.path` (secret variables' values as their references);
 * with `modifiedMs`, only over the file read then. `replaced` names what was kept out of the file.
 */
async function writeRequest(store: Store, target: { path: string; name: string; folder: string; notes?: string }, modifiedMs: number | undefined, replaced: string): Promise<boolean> {
  const scope = store.get(variableScopeAtom);
  try {
    const content = toSavedFile(store.get(requestStateAtom), target.name, target.folder, (text) => redactSecrets(text, scope));
    // The notes are not in the builder: written back as they were read, never lost by a save.
    if (target.notes !== undefined) content.notes = target.notes;
    const written = await writeWorkspaceFile(target.path, content, modifiedMs);
    store.set(openSavedAtom, { path: target.path, name: target.name.trim(), folder: target.folder.trim(), modifiedMs: written.modifiedMs, ...(target.notes !== undefined ? { notes: target.notes } : {}) });
    toast.success(`Saved ${target.path}`, replaced ? { description: `Kept out of the file: ${replaced}` } : undefined);
    await refreshWorkspace(store).catch(() => {});
    return true;
  } catch (error) {
    if (isWorkspaceConflict(error)) {
      // Nothing was written and the builder keeps what was typed: the person picks which version stays.
      toast.warning(`${target.path} changed on disk since it was opened`, {
        description: 'Nothing was saved. Reload shows the file as it is on disk (the changes made here are lost); Overwrite replaces it with them.',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void openSavedRequest(store, target.path, undefined, { inPlace: true }) },
        cancel: { label: 'Overwrite', onClick: () => void writeRequest(store, target, undefined, replaced) },
      });
      return false;
    }
    toast.error('The request could not be saved', { description: await workspaceErrorMessage(error) });
    return false;
  }
}

/** Writes an environment to environments/NAME.json, its secret variables named without their values. */
export async function saveEnvironmentFile(environment: Environment): Promise<void> {
  const slug = environment.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'environment';
  try {
    await writeWorkspaceFile(`environments/${slug}.json`, environmentFile(environment));
    toast.success(`Saved environments/${slug}.json`, { description: 'Secret variables are named without their values, which stay in this browser.' });
  } catch (error) {
    toast.error('The environment could not be saved', { description: await workspaceErrorMessage(error) });
  }
}
