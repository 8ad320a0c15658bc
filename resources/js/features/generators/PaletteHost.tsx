// Mounted once in the shell. Small on purpose (it is in the initial bundle): it listens for double
// Shift and for the opening action, and loads the palette's UI chunk only when it is first needed
// (or a little after start-up, when the browser is idle).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { onGeneratorPaletteOpen, openGeneratorPalette, type PaletteOpenRequest } from '../../lib/palette-command';
import { createDoubleShiftDetector } from './double-shift';

const loadPaletteChunk = () => import('./GeneratorPalette');
const GeneratorPalette = lazy(loadPaletteChunk);

/** Fetch the palette and faker once the first screen has settled, so the first opening is quick. */
const PREFETCH_AFTER_MS = 2000;

function prefetchWhenIdle(): () => void {
  const prefetch = () => {
    loadPaletteChunk()
      .then((chunk) => chunk.preloadGeneratorKit())
      .catch(() => {
        // offline or a stale deployment: the palette retries when it is opened
      });
  };
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(prefetch, { timeout: 5000 });
    else prefetch();
  }, PREFETCH_AFTER_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

export function PaletteHost() {
  const [request, setRequest] = useState<PaletteOpenRequest | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      onGeneratorPaletteOpen((next) => {
        setRequest(next);
        setOpen(true);
      }),
    [],
  );

  useEffect(() => {
    if (open) return undefined;
    const detector = createDoubleShiftDetector();
    const onKeyDown = (event: KeyboardEvent) => detector.keyDown({ key: event.key, time: event.timeStamp, repeat: event.repeat });
    const onKeyUp = (event: KeyboardEvent) => {
      if (detector.keyUp({ key: event.key, time: event.timeStamp })) openGeneratorPalette({ method: 'double-shift' });
    };
    // The window losing focus mid-press (Shift+Tab to another window) must not leave half a pair.
    const onBlur = () => detector.reset();
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [open]);

  useEffect(() => prefetchWhenIdle(), []);

  const close = useCallback(() => setOpen(false), []);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <GeneratorPalette request={request} open={open} onClose={close} />
    </Suspense>
  );
}
