// Where the folder run opens: the Saved pane names a folder (runFolderAtom) and its run dialog, a
// lazy chunk, shows here in the shell, so it stays while the user opens results in tabs.
import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { runFolderAtom } from '../workspace/workspace';

const RunDialog = lazy(() => import('./RunDialog'));

export function RunHost() {
  const [folder, setFolder] = useAtom(runFolderAtom);
  if (folder === null) return null;
  return (
    <Suspense fallback={null}>
      <RunDialog key={folder} folder={folder} onClose={() => setFolder(null)} />
    </Suspense>
  );
}
