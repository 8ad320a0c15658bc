// "Folder settings…" of a folder in the Saved pane (folder '' is the workspace): the auth its requests
// inherit, edited with the Auth tab's own editor and written to folders/SLUG.json. A folder's file
// keeps `{{variable}}` references only, as a saved request's does: a literal credential is refused
// here, with what to do instead, and nothing typed is lost.
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import { useAtomValue, useStore } from 'jotai';
import { useState, type ComponentType } from 'react';
import { normalizeAuth } from '../../model/request/normalize-request';
import type { AuthState } from '../../model/request/request-state';
import { isReferenceOnly } from '../../model/workspace/credentials';
import { folderLineage, folderSettingsOf, newFolderSettingsPath } from '../../model/workspace/inherited-auth';
import { AUTH_FIELDS_KEPT } from '../../model/workspace/saved-credentials';
import { savedAuthOf } from '../../model/workspace/saved-requests';
import { toast } from '../../lib/toast';
import type { FolderAuthEditorProps } from './saved-pane-tools';
import { effectiveAuthIn, folderSettingsAtom, workspaceListingAtom } from './saved-atoms';
import { workspaceErrorMessage, writeWorkspaceFile } from '../../lib/http/workspace-api';
import { refreshWorkspace } from './workspace-sync';

/** The auth fields holding literal text, which a folder's file must not keep. */
const literalFields = (auth: AuthState) => AUTH_FIELDS_KEPT[auth.type].filter((field) => !isReferenceOnly(auth[field] ?? ''));

/** `AuthEditor`: the Auth tab's own editor (features/auth), handed over through the Saved pane's tools. */
export default function FolderSettingsDialog({ folder, AuthEditor, onClose }: { folder: string; AuthEditor: ComponentType<FolderAuthEditorProps>; onClose: () => void }) {
  const store = useStore();
  const files = useAtomValue(folderSettingsAtom);
  const listing = useAtomValue(workspaceListingAtom);
  const settings = folderSettingsOf(folder, files.map((item) => item.content));
  const file = files.find((item) => item.content === settings);
  const [auth, setAuth] = useState<AuthState>(() => normalizeAuth(file?.content.auth ?? { type: 'inherit' }, 'inherit'));
  const [busy, setBusy] = useState(false);
  const literal = literalFields(auth);
  // A folder inherits from its parent; the workspace has nothing above it but the default type.
  const parent = folderLineage(folder)[1];
  const inherited = folder === '' ? undefined : effectiveAuthIn(store.get, { ...auth, type: 'inherit' }, parent);
  const title = folder === '' ? 'Workspace settings' : `Folder settings — ${folder}`;

  const save = async () => {
    if (busy || literal.length > 0) return;
    setBusy(true);
    const path = file?.path ?? newFolderSettingsPath(folder, listing?.files.map((item) => item.path) ?? []);
    try {
      await writeWorkspaceFile(path, { folder, auth: savedAuthOf(auth) }, file?.modifiedMs);
      toast.success(`Saved ${path}`);
      await refreshWorkspace(store).catch(() => {});
      onClose();
    } catch (error) {
      toast.error(`${path} could not be saved`, { description: await workspaceErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame variant="sm" title={title} onClose={onClose}>
      <form
        className="kite-dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="kite-muted">
          {folder === '' ? 'Saved requests' : `Saved requests in ${folder} and its sub-folders`} whose auth is “Inherit from folder” send this auth.
        </p>
        <AuthEditor auth={auth} onChange={setAuth} inherited={inherited} />
        {literal.length > 0 && (
          <p className="kite-save-credentials-problem" role="alert">
            A folder&apos;s settings are a file of the project: its {literal.join(', ')} must be a {'{{variable}}'} (a secret variable of your environment), not the value itself.
          </p>
        )}
        <div className="kite-dialog-actions">
          <DialogClose type="button" className="kite-button">
            Cancel
          </DialogClose>
          <button type="submit" className="kite-button" data-variant="primary" disabled={busy || literal.length > 0 || listing?.writable === false}>
            Save
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
