// Exporting saved requests (the workspace, a folder or one request) from the Saved pane's Export
// menu: every file is read through the host's workspace API, the model makes the downloads
// (model/import/export.ts for a collection, model/export-tests for a test), and a toast says what
// went out and that the secrets did not. Loaded only when an export is chosen.
import type { EnvironmentFile, FolderSettingsFile, SavedRequestFile } from '../../../../protocol/types';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import type { TestFormat } from '../../model/export-tests/formats';
import { type ExportFormat, exportSaved } from '../../model/import/export';
import { environmentFile } from '../../model/workspace/environment-files';
import type { Environment } from '../../model/workspace/environments';
import { listWorkspace, readWorkspaceFile, workspaceErrorMessage } from '../../lib/http/workspace-api';

export const FORMAT_LABELS: Record<ExportFormat, string> = { postman: 'a Postman collection', openapi: 'an OpenAPI document' };

/** What an export writes: the saved files at `paths`, of `folder` ('' the workspace); `title` names it ('' the workspace's folder). */
export interface ExportScope {
  folder: string;
  paths: string[];
  title: string;
}

/** `/app/.kite` → `app`: the workspace as an export names it. */
const workspaceName = (folder: string) => folder.split(/[\\/]/).filter((part) => part && part !== '.kite').pop() || 'Kite workspace';

export async function exportToFiles(format: ExportFormat, { folder, paths, title }: ExportScope): Promise<void> {
  try {
    const listing = await listWorkspace();
    const requests: SavedRequestFile[] = [];
    const environments: EnvironmentFile[] = [];
    const folders: FolderSettingsFile[] = [];
    for (const file of listing.files) {
      const { content } = await readWorkspaceFile(file.path);
      if (file.path.startsWith('requests/')) {
        if (paths.includes(file.path)) requests.push(content as SavedRequestFile);
      }
      else if (file.path.startsWith('environments/')) environments.push(content as EnvironmentFile);
      else if (file.path.startsWith('folders/')) folders.push(content as FolderSettingsFile);
    }
    const name = title || workspaceName(listing.folder);
    const exported = exportSaved(format, name, requests, environments, folder, folders);
    for (const file of exported.files) downloadFile(file.text, file.fileName);
    const plural = exported.requests === 1 ? 'request' : 'requests';
    toast.success(`Exported ${exported.requests} ${plural}${title ? ` of ${title}` : ''} as ${FORMAT_LABELS[format]}`, {
      description: [
        'Secrets were left out: requests keep their {{variable}} references, and secret variables are named without their values.',
        ...exported.left.map((line) => `Not exported: ${line}`),
      ].join(' '),
    });
  } catch (error) {
    toast.error('The export failed', { description: await workspaceErrorMessage(error) });
  }
}

/**
 * A test of the saved requests (in file-name order, as `kite run` sends them), downloaded: the
 * active environment's plain values go in; its secrets are read from KITE_VAR_<name> by the test.
 */
export async function exportTestToFile(format: TestFormat, { paths, title: scopeTitle }: ExportScope, environment: Environment | undefined): Promise<void> {
  const title = scopeTitle || 'the saved requests';
  try {
    const name = scopeTitle || workspaceName((await listWorkspace()).folder);
    const files = await Promise.all([...paths].sort().map(async (path) => (await readWorkspaceFile(path)).content as SavedRequestFile));
    const { exportTest } = await import('../../model/export-tests/export-test');
    const exported = exportTest(files, format, name, environment ? environmentFile(environment) : undefined);
    downloadFile(exported.text, exported.fileName);
    toast.success(`${exported.fileName} downloaded`, exported.notes.length > 0 ? { description: exported.notes.join(' ') } : undefined);
  } catch (error) {
    toast.error(`${title} could not be exported as a test`, { description: await workspaceErrorMessage(error) });
  }
}
