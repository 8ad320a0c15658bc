// The keyboard shortcuts sheet (Radix Dialog): every shortcut of lib/keyboard-shortcuts.ts, the list
// the key handlers match against, grouped. Lazy.
import { DialogFrame } from '../../components/DialogFrame';
import { Fragment } from 'react';
import '../../../css/shortcuts-sheet.lazy.css';
import { SHORTCUT_GROUPS, comboLabels, modifierLabel } from '../../lib/keyboard-shortcuts';

export default function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mod = modifierLabel(navigator.platform);
  return (
    <DialogFrame open={open} variant="sheet" title="Keyboard shortcuts" closeLabel="Close" onClose={() => onOpenChange(false)}>
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
    </DialogFrame>
  );
}
