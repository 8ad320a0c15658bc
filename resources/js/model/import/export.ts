// What an export of the saved requests downloads, in either format: the file names and texts, how
// many requests went in, and what was left out. Secrets are never in them: saved files hold only
// `{{references}}`, and an environment's secret variable leaves with its name and no value. Pure.
import type { EnvironmentFile, FolderSettingsFile, SavedRequestFile } from '../../../../protocol/types';
import { fileSlug } from '../workspace/saved-requests';
import { toOpenApiDocument } from './openapi-export';
import { requestsInFolder, toPostmanCollection, toPostmanEnvironment } from './postman-export';

export type ExportFormat = 'postman' | 'openapi';

export interface ExportedFile {
  fileName: string;
  text: string;
}

export interface SavedExport {
  files: ExportedFile[];
  /** Requests written. */
  requests: number;
  /** Requests not written, each with why. */
  left: string[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * `folder` '' exports every saved request; a Postman export brings the environments along.
 * `folders`, the folders' settings, give the auth the requests inherit.
 */
export function exportSaved(format: ExportFormat, name: string, requests: SavedRequestFile[], environments: EnvironmentFile[], folder = '', folders: readonly FolderSettingsFile[] = []): SavedExport {
  const slug = fileSlug(name);
  if (format === 'openapi') {
    const { document, left } = toOpenApiDocument(name, requests, environments, folder, folders);
    return { files: [{ fileName: `${slug}.openapi.json`, text: json(document) }], requests: requestsInFolder(requests, folder).length - left.length, left };
  }
  return {
    files: [
      { fileName: `${slug}.postman_collection.json`, text: json(toPostmanCollection(name, requests, folder, folders)) },
      ...environments.map((environment) => ({ fileName: `${fileSlug(environment.name)}.postman_environment.json`, text: json(toPostmanEnvironment(environment)) })),
    ],
    requests: requestsInFolder(requests, folder).length,
    left: [],
  };
}
