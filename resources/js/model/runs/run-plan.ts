// What the app sends as one POST run: the folder's saved requests (or the ones the user selected)
// in the order the Saved pane lists them (a folder's subfolders after it), the variables as `{{name}}` sees them now (secret values
// included: the browser holds them, the host masks them in every result) and the options. Pure.
import type { RunRequest, SavedRequestFile } from '../../../../protocol/types';
import { type SavedEntry, savedFolders } from '../workspace/saved-requests';
import type { VariableScope } from '../workspace/variables';
import type { DataRow } from './data-file';

/** What a run runs: a folder of the Saved pane (`''` the top level and all below it) or a selection of saved files. */
export type RunTarget = { folder: string } | { paths: readonly string[] };

/** The readable entries of a folder and its subfolders, in the Saved pane's order. */
export function folderRunEntries(entries: SavedEntry[], folder: string): SavedEntry[] {
  return readableInPaneOrder(entries).filter((entry) => folder === '' || entry.folder === folder || entry.folder.startsWith(`${folder}/`));
}

/** The entries a run runs, in the Saved pane's order (a selection's too, whatever order it was picked in). */
export function runEntriesOf(entries: SavedEntry[], target: RunTarget): SavedEntry[] {
  if ('folder' in target) return folderRunEntries(entries, target.folder);
  const picked = new Set(target.paths);
  return readableInPaneOrder(entries).filter((entry) => picked.has(entry.path));
}

/** Every entry that reads, in the order the Saved pane shows them unsearched. */
export function readableInPaneOrder(entries: SavedEntry[]): SavedEntry[] {
  return savedFolders(entries, '').flatMap((group) => group.entries.filter((entry) => !entry.problem));
}

/**
 * The selection after the user ticks or unticks `path`; with Shift (`anchor` the last path ticked
 * or unticked) every path between the two in `order` takes the same state, as in a file manager.
 */
export function selectionAfterToggle(selected: ReadonlySet<string>, order: readonly string[], path: string, on: boolean, anchor?: string | null): Set<string> {
  const next = new Set(selected);
  const from = anchor ? order.indexOf(anchor) : -1;
  const to = order.indexOf(path);
  const range = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [path];
  for (const item of range) {
    if (on) next.add(item);
    else next.delete(item);
  }
  return next;
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
