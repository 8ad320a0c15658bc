// Mounted once in the shell: "?" outside a text field opens the shortcuts sheet, whose chunk
// (Radix Dialog and the list) loads on that first press.
import { type ComponentType, useLayoutEffect, useState } from 'react';
import { loadOnce } from '../../lib/idle';
import { opensShortcutSheet } from './shortcut-key';

type Sheet = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
const loadSheet = loadOnce(() => import('./ShortcutsSheet'));

export function ShortcutsHost() {
  const [open, setOpen] = useState(false);
  const [Sheet, setSheet] = useState<Sheet | null>(null);
  // Listening from the commit that mounts it, not after the paint (useEffect): the screen drawn in
  // that commit can take a key before passive effects run (Chromium handles input first), and a
  // "?" pressed as the screen appeared was lost (a CI failure).
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensShortcutSheet(event, document.activeElement)) return;
      event.preventDefault();
      setOpen(true);
      void loadSheet().then((chunk) => setSheet(() => chunk.default), () => setOpen(false));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return Sheet ? <Sheet open={open} onOpenChange={setOpen} /> : null;
}
