// Where a run opens: the Saved pane names a folder or a selection (runTargetAtom) and the run dialog, a
// lazy chunk, shows here in the shell, so it stays while the user opens results in tabs.
import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { runTargetAtom } from './run-target';

const RunDialog = lazy(() => import('./RunDialog'));

export function RunHost() {
  const [target, setTarget] = useAtom(runTargetAtom);
  if (target === null) return null;
  return (
    <Suspense fallback={null}>
      <RunDialog key={JSON.stringify(target)} target={target} onClose={() => setTarget(null)} />
    </Suspense>
  );
}
