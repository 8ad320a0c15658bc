// The Saved pane (features/workspace) with what it opens of other features: the import and export
// menus (features/import), the Auth tab's editor for Folder settings (features/auth) and the run
// dialog's target (features/runs). Composed here, so the workspace imports none of them; the import
// and the editor load with the pane, outside the first load.
import { lazy } from 'react';
import type { RequestDefaults } from '../../model/request/request-state';
import { loadAuthEditor } from '../../features/auth/auth';
import { runTargetAtom } from '../../features/runs/run-target';
import { loadSavedPane, type SavedPaneTools } from '../../features/workspace/workspace';

export const SavedPane = lazy(() =>
  Promise.all([loadSavedPane(), import('../../features/import/import'), loadAuthEditor()]).then(([pane, imports, auth]) => {
    const tools: SavedPaneTools = { ExportMenu: imports.ExportMenu, ImportFlow: lazy(imports.loadImportFlow), AuthEditor: auth.AuthEditor, runTargetAtom };
    const Pane = pane.default;
    return { default: ({ defaults }: { defaults: RequestDefaults }) => <Pane defaults={defaults} tools={tools} /> };
  }),
);
