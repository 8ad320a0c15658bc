// What the Saved pane opens of other features, handed to it by the screen that composes both
// (app/client-screen/saved-pane.tsx): the import and export menus (features/import, which read and
// write through the workspace), in Folder settings the Auth tab's editor (features/auth, whose
// OAuth 2.0 editor keeps tokens per environment), and the run of a folder or a selection
// (features/runs, which reads the saved requests). The workspace imports none of them.
import type { WritableAtom } from 'jotai';
import type { ComponentType } from 'react';
import type { AuthState } from '../../model/request/request-state';
import type { RunTarget } from '../../model/runs/run-plan';
import type { EffectiveAuth } from '../../model/workspace/inherited-auth';

export interface ExportMenuProps {
  /** The button's and the menu's accessible name ("Export folder Users"). */
  label: string;
  /** What is exported, as the downloads and the test name it ("Users", "Who am I"); '' the workspace (its folder's name). */
  title: string;
  /** The folder exported (a request's own folder, whose inherited auth comes along); '' the workspace. */
  folder: string;
  /** The saved request files exported (every one of the folder, or the one request). */
  paths: string[];
  /** Show "Export" beside the icon (the workspace's button). */
  withText?: boolean;
}

export interface FolderAuthEditorProps {
  auth: AuthState;
  onChange: (auth: AuthState) => void;
  /** What "Inherit from folder" gives: the parent folder's auth. */
  inherited?: EffectiveAuth;
}

export interface SavedPaneTools {
  /** The Export menu of the workspace, a folder or one request. */
  ExportMenu: ComponentType<ExportMenuProps>;
  /** Imports the files chosen or dropped on the pane (Postman, Insomnia, Bruno, HAR, OpenAPI, cURL). */
  ImportFlow: ComponentType<{ files: File[]; onDone: () => void }>;
  /** Edits a folder's auth in Folder settings, as the Auth tab edits a request's. */
  AuthEditor: ComponentType<FolderAuthEditorProps>;
  /** Set to a folder or a selection, it opens the run dialog (the shell's RunHost shows it). */
  runTargetAtom: WritableAtom<RunTarget | null, [RunTarget | null], void>;
}
