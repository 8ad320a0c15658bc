// Saving a new request: its name (and folder) asked in a dialog, then written to the workspace.
import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from 'jotai';
import { useState } from 'react';
import { saveCurrentRequest } from './workspace-sync';

export default function SaveDialog({ onClose, suggestion }: { onClose: () => void; suggestion: string }) {
  const store = useStore();
  const [name, setName] = useState(suggestion);
  const [folder, setFolder] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim() || busy) return;
    setBusy(true);
    const saved = await saveCurrentRequest(store, { name, folder });
    setBusy(false);
    if (saved) onClose();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="kite-dialog-overlay" />
        <Dialog.Content className="kite-dialog kite-dialog-sm" aria-describedby={undefined}>
          <Dialog.Title className="kite-dialog-title">Save request</Dialog.Title>
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
            <div className="kite-dialog-actions">
              <Dialog.Close type="button" className="kite-button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="kite-button" data-variant="primary" disabled={!name.trim() || busy}>
                Save
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
