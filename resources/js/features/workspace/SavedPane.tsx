// The left pane's "Saved" tab: the requests of the workspace folder, in folders, searchable. Read
// again whenever the window gets the focus back, so a file edited on disk shows up. In its Select
// mode each request gets a checkbox (Shift ticks a range) and "Run selected (N)" runs them in order.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { FileUp, FolderCog, FolderOpen, ListChecks, Lock, Play, Trash2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { SearchBox } from '../../components/SearchBox';
import { toast } from '../../lib/toast';
import type { RequestDefaults } from '../../model/request/request-state';
import { openSavedAtom } from '../tabs/tabs';
import { savedEntriesAtom, workspaceListingAtom } from './saved-atoms';
import { readableInPaneOrder, runEntriesOf, selectionAfterToggle } from '../../model/runs/run-plan';
import { savedFolders } from '../../model/workspace/saved-requests';
import { deleteWorkspaceFile, workspaceErrorMessage } from '../../lib/http/workspace-api';
import { openSavedRequest, refreshWorkspace } from './workspace-sync';
import type { SavedPaneTools } from './saved-pane-tools';

const FolderSettingsDialog = lazy(() => import('./FolderSettingsDialog'));

/** `tools`: the import, the export, the auth editor and the run of other features (saved-pane-tools.ts). */
export default function SavedPane({ defaults, tools }: { defaults: RequestDefaults; tools: SavedPaneTools }) {
  const { ExportMenu, ImportFlow } = tools;
  const store = useStore();
  const listing = useAtomValue(workspaceListingAtom);
  const entries = useAtomValue(savedEntriesAtom);
  const open = useAtomValue(openSavedAtom);
  const setOpen = useSetAtom(openSavedAtom);
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // Files being imported (chosen or dropped): Postman, Insomnia, Bruno, HAR, OpenAPI, cURL (tools.ImportFlow).
  const [importing, setImporting] = useState<File[] | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  // The folder whose settings are being edited ('' the workspace), or null.
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const importDone = useCallback(() => setImporting(null), []);
  // The Select mode: the paths ticked, and the last one ticked or unticked (where a Shift range starts).
  const [selection, setSelection] = useState<{ paths: Set<string>; anchor: string | null } | null>(null);
  // Files dropped (or chosen) before the folder's listing has come wait for it: whether the folder
  // takes them is known only then. A drop used to be dropped silently meanwhile.
  const [waitingFiles, setWaitingFiles] = useState<File[] | null>(null);
  const importInto = useCallback((files: File[], into: NonNullable<typeof listing>) => {
    if (into.writable) setImporting(files);
    else toast.error('The workspace folder is read-only: nothing was imported', into.readOnlyReason ? { description: into.readOnlyReason } : undefined);
  }, []);
  const startImport = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (listing) importInto([...files], listing);
    else setWaitingFiles([...files]);
  };
  useEffect(() => {
    if (!waitingFiles || !listing) return;
    setWaitingFiles(null);
    importInto(waitingFiles, listing);
  }, [waitingFiles, listing, importInto]);

  useEffect(() => {
    const refresh = () =>
      void refreshWorkspace(store).then(
        () => setFailure(null),
        async (error) => setFailure(await workspaceErrorMessage(error)),
      );
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [store]);

  const openEntry = (path: string) => openSavedRequest(store, path, defaults);

  const remove = async (path: string, name: string) => {
    if (!window.confirm(`Delete the saved request "${name}" (${path})?`)) return;
    try {
      await deleteWorkspaceFile(path);
      if (store.get(openSavedAtom)?.path === path) setOpen(null);
      await refreshWorkspace(store);
    } catch (error) {
      toast.error(`${path} could not be deleted`, { description: await workspaceErrorMessage(error) });
    }
  };

  const folders = savedFolders(entries, search);
  const selectedEntries = selection ? runEntriesOf(entries, { paths: [...selection.paths] }) : [];
  const toggleSelected = (path: string, on: boolean, range: boolean) =>
    setSelection((current) => {
      const paths = current?.paths ?? new Set<string>();
      const shown = readableInPaneOrder(folders.flatMap((group) => group.entries)).map((entry) => entry.path);
      return { paths: selectionAfterToggle(paths, shown, path, on, range ? current?.anchor : null), anchor: path };
    });
  return (
    <nav
      className="kite-saved"
      aria-label="Saved requests"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selection) {
          event.stopPropagation();
          setSelection(null);
        }
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        startImport(event.dataTransfer.files);
      }}
    >
      <SearchBox value={search} onChange={setSearch} label="Search saved requests" />
      {listing && (
        <p className="kite-saved-folder kite-muted" title={listing.readOnlyReason}>
          <FolderOpen size={13} aria-hidden="true" /> <span className="kite-mono">{listing.folder}</span>
          {!listing.writable && (
            <span className="kite-saved-readonly">
              <Lock size={12} aria-hidden="true" /> Read-only
            </span>
          )}
          <button type="button" className="kite-tool-button" title="Workspace settings… (the auth saved requests inherit)" aria-label="Workspace settings…" onClick={() => setSettingsOf('')}>
            <FolderCog size={13} aria-hidden="true" />
          </button>
          {listing.writable && (
            <button type="button" className="kite-tool-button kite-saved-import" title="Import Postman, Insomnia, Bruno, HAR, OpenAPI or cURL files (or drop them here)" onClick={() => picker.current?.click()}>
              <FileUp size={13} aria-hidden="true" /> Import
            </button>
          )}
          {entries.length > 0 && (
            <button type="button" className="kite-tool-button" aria-pressed={selection !== null} title="Select requests to run (Escape leaves)" aria-label="Select requests to run" onClick={() => setSelection(selection ? null : { paths: new Set(), anchor: null })}>
              <ListChecks size={13} aria-hidden="true" />
            </button>
          )}
          {entries.length > 0 && <ExportMenu label="Export the saved requests" title="" folder="" paths={entries.filter((entry) => !entry.problem).map((entry) => entry.path)} withText />}
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            aria-label="Import files"
            onChange={(event) => {
              startImport(event.target.files);
              event.target.value = '';
            }}
          />
        </p>
      )}
      {selection && (
        <div className="kite-saved-selection" role="toolbar" aria-label="Selected requests">
          <button type="button" className="kite-button" data-variant="primary" disabled={selectedEntries.length === 0} onClick={() => store.set(tools.runTargetAtom, { paths: selectedEntries.map((entry) => entry.path) })}>
            <Play size={12} aria-hidden="true" /> Run selected ({selectedEntries.length})
          </button>
          <button type="button" className="kite-link-button" disabled={selection.paths.size === 0} onClick={() => setSelection({ paths: new Set(), anchor: null })}>
            Clear selection
          </button>
          <button type="button" className="kite-link-button" onClick={() => setSelection(null)}>
            Done
          </button>
        </div>
      )}
      {importing && (
        <Suspense fallback={<p className="kite-empty-note" role="status">Importing…</p>}>
          <ImportFlow files={importing} onDone={importDone} />
        </Suspense>
      )}
      {settingsOf !== null && (
        <Suspense fallback={null}>
          <FolderSettingsDialog folder={settingsOf} AuthEditor={tools.AuthEditor} onClose={() => setSettingsOf(null)} />
        </Suspense>
      )}
      {listing && !listing.writable && <p className="kite-empty-note">{listing.readOnlyReason}. Saving is off.</p>}
      {failure && <p className="kite-empty-note" role="alert">The workspace could not be read: {failure}</p>}
      {listing && entries.length === 0 && !failure && <p className="kite-empty-note">No saved requests yet. Press Ctrl+S (⌘S) to save the request you are building.</p>}
      {folders.map((group) => (
        <section key={group.folder} aria-label={group.folder || 'Top level'}>
          {group.folder && (
            <div className="kite-saved-folder-head">
              <h3 className="kite-section-title">{group.folder}</h3>
              <button type="button" className="kite-tool-button" title="Folder settings…" aria-label={`Folder settings… ${group.folder}`} onClick={() => setSettingsOf(group.folder)}>
                <FolderCog size={13} aria-hidden="true" />
              </button>
              {/* The folder's requests in order, once per data row (features/runs, shown by the shell). */}
              <button type="button" className="kite-tool-button kite-saved-run" aria-label={`Run folder ${group.folder}`} title={`Run the requests of ${group.folder} in order`} onClick={() => store.set(tools.runTargetAtom, { folder: group.folder })}>
                <Play size={12} aria-hidden="true" /> Run
              </button>
              <ExportMenu
                label={`Export folder ${group.folder}`}
                title={group.folder}
                folder={group.folder}
                paths={entries.filter((entry) => !entry.problem && (entry.folder === group.folder || entry.folder.startsWith(`${group.folder}/`))).map((entry) => entry.path)}
              />
            </div>
          )}
          <ul className="kite-saved-list">
            {group.entries.map((entry) => (
              <li key={entry.path} className="kite-saved-item" data-selected={open?.path === entry.path || undefined}>
                {selection && !entry.problem && (
                  <input
                    type="checkbox"
                    className="kite-saved-check"
                    aria-label={`Select ${entry.name}`}
                    checked={selection.paths.has(entry.path)}
                    onChange={(event) => toggleSelected(entry.path, event.target.checked, 'shiftKey' in event.nativeEvent && event.nativeEvent.shiftKey === true)}
                  />
                )}
                <button type="button" className="kite-saved-open" disabled={Boolean(entry.problem)} title={entry.problem ?? entry.path} onClick={() => void openEntry(entry.path)}>
                  <span className="kite-method" data-method={entry.method}>
                    {entry.method || '!'}
                  </span>
                  <span className="kite-saved-name">{entry.name}</span>
                  {entry.problem && <span className="kite-saved-problem">{entry.problem}</span>}
                </button>
                {!entry.problem && <ExportMenu label={`Export ${entry.name}`} title={entry.name} folder={entry.folder} paths={[entry.path]} />}
                <button type="button" className="kite-tool-button" aria-label={`Delete saved request ${entry.name}`} disabled={!listing?.writable} onClick={() => void remove(entry.path, entry.name)}>
                  <Trash2 size={13} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
