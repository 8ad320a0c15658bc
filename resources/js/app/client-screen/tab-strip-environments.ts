// What the tab strip reads of the workspace (a shared link's environment, the variables its URL is
// checked and redacted with), handed over here: the workspace imports tabs (a saved request opens in
// a tab), so tabs does not import the workspace.
import type { useStore } from 'jotai';
import type { TabStripEnvironments } from '../../features/tabs/tabs';
import { applicationWorkspaceAtom, loadWorkspaceSync, variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom } from '../../features/workspace/workspace';

export function tabStripEnvironments(store: ReturnType<typeof useStore>): TabStripEnvironments {
  return {
    scopeAtom: variableScopeAtom,
    storeAtom: workspaceStoreAtom,
    applicationAtom: workspaceApplicationAtom,
    applicationWorkspaceAtom,
    readAtStart: () => loadWorkspaceSync().then((sync) => sync.readWorkspaceAtStart(store)),
  };
}
