// The workspace feature's entry: the variable scope and environments (workspace-atoms.ts), the saved
// requests list (saved-atoms.ts), the environment picker, and the dialogs other features open, each
// a lazy chunk. The folder sync is a lazy chunk too (other features call it through loadWorkspaceSync);
// the files API is the host client's (lib/http/workspace-api.ts).
export { applicationWorkspaceAtom, variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';
export { builderInheritanceAtom, folderSettingsAtom, saveDialogOpenAtom, savedEntriesAtom, withEffectiveAuth, workspaceListingAtom } from './saved-atoms';
export { EnvironmentPicker } from './EnvironmentPicker';
export type { ExportMenuProps, FolderAuthEditorProps, SavedPaneTools } from './saved-pane-tools';
export const loadCaptureEditor = () => import('./CaptureEditor');
export const loadSetVariableDialog = () => import('./SetVariableDialog');
/** Stores what a response's capture rules took into the active environment. */
export const loadRunCaptures = () => import('./run-captures');
export const loadSavedPane = () => import('./SavedPane');
export const loadSaveDialog = () => import('./SaveDialog');
/** Reading and writing the workspace folder (saved requests, environments, folder settings). */
export const loadWorkspaceSync = () => import('./workspace-sync');
