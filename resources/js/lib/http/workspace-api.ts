// The host's workspace endpoints on the one host client (protocol/endpoints.js names them).
import { HTTPError } from 'ky';
import { API_ENDPOINTS, WORKSPACE_MODIFIED_HEADER } from '../../../../protocol/endpoints.js';
import type { WorkspaceFile, WorkspaceListing } from '../../../../protocol/types';
import { hostClient } from './client';
import { readHostError } from './host-error';

const filePath = (path: string) => `${API_ENDPOINTS.workspaceFiles}/${path.split('/').map(encodeURIComponent).join('/')}`;

export const listWorkspace = () => hostClient.get(API_ENDPOINTS.workspace).json<WorkspaceListing>();
export const readWorkspaceFile = (path: string) => hostClient.get(filePath(path)).json<WorkspaceFile>();
/** `modifiedMs`: the file's as it was read; the host refuses the save (409) when it changed since. */
export const writeWorkspaceFile = (path: string, content: object, modifiedMs?: number) =>
  hostClient.put(filePath(path), { json: content, headers: modifiedMs === undefined ? undefined : { [WORKSPACE_MODIFIED_HEADER]: String(modifiedMs) } }).json<WorkspaceFile>();

/** Whether a failed save was refused because the file changed on disk since it was read. */
export const isWorkspaceConflict = (error: unknown) => error instanceof HTTPError && error.response.status === 409;
export const deleteWorkspaceFile = (path: string) => hostClient.delete(filePath(path)).json<unknown>();

/** The host's own message for a failed call, else the error's. */
export async function workspaceErrorMessage(error: unknown): Promise<string> {
  if (error instanceof HTTPError) return (await readHostError(error.response))?.error.message ?? `The host answered ${error.response.status}`;
  return error instanceof Error ? error.message : String(error);
}
