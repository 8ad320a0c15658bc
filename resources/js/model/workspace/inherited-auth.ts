// Inherited auth, as Postman and Bruno have it: a saved request whose auth is `inherit` (the default
// of a newly saved one) takes the auth of its folder's settings (folders/SLUG.json), else of the
// nearest parent folder's, else the workspace's (the settings of folder ''), else the fallback —
// `none` for `kite run`, the default authorization type of the settings in the app (the spec's
// current-user), so a request saved untouched sends as it did before. A folder whose settings say
// `inherit` passes its parent's on. The one rule for the app's Send, its exports and `kite run`. Pure.
import type { AuthorizationType, FolderSettingsFile, SavedRequestFile } from '../../../../protocol/types';
import { normalizeAuth } from '../request/normalize-request';
import type { AuthState } from '../request/request-state';
import { AUTH_FIELDS_KEPT } from './saved-credentials';

/** A folder as requests name it: no leading or trailing `/`. */
export const folderName = (folder: string): string => folder.trim().replace(/^\/+|\/+$/g, '');

/** `users/admin` → `['users/admin', 'users', '']`: the folders whose auth a request of `folder` inherits, nearest first ('' the workspace). */
export function folderLineage(folder: string): string[] {
  const parts = folderName(folder).split('/').filter(Boolean);
  return [...parts.map((_, index) => parts.slice(0, parts.length - index).join('/')), ''];
}

/** The settings a folder's file gives it ('' the workspace), or undefined when it has none. */
export function folderSettingsOf(folder: string, folders: readonly FolderSettingsFile[]): FolderSettingsFile | undefined {
  const wanted = folderName(folder);
  return folders.find((settings) => typeof settings?.folder === 'string' && folderName(settings.folder) === wanted);
}

export interface EffectiveAuth {
  /** The auth to send (never `inherit`). */
  auth: AuthState;
  /**
   * Where it came from when the request inherits: the folder whose settings give it ('' the
   * workspace), or null when no folder or workspace sets one (the fallback is sent). Undefined
   * when the request has an auth of its own.
   */
  inheritedFrom?: string | null;
}

/**
 * The auth a request of `folder` sends: its own, or when it is `inherit` the nearest folder's (its
 * own folder first, then each parent, then the workspace), else `{ type: fallback }`.
 */
export function effectiveAuth(auth: AuthState, folder: string, folders: readonly FolderSettingsFile[], fallback: AuthorizationType = 'none'): EffectiveAuth {
  if (auth.type !== 'inherit') return { auth };
  for (const candidate of folderLineage(folder)) {
    const settings = folderSettingsOf(candidate, folders);
    if (!settings || settings.auth?.type === 'inherit') continue;
    const inherited = normalizeAuth(settings.auth, 'none');
    if (inherited.type !== 'inherit') return { auth: inherited, inheritedFrom: candidate };
  }
  return { auth: normalizeAuth({ type: fallback }, fallback), inheritedFrom: null };
}

/**
 * A saved file with the auth it inherits written in (folder files keep references only, so the file
 * stays free of credentials): for a run on the host, which reads the request files it is given and
 * not the folders' settings. A file with an auth of its own is returned as it is.
 */
export function withInheritedSavedAuth(file: SavedRequestFile, folders: readonly FolderSettingsFile[], fallback: AuthorizationType = 'none'): SavedRequestFile {
  if (file.auth?.type !== 'inherit') return file;
  for (const candidate of folderLineage(file.folder ?? '')) {
    const settings = folderSettingsOf(candidate, folders);
    if (settings && settings.auth?.type !== 'inherit') return { ...file, auth: settings.auth };
  }
  return { ...file, auth: { type: fallback } };
}

/**
 * The auth a request is first saved with: `inherit` (the default of a new saved request) unless one
 * was chosen, that is, unless the type is not the default one or a field of it was filled in.
 */
export function authForNewSave(auth: AuthState, defaultType: AuthorizationType): AuthState {
  const chosen = auth.type !== defaultType || AUTH_FIELDS_KEPT[auth.type].some((field) => (auth[field] ?? '') !== '');
  return chosen ? auth : { ...auth, type: 'inherit' };
}

/** "requests/users", "the workspace": where an inherited auth comes from, as the Auth tab names it. */
export function inheritedFromLabel(folder: string): string {
  return folder === '' ? 'the workspace' : `requests/${folder}`;
}

/** `users/admin` → `users-admin` for a new folders/SLUG.json ('' is `workspace`), not colliding with the paths taken. */
export function newFolderSettingsPath(folder: string, taken: readonly string[]): string {
  const slug =
    folderName(folder)
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+|-+$/g, '')
      .slice(0, 60) || (folderName(folder) === '' ? 'workspace' : 'folder');
  let path = `folders/${slug}.json`;
  for (let n = 2; taken.includes(path); n += 1) path = `folders/${slug}-${n}.json`;
  return path;
}
