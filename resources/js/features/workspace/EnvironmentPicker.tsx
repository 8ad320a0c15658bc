// The "Environment" control of the builder's header: which environment's variables apply (none is
// allowed), and a button that opens the editor of environments and globals (its own chunk).
import { useAtom, useAtomValue } from 'jotai';
import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { updateApplication } from '../../model/workspace/environments';
import { applicationWorkspaceAtom, workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';

const EnvironmentsDialog = lazy(() => import('./EnvironmentsDialog'));

export function EnvironmentPicker() {
  const workspace = useAtomValue(applicationWorkspaceAtom);
  const application = useAtomValue(workspaceApplicationAtom);
  const [, setStore] = useAtom(workspaceStoreAtom);
  const [editing, setEditing] = useState(false);
  return (
    <div className="kite-env-picker">
      <label className="kite-env-picker">
        <span className="kite-muted">Environment</span>
        <select
          className="kite-select"
          aria-label="Environment"
          value={workspace.active ?? ''}
          onChange={(event) => setStore((store) => updateApplication(store, application, (current) => ({ ...current, active: event.target.value || null })))}
        >
          <option value="">None</option>
          {workspace.environments.map((environment) => (
            <option key={environment.name} value={environment.name}>
              {environment.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="kite-tool-button" aria-label="Edit environments and variables" title="Edit environments and variables" onClick={() => setEditing(true)}>
        <SlidersHorizontal size={14} aria-hidden="true" />
      </button>
      {editing && (
        <Suspense fallback={null}>
          <EnvironmentsDialog onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
