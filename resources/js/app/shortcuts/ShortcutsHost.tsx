// Mounted once in the shell: "?" outside a text field opens the shortcuts sheet, whose chunk
// (Radix Dialog and the list) loads on that first press.
import { type ComponentType, useState } from 'react';
import { loadOnce } from '../../lib/idle';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import { opensShortcutSheet } from './shortcut-key';

type Sheet = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
const loadSheet = loadOnce(() => import('./ShortcutsSheet'));

export function ShortcutsHost() {
  const [open, setOpen] = useState(false);
  const [Sheet, setSheet] = useState<Sheet | null>(null);
  // From the commit that mounts it: a "?" pressed as the screen appeared was lost (a CI failure).
  useWindowKeydown((event) => {
    if (!opensShortcutSheet(event, document.activeElement)) return;
    event.preventDefault();
    setOpen(true);
    void loadSheet().then((chunk) => setSheet(() => chunk.default), () => setOpen(false));
  });
  return Sheet ? <Sheet open={open} onOpenChange={setOpen} /> : null;
}
