// The import of files chosen or dropped on the Saved pane, run once, then its report. Loaded only
// when files are imported (the readers stay out of the first load).
import '../../../css/import.lazy.css';
import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { importFiles, type ImportOutcome } from './import-files';
import ImportReportDialog from './ImportReportDialog';

const askOverwrite = (paths: string[]) =>
  window.confirm(`${paths.length === 1 ? 'This file exists' : `These ${paths.length} files exist`} in the workspace:\n${paths.join('\n')}\n\nOverwrite ${paths.length === 1 ? 'it' : 'them'}? (Cancel imports the rest and keeps ${paths.length === 1 ? 'it' : 'them'}.)`);

export default function ImportFlow({ files, onDone }: { files: File[]; onDone: () => void }) {
  const store = useStore();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  useEffect(() => {
    let live = true;
    importFiles(store, files, askOverwrite).then(
      (done) => live && setOutcome(done),
      (error: unknown) => {
        toast.error('The import failed', { description: error instanceof Error ? error.message : String(error) });
        onDone();
      },
    );
    return () => {
      live = false;
    };
  }, [store, files, onDone]);
  if (!outcome) return <p className="kite-empty-note" role="status">Importing {files.length === 1 ? files[0].name : `${files.length} files`}…</p>;
  return <ImportReportDialog outcome={outcome} onClose={onDone} />;
}
