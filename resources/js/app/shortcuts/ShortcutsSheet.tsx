// The keyboard shortcuts sheet (Radix Dialog): every shortcut of lib/keyboard-shortcuts.ts, the list
// the key handlers match against, grouped. Lazy.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Fragment } from 'react';
import '../../../css/shortcuts-sheet.lazy.css';
import { SHORTCUT_GROUPS, comboLabels, modifierLabel } from '../../lib/keyboard-shortcuts';

export default function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mod = modifierLabel(navigator.platform);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="kite-sheet-overlay" />
        <Dialog.Content className="kite-sheet" aria-describedby={undefined}>
          <div className="kite-sheet-head">
            <Dialog.Title className="kite-sheet-title">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close className="kite-tool-button" aria-label="Close">
              <X size={16} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="kite-sheet-groups">
            {SHORTCUT_GROUPS.map((group) => (
              <section key={group.title} aria-label={group.title}>
                <h3 className="kite-section-title">{group.title}</h3>
                <dl className="kite-shortcuts">
                  {group.shortcuts.map((shortcut) => (
                    <div key={shortcut.action} className="kite-shortcut">
                      <dt>
                        {shortcut.combos.map((combo, i) => (
                          <Fragment key={i}>
                            {i > 0 && <span className="kite-muted"> / </span>}
                            {comboLabels(combo, mod).map((part, j) => (
                              <Fragment key={j}>
                                {j > 0 && <span className="kite-muted">{'twice' in combo ? ' ' : '+'}</span>}
                                <kbd>{part}</kbd>
                              </Fragment>
                            ))}
                          </Fragment>
                        ))}
                      </dt>
                      <dd>{shortcut.action}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
