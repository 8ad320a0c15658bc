// "Export" on the Saved pane (the workspace, or a folder): a small menu of the two formats. The
// export itself (./export-files.ts and the model's writers) loads only when one is chosen.
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { onMenuKeyDown } from '../../components/menu-keys';

export function ExportMenu({ folder, label }: { folder: string; label: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);
  const choose = (format: 'postman' | 'openapi') => {
    setOpen(false);
    void import('./export-files').then((module) => module.exportToFiles(format, folder));
  };
  return (
    <div className="kite-export-menu-anchor">
      <button ref={button} type="button" className="kite-tool-button kite-saved-export" aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((previous) => !previous)}>
        <Download size={13} aria-hidden="true" />
        {folder ? null : ' Export'}
      </button>
      {open ? (
        <div
          ref={box}
          role="menu"
          aria-label={label}
          className="kite-export-menu"
          onKeyDown={(event) =>
            onMenuKeyDown(event, box.current, () => {
              setOpen(false);
              button.current?.focus();
            })
          }
        >
          <button type="button" role="menuitem" className="kite-export-menu-item" onClick={() => choose('postman')}>
            Export as Postman collection
          </button>
          <button type="button" role="menuitem" className="kite-export-menu-item" onClick={() => choose('openapi')}>
            Export as OpenAPI
          </button>
        </div>
      ) : null}
    </div>
  );
}
