// What the app sends as one POST run: the folder's saved requests in the order the Saved pane
// lists them (its subfolders after it), the variables as `{{name}}` sees them now (secret values
// included: the browser holds them, the host masks them in every result) and the options. Pure.
import type { RunRequest, SavedRequestFile } from '../../../../protocol/types';
import { type SavedEntry, savedFolders } from '../workspace/saved-requests';
import type { VariableScope } from '../workspace/variables';
import type { DataRow } from './data-file';

/** The readable entries of a folder and its subfolders, in the Saved pane's order. */
export function folderRunEntries(entries: SavedEntry[], folder: string): SavedEntry[] {
  return savedFolders(entries, '')
    .filter((group) => folder === '' || group.folder === folder || group.folder.startsWith(`${folder}/`))
    .flatMap((group) => group.entries.filter((entry) => !entry.problem));
}

export interface RunOptions {
  rows?: DataRow[];
  bail: boolean;
  delayMs: number;
  application?: string;
}

export function runRequestOf(files: Array<{ path: string; file: SavedRequestFile }>, scope: VariableScope, options: RunOptions): RunRequest {
  const names = Object.keys(scope);
  return {
    requests: files,
    variables: Object.fromEntries(names.map((name) => [name, scope[name].value])),
    secretNames: names.filter((name) => scope[name].secret),
    ...(options.rows && options.rows.length > 0 ? { rows: options.rows } : {}),
    bail: options.bail,
    delayMs: options.delayMs,
    ...(options.application ? { application: options.application } : {}),
  };
}
