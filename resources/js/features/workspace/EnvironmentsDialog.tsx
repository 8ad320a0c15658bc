// Editing environments, global variables and captured values. Secret variables are typed into
// password fields and stay in this browser (see environments.ts); the rest may go to the workspace.
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { refreshWorkspace, saveEnvironmentFile } from './workspace-sync';
import { applicationWorkspace, updateApplication, type WorkspaceStore } from '../../model/workspace/environments';
import type { Variable } from '../../model/workspace/variables';
import { workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';

const GLOBALS = '\u0000globals';
const CAPTURED = '\u0000captured';

function variablesOf(store: WorkspaceStore, application: string, set: string): Variable[] {
  if (set === GLOBALS) return store.globals;
  const workspace = applicationWorkspace(store, application);
  if (set === CAPTURED) return workspace.captured;
  return workspace.environments.find((environment) => environment.name === set)?.variables ?? [];
}

function withVariables(store: WorkspaceStore, application: string, set: string, variables: Variable[]): WorkspaceStore {
  if (set === GLOBALS) return { ...store, globals: variables };
  return updateApplication(store, application, (workspace) =>
    set === CAPTURED
      ? { ...workspace, captured: variables }
      : { ...workspace, environments: workspace.environments.map((environment) => (environment.name === set ? { ...environment, variables } : environment)) },
  );
}

export default function EnvironmentsDialog({ onClose, extra }: { onClose: () => void; extra?: (set: string) => React.ReactNode }) {
  const [store, setStore] = useAtom(workspaceStoreAtom);
  const jotai = useStore();
  // Environments saved in the workspace folder join this browser's when the editor opens.
  useEffect(() => void refreshWorkspace(jotai).catch(() => {}), [jotai]);
  const application = useAtomValue(workspaceApplicationAtom);
  const workspace = applicationWorkspace(store, application);
  const [set, setSet] = useState<string>(workspace.active ?? GLOBALS);
  const [newName, setNewName] = useState('');
  const variables = variablesOf(store, application, set);
  const isEnvironment = set !== GLOBALS && set !== CAPTURED;
  const change = (next: Variable[]) => setStore((current) => withVariables(current, application, set, next));
  const edit = (index: number, patch: Partial<Variable>) => change(variables.map((variable, i) => (i === index ? { ...variable, ...patch } : variable)));
  const addEnvironment = () => {
    const name = newName.trim();
    if (!name || workspace.environments.some((environment) => environment.name === name)) return;
    setStore((current) => updateApplication(current, application, (w) => ({ ...w, environments: [...w.environments, { name, variables: [] }], active: w.active ?? name })));
    setSet(name);
    setNewName('');
  };
  return (
    <DialogFrame title="Environments and variables" onClose={onClose}>
      <div className="kite-dialog-row">
        <label className="kite-env-picker">
          <span>Variables of</span>
          <select className="kite-select" aria-label="Variables of" value={set} onChange={(event) => setSet(event.target.value)}>
            <option value={GLOBALS}>Globals (every environment)</option>
            {workspace.environments.map((environment) => (
              <option key={environment.name} value={environment.name}>
                Environment: {environment.name}
              </option>
            ))}
            <option value={CAPTURED}>Captured from responses</option>
          </select>
        </label>
        {isEnvironment && (
          <button
            type="button"
            className="kite-button kite-button-sm"
            title="Writes environments/NAME.json; secret variables are named there without their values"
            onClick={() => {
              const environment = workspace.environments.find((item) => item.name === set);
              if (environment) void saveEnvironmentFile(environment);
            }}
          >
            Save to workspace
          </button>
        )}
        {isEnvironment && (
          <button
            type="button"
            className="kite-button kite-button-sm"
            data-variant="danger"
            onClick={() => {
              setStore((current) =>
                updateApplication(current, application, (w) => ({
                  ...w,
                  environments: w.environments.filter((environment) => environment.name !== set),
                  active: w.active === set ? null : w.active,
                })),
              );
              setSet(GLOBALS);
            }}
          >
            Delete environment
          </button>
        )}
      </div>
      <div className="kite-dialog-row">
        <input
          className="kite-input"
          aria-label="New environment name"
          placeholder="New environment, e.g. local"
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') addEnvironment();
          }}
        />
        <button type="button" className="kite-button kite-button-sm" onClick={addEnvironment} disabled={!newName.trim()}>
          <Plus size={13} aria-hidden="true" /> Add environment
        </button>
      </div>
      <div role="group" aria-label="Variables">
        {variables.length === 0 && <p className="kite-empty-note">No variables here yet. Use them as {'{{name}}'} in any field of a request.</p>}
        {variables.map((variable, index) => (
          <div className="kite-var-row" key={index}>
            <input className="kite-input kite-mono" aria-label={`Variable ${index + 1} name`} placeholder="name" value={variable.name} onChange={(event) => edit(index, { name: event.target.value.trim() })} />
            <input
              className="kite-input kite-mono"
              type={variable.secret ? 'password' : 'text'}
              autoComplete="off"
              aria-label={`Variable ${variable.name || index + 1} value`}
              placeholder="value"
              value={variable.value}
              onChange={(event) => edit(index, { value: event.target.value })}
            />
            <label title="Secret: masked, kept only in this browser, never in a file, a link, history or a cURL copy">
              <input type="checkbox" checked={variable.secret} onChange={(event) => edit(index, { secret: event.target.checked })} aria-label={`Secret ${variable.name || index + 1}`} /> Secret
            </label>
            <button type="button" className="kite-tool-button" aria-label={`Remove variable ${variable.name || index + 1}`} onClick={() => change(variables.filter((_, i) => i !== index))}>
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </div>
        ))}
        <button type="button" className="kite-button kite-add-row" data-variant="ghost" onClick={() => change([...variables, { name: '', value: '', secret: false }])}>
          <Plus size={14} aria-hidden="true" /> Add variable
        </button>
      </div>
      {extra?.(set)}
      <div className="kite-dialog-actions">
        <DialogClose className="kite-button" data-variant="primary">
          Done
        </DialogClose>
      </div>
    </DialogFrame>
  );
}
