// "Export as test…" on a saved request or a folder of the Saved pane: a menu of the formats
// (PHPUnit, Pest, node:test); choosing one reads the files (in file-name order, as `kite run`
// sends them), makes the test with the model (loaded then: model/export-tests) and downloads it.
// The active environment's plain values go in; its secrets are read from KITE_VAR_<name> by the test.
import { useStore } from 'jotai';
import { FlaskConical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { onMenuKeyDown } from '../../components/menu-keys';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { TEST_FORMATS, type TestFormat } from '../../model/export-tests/formats';
import { environmentFile } from '../../model/workspace/environment-files';
import { activeEnvironment } from '../../model/workspace/environments';
import type { SavedRequestFile } from '../../../../protocol/types';
import { workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';
import { readWorkspaceFile, workspaceErrorMessage } from './workspace-api';


export function ExportTestMenu({ title, paths }: { title: string; paths: string[] }) {
  const store = useStore();
  // Where the menu opens: fixed below its button, as the pane scrolls and would clip it.
  const [open, setOpen] = useState<{ top: number; right: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const exportAs = async (format: TestFormat) => {
    setOpen(null);
    try {
      const files = await Promise.all([...paths].sort().map(async (path) => (await readWorkspaceFile(path)).content as SavedRequestFile));
      const environment = activeEnvironment(store.get(workspaceStoreAtom), store.get(workspaceApplicationAtom));
      const { exportTest } = await import('../../model/export-tests/export-test');
      const exported = exportTest(files, format, title, environment ? environmentFile(environment) : undefined);
      downloadFile(exported.text, exported.fileName);
      toast.success(`${exported.fileName} downloaded`, exported.notes.length > 0 ? { description: exported.notes.join(' ') } : undefined);
    } catch (error) {
      toast.error(`${title} could not be exported as a test`, { description: await workspaceErrorMessage(error) });
    }
  };

  const label = `Export ${title} as test…`;
  return (
    <div className="kite-export-test-anchor">
      <button ref={button} type="button" className="kite-tool-button" aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open !== null} onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setOpen((previous) => (previous ? null : { top: rect.bottom + 4, right: window.innerWidth - rect.right }));
        }}>
        <FlaskConical size={13} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={box}
          role="menu"
          aria-label={`Export ${title} as`}
          className="kite-export-test-menu"
          style={{ top: open.top, right: open.right }}
          onKeyDown={(event) =>
            onMenuKeyDown(event, box.current, () => {
              setOpen(null);
              button.current?.focus();
            })
          }
        >
          {TEST_FORMATS.map((format) => (
            <button key={format.id} type="button" role="menuitem" className="kite-export-test-item" onClick={() => void exportAs(format.id)}>
              {format.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
