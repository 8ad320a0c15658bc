// Importing files chosen (or dropped) on the Saved pane into the workspace folder: the import model
// reads them (model/import), files that exist are overwritten only when the user says so, each file
// is written through the host's workspace API, and the secrets go to this browser's environments,
// never to the folder.
import type { createStore } from 'jotai';
import type { SkippedItem } from '../../model/import/batch';
import { type ImportResult } from '../../model/import/batch';
import { existingPaths, planWrites } from '../../model/import/plan';
import { importSources, type ImportSource } from '../../model/import/read';
import type { KnownApplication } from '../../model/import/routes';
import { fetchRoutes } from '../../lib/http/host-api';
import { mergeFileEnvironments } from '../../model/workspace/environment-files';
import { normalizeEnvironment, updateApplication, type WorkspaceStore } from '../../model/workspace/environments';
import { loadWorkspaceSync, workspaceListingAtom, workspaceApplicationAtom, workspaceStoreAtom } from '../workspace/workspace';
import { workspaceErrorMessage, writeWorkspaceFile } from '../../lib/http/workspace-api';

type Store = ReturnType<typeof createStore>;

export interface ImportOutcome {
  result: ImportResult;
  /** Files not written: left as they were, or refused by the host. */
  left: SkippedItem[];
  written: number;
}

/** The imported environments joined to this browser's, with the secrets' values set here. */
export function withImportedEnvironments(store: WorkspaceStore, application: string, result: ImportResult): WorkspaceStore {
  const environments = result.environments.flatMap((file) => normalizeEnvironment(file.content) ?? []);
  const merged = mergeFileEnvironments(store, application, environments);
  return updateApplication(merged, application, (workspace) => ({
    ...workspace,
    environments: workspace.environments.map((environment) => ({
      ...environment,
      variables: environment.variables.map((variable) => {
        const secret = result.secrets.find((item) => item.environment === environment.name && item.name === variable.name);
        return secret && variable.secret ? { ...variable, value: secret.value } : variable;
      }),
    })),
  }));
}

/** The host's applications and routes, which imported requests are linked to when they fit; none when the host cannot list them. */
async function knownApplications(): Promise<KnownApplication[]> {
  try {
    return (await fetchRoutes()).applications;
  } catch {
    return [];
  }
}

/** `confirmOverwrite` is asked, with the paths, when some files exist already. */
export async function importFiles(store: Store, files: File[], confirmOverwrite: (paths: string[]) => boolean): Promise<ImportOutcome> {
  const sources: ImportSource[] = await Promise.all(files.map(async (file) => ({ name: file.webkitRelativePath || file.name, text: await file.text() })));
  const result = importSources(sources, { applications: await knownApplications() });
  // The folder sync is the workspace's chunk (loaded with the main screen), fetched through its entry.
  const { refreshWorkspace } = await loadWorkspaceSync();
  await refreshWorkspace(store);
  const existing = (store.get(workspaceListingAtom)?.files ?? []).map((file) => file.path);
  const clashes = existingPaths(result, existing);
  const overwrite = clashes.length > 0 && confirmOverwrite(clashes);
  const { writes, left } = planWrites(result, existing, overwrite, 'you chose to keep it');
  let written = 0;
  for (const write of writes) {
    try {
      await writeWorkspaceFile(write.path, write.content);
      written += 1;
    } catch (error) {
      left.push({ file: write.path, item: (write.content as { name: string }).name, reason: await workspaceErrorMessage(error) });
    }
  }
  store.set(workspaceStoreAtom, (current) => withImportedEnvironments(current, store.get(workspaceApplicationAtom), result));
  await refreshWorkspace(store);
  return { result, left, written };
}
