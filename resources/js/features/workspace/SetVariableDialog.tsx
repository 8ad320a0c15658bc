// "Set as variable…" on a value of the JSON response: its path filled in, a name suggested from its
// last key, its value shown (masked when secret), and where it goes — a capture rule saved with
// this request (applied after every send; set right away too), or once in the active environment
// or the globals. A chunk of its own, loaded on first use.
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import { useAtomValue, useStore } from 'jotai';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
import type { LineValue } from '../../model/response/line-value';
import { requestStateAtom, updateRequestAtom } from '../tabs/tabs';
import { formatJsonPath } from '../../model/workspace/capture';
import { setCaptured } from '../../model/workspace/environment-files';
import { applicationWorkspaceAtom, workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';
import { isSecretAlready, setVariable, suggestVariableName, variableNameProblem, withCaptureRule, type VariableTarget } from '../../model/workspace/set-variable';
import { SECRET_MASK } from '../../model/workspace/variables';

/** Values longer than this are cut in the dialog (the variable gets the whole value). */
const SHOWN_CHARS = 300;

export default function SetVariableDialog({ picked, onClose }: { picked: LineValue; onClose: () => void }) {
  const store = useStore();
  const application = useAtomValue(workspaceApplicationAtom);
  const workspace = useAtomValue(applicationWorkspaceAtom);
  const initialPath = formatJsonPath(picked.steps);
  const [name, setName] = useState(() => suggestVariableName(picked.steps));
  const [path, setPath] = useState(initialPath);
  const [target, setTarget] = useState<VariableTarget>('rule');
  const [secretChosen, setSecret] = useState(() => /token|secret|password|api.?key/i.test(suggestVariableName(picked.steps)));
  const [touched, setTouched] = useState(false);
  const forcedSecret = isSecretAlready(store.get(workspaceStoreAtom), application, name.trim());
  const secret = secretChosen || forcedSecret;
  const problem = variableNameProblem(name) ?? (target === 'rule' && !path.trim().startsWith('$') ? 'A JSONPath starts with $' : null);
  const ids = useId();
  const value = picked.value;
  const shown = value === null ? 'Too large to show or set once; a capture rule reads it after each send.' : secret ? SECRET_MASK : value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value;

  const submit = () => {
    setTouched(true);
    if (problem) return;
    const variable = name.trim();
    if (target === 'rule') {
      const rule = { variable, source: 'body' as const, path: path.trim(), secret };
      store.set(updateRequestAtom, (state) => ({ ...state, captures: withCaptureRule(state.captures, rule) }));
      // The rule applied to the response at hand: the next request can use it at once.
      const now = value !== null && path.trim() === initialPath;
      if (now) store.set(workspaceStoreAtom, (current) => setCaptured(current, application, [{ name: variable, value, secret }]));
      toast.success(`Capture rule saved: {{${variable}}} ← ${rule.path}`, {
        description: now ? `{{${variable}}} is set; it is captured again after every send of this request.` : `{{${variable}}} is set after the next send of this request.`,
      });
    } else {
      if (value === null) return;
      store.set(workspaceStoreAtom, (current) => setVariable(current, application, target, { name: variable, value, secret }));
      toast.success(`{{${variable}}} is set in ${target === 'global' ? 'the globals' : `the environment ${workspace.active}`}`);
    }
    onClose();
  };

  // The request the rule would go with, for the label.
  const request = store.get(requestStateAtom);
  return (
    <DialogFrame variant="sm" title="Set as variable" onClose={onClose}>
      <form
        className="kite-dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="kite-inline-field">
          <span>Name</span>
          <input
            className="kite-input kite-mono"
            value={name}
            autoFocus
            spellCheck={false}
            aria-invalid={touched && problem !== null ? true : undefined}
            aria-describedby={touched && problem ? `${ids}-problem` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className="kite-inline-field">
          <span>JSONPath</span>
          <input className="kite-input kite-mono" value={path} spellCheck={false} readOnly={target !== 'rule'} onChange={(event) => setPath(event.target.value)} />
        </label>
        <div className="kite-inline-field">
          <span id={`${ids}-value`}>Value</span>
          <output className="kite-set-variable-value kite-mono" aria-labelledby={`${ids}-value`} data-type={picked.type}>
            {shown}
          </output>
        </div>
        <fieldset className="kite-set-variable-targets">
          <legend>Where</legend>
          <label>
            <input type="radio" name={`${ids}-target`} checked={target === 'rule'} onChange={() => setTarget('rule')} />
            Capture rule of this request ({request.method} {request.url || '/'}): set now and after every send
          </label>
          <label>
            <input type="radio" name={`${ids}-target`} checked={target === 'environment'} disabled={workspace.active === null || value === null} onChange={() => setTarget('environment')} />
            {workspace.active === null ? 'The active environment (none is active)' : `Once, in the environment ${workspace.active}`}
          </label>
          <label>
            <input type="radio" name={`${ids}-target`} checked={target === 'global'} disabled={value === null} onChange={() => setTarget('global')} />
            Once, in the globals
          </label>
        </fieldset>
        <label className="kite-set-variable-secret">
          <input type="checkbox" checked={secret} disabled={forcedSecret} onChange={(event) => setSecret(event.target.checked)} />
          Secret: masked, kept only in this browser{forcedSecret ? ` ({{${name.trim()}}} is secret already)` : ''}
        </label>
        {touched && problem ? (
          <p id={`${ids}-problem`} className="kite-set-variable-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="kite-dialog-actions">
          <DialogClose type="button" className="kite-button">
            Cancel
          </DialogClose>
          <button type="submit" className="kite-button" data-variant="primary">
            Set variable
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
