// Exporting the saved requests (the workspace, or one folder) from the Saved pane: every file is
// read through the host's workspace API, model/import/export.ts makes the downloads, and a toast
// says what went out and that the secrets did not. Loaded only when an export is chosen.
import type { EnvironmentFile, FolderSettingsFile, SavedRequestFile } from '../../../../protocol/types';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { type ExportFormat, exportSaved } from '../../model/import/export';
import { listWorkspace, readWorkspaceFile, workspaceErrorMessage } from '../workspace/workspace-api';

export const FORMAT_LABELS: Record<ExportFormat, string> = { postman: 'a Postman collection', openapi: 'an OpenAPI document' };

export async function exportToFiles(format: ExportFormat, folder: string): Promise<void> {
  try {
    const listing = await listWorkspace();
    const requests: SavedRequestFile[] = [];
    const environments: EnvironmentFile[] = [];
    const folders: FolderSettingsFile[] = [];
    for (const file of listing.files) {
      const { content } = await readWorkspaceFile(file.path);
      if (file.path.startsWith('requests/')) requests.push(content as SavedRequestFile);
      else if (file.path.startsWith('environments/')) environments.push(content as EnvironmentFile);
      else if (file.path.startsWith('folders/')) folders.push(content as FolderSettingsFile);
    }
    const name = folder || listing.folder.split(/[\\/]/).filter((part) => part && part !== '.kite').pop() || 'Kite workspace';
    const exported = exportSaved(format, name, requests, environments, folder, folders);
    for (const file of exported.files) downloadFile(file.text, file.fileName);
    const plural = exported.requests === 1 ? 'request' : 'requests';
    toast.success(`Exported ${exported.requests} ${plural}${folder ? ` of ${folder}` : ''} as ${FORMAT_LABELS[format]}`, {
      description: [
        'Secrets were left out: requests keep their {{variable}} references, and secret variables are named without their values.',
        ...exported.left.map((line) => `Not exported: ${line}`),
      ].join(' '),
    });
  } catch (error) {
    toast.error('The export failed', { description: await workspaceErrorMessage(error) });
  }
}
