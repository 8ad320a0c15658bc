// Saving a request: its name (and folder) asked in a dialog, then written to the workspace. When the
// request holds credentials, the dialog says which values are kept out of the file and the
// `{{variable}}` written instead (a new secret variable for each, named here), before anything is written.
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import { useAtomValue, useStore } from 'jotai';
import { useId, useState } from 'react';
import { openSavedAtom } from '../tabs/tabs';
import { chosenNamesProblem } from '../../model/workspace/saved-credentials';
import { variableScopeAtom } from './workspace-atoms';
import { credentialHome, pendingCredentials, pendingSecretValues, saveCurrentRequest } from './workspace-sync';

export default function SaveDialog({ onClose, suggestion, fileName }: { onClose: () => void; suggestion: string; fileName?: string }) {
  const store = useStore();
  const ids = useId();
  const open = useAtomValue(openSavedAtom);
  const scope = useAtomValue(variableScopeAtom);
  const [name, setName] = useState(open?.name ?? suggestion);
  const [folder, setFolder] = useState(open?.folder ?? '');
  const [items] = useState(() => pendingCredentials(store));
  const [secretValues] = useState(() => pendingSecretValues(store));
  const [variables, setVariables] = useState<Record<string, string>>(() => Object.fromEntries(items.map((item) => [item.id, item.suggested])));
  const [busy, setBusy] = useState(false);
  const problem = chosenNamesProblem(items, variables, scope);
  const home = credentialHome(store);
  const submit = async () => {
    if (!name.trim() || busy || problem) return;
    setBusy(true);
    // The route's name names the file while the suggested name is kept: a long summary makes a long file name.
    const saved = await saveCurrentRequest(store, { name, folder, variables, fileName: name === suggestion ? fileName : undefined });
    setBusy(false);
    if (saved) onClose();
  };
  return (
    <DialogFrame variant="sm" title="Save request" onClose={onClose}>
      <form
        className="kite-dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="kite-inline-field">
          <span>Name</span>
          <input className="kite-input" value={name} onChange={(event) => setName(event.target.value)} autoFocus />
        </label>
        <label className="kite-inline-field">
          <span>Folder</span>
          <input className="kite-input" value={folder} placeholder="optional, e.g. auth" onChange={(event) => setFolder(event.target.value)} />
        </label>
        {items.length + secretValues.length > 0 && (
          <fieldset className="kite-save-credentials">
            <legend>Credentials kept out of the file</legend>
            <p className="kite-muted">
              Each is written as a {'{{variable}}'}; a new one becomes a secret variable in {home.label}, kept only in this browser.
            </p>
            <ul>
              {items.map((item) => (
                <li key={item.id}>
                  <span id={`${ids}-${item.id}`}>{item.where}</span>
                  <span aria-hidden="true">→</span>
                  {item.existing ? (
                    <code>{`{{${item.existing}}}`} (secret, same value)</code>
                  ) : (
                    <span className="kite-save-credential-name">
                      <code aria-hidden="true">{'{{'}</code>
                      <input
                        className="kite-input kite-mono"
                        aria-label={`Variable for ${item.where}`}
                        spellCheck={false}
                        value={variables[item.id]}
                        onChange={(event) => setVariables((previous) => ({ ...previous, [item.id]: event.target.value }))}
                      />
                      <code aria-hidden="true">{'}}'}</code>
                    </span>
                  )}
                </li>
              ))}
              {secretValues.map((secret) => (
                <li key={secret}>
                  <span>the value of a secret</span>
                  <span aria-hidden="true">→</span>
                  <code>{`{{${secret}}}`}</code>
                </li>
              ))}
            </ul>
            {problem && (
              <p className="kite-save-credentials-problem" role="alert">
                {problem}
              </p>
            )}
          </fieldset>
        )}
        <div className="kite-dialog-actions">
          <DialogClose type="button" className="kite-button">
            Cancel
          </DialogClose>
          <button type="submit" className="kite-button" data-variant="primary" disabled={!name.trim() || busy || problem !== null}>
            Save
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
