// "Export" on the Saved pane — the workspace, a folder, or one saved request: one menu of every
// format, the collections (Postman, OpenAPI) then, after a separator, the tests (PHPUnit, Pest,
// node:test). ↑/↓ move between the items, Escape or Tab closes it. The export itself
// (./export-files.ts and the model's writers) loads only when a format is chosen.
import { useStore } from 'jotai';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { onMenuKeyDown } from '../../components/menu-keys';
import type { ExportFormat } from '../../model/import/export';
import { TEST_FORMATS, type TestFormat } from '../../model/export-tests/formats';
import { activeEnvironment } from '../../model/workspace/environments';
import { workspaceApplicationAtom, workspaceStoreAtom, type ExportMenuProps } from '../workspace/workspace';

const COLLECTION_FORMATS: ReadonlyArray<{ id: ExportFormat; label: string }> = [
  { id: 'postman', label: 'Postman collection' },
  { id: 'openapi', label: 'OpenAPI' },
];


export function ExportMenu({ label, title, folder, paths, withText = false }: ExportMenuProps) {
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

  const collection = (format: ExportFormat) => {
    setOpen(null);
    void import('./export-files').then((module) => module.exportToFiles(format, { folder, paths, title }));
  };
  const test = (format: TestFormat) => {
    setOpen(null);
    const environment = activeEnvironment(store.get(workspaceStoreAtom), store.get(workspaceApplicationAtom));
    void import('./export-files').then((module) => module.exportTestToFile(format, { folder, paths, title }, environment));
  };

  return (
    <div className="kite-export-menu-anchor">
      <button
        ref={button}
        type="button"
        className={withText ? 'kite-tool-button kite-saved-export' : 'kite-tool-button'}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setOpen((previous) => (previous ? null : { top: rect.bottom + 4, right: window.innerWidth - rect.right }));
        }}
      >
        <Download size={13} aria-hidden="true" />
        {withText ? ' Export' : null}
      </button>
      {open && (
        <div
          ref={box}
          role="menu"
          aria-label={label}
          className="kite-export-menu"
          style={{ top: open.top, right: open.right }}
          onKeyDown={(event) =>
            onMenuKeyDown(event, box.current, () => {
              setOpen(null);
              button.current?.focus();
            })
          }
        >
          {COLLECTION_FORMATS.map((format) => (
            <button key={format.id} type="button" role="menuitem" className="kite-export-menu-item" onClick={() => collection(format.id)}>
              {format.label}
            </button>
          ))}
          <div role="separator" className="kite-export-menu-separator" />
          {TEST_FORMATS.map((format) => (
            <button key={format.id} type="button" role="menuitem" className="kite-export-menu-item" onClick={() => test(format.id)}>
              {format.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
