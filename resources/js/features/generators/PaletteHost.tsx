// Mounted once in the shell. Small on purpose (it is in the initial bundle): it listens for double
// Shift and for the opening action, and loads the palette's UI chunk only when it is first needed
// (or a little after start-up, when the browser is idle).
//
// The chunk is loaded with a dynamic import and kept in state rather than through React.lazy and
// Suspense: React holds back revealing a resolved Suspense boundary for up to 300 ms (its fallback
// throttle), which made the first opening take ~350 ms instead of ~50 ms.
import { useCallback, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { toast } from '../../lib/toast';
import { loadOnce, whenIdle } from '../../lib/idle';
import { onGeneratorPaletteOpen, openGeneratorPalette, type PaletteOpenRequest } from '../../lib/palette-command';
import { createDoubleShiftDetector } from './double-shift';

interface PaletteProps {
  request: PaletteOpenRequest;
  open: boolean;
  onClose(): void;
}

type PaletteChunk = { default: ComponentType<PaletteProps>; preloadGeneratorKit(): Promise<unknown> };

// Retried on the next opening when the download failed.
const loadPaletteChunk: () => Promise<PaletteChunk> = loadOnce(() => import('./GeneratorPalette'));

/** Fetch the palette and faker once the first screen has settled, so the first opening is quick. */
function prefetchWhenIdle(): () => void {
  return whenIdle(
    () =>
      loadPaletteChunk()
        .then((loaded) => loaded.preloadGeneratorKit())
        .catch(() => {
          // offline or a stale deployment: the palette retries when it is opened
        }),
    'palette',
  );
}

export function PaletteHost() {
  const [request, setRequest] = useState<PaletteOpenRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [Palette, setPalette] = useState<ComponentType<PaletteProps> | null>(null);

  // From the commit that mounts it (as the double Shift's listener below): an opening asked for as
  // the screen appears is not lost.
  useLayoutEffect(
    () =>
      onGeneratorPaletteOpen((next) => {
        setRequest(next);
        setOpen(true);
      }),
    [],
  );

  useEffect(() => {
    if (!open || Palette) return;
    let cancelled = false;
    loadPaletteChunk().then(
      (loaded) => !cancelled && setPalette(() => loaded.default),
      () => {
        if (cancelled) return;
        setOpen(false);
        toast.error('Could not load the generator palette. Check the connection and try again.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, Palette]);

  // From the commit that mounts it, as ShortcutsHost's: a double Shift as the screen appears is not lost.
  useLayoutEffect(() => {
    if (open) return undefined;
    const detector = createDoubleShiftDetector();
    const onKeyDown = (event: KeyboardEvent) => detector.keyDown(event);
    const onKeyUp = (event: KeyboardEvent) => {
      if (detector.keyUp(event)) openGeneratorPalette({ method: 'double-shift' });
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [open]);

  useEffect(() => prefetchWhenIdle(), []);

  const close = useCallback(() => setOpen(false), []);

  if (!request || !Palette) return null;
  return <Palette request={request} open={open} onClose={close} />;
}
