// The workspace feature's entry: the variable scope and environments (workspace-atoms.ts), the saved
// requests list (saved-atoms.ts), the environment picker, and the dialogs other features open, each
// a lazy chunk. The folder sync and the files API are lazy chunks too: see the import rules' list.
export { applicationWorkspaceAtom, variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';
export { builderInheritanceAtom, folderSettingsAtom, openSavedAtom, runTargetAtom, saveDialogOpenAtom, savedEntriesAtom, withEffectiveAuth, workspaceListingAtom } from './saved-atoms';
export { EnvironmentPicker } from './EnvironmentPicker';
export const loadCaptureEditor = () => import('./CaptureEditor');
export const loadSetVariableDialog = () => import('./SetVariableDialog');
/** Stores what a response's capture rules took into the active environment. */
export const loadRunCaptures = () => import('./run-captures');
export const loadSavedPane = () => import('./SavedPane');
export const loadSaveDialog = () => import('./SaveDialog');
/** Reading and writing the workspace folder (saved requests, environments, folder settings). */
export const loadWorkspaceSync = () => import('./workspace-sync');
