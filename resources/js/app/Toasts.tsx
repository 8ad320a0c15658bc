// The toast area: sonner with the product's figures. Sonner's own constants already give the
// rest of them (width 356 px, swipe threshold 45 px or velocity 0.11, 200 ms removal). Sonner
// loads when the browser is idle after start, or at once when a toast is asked for (lib/toast.ts).
import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle';
import { sonnerHotkey } from '../lib/keyboard-shortcuts';
import { loadSonner, onToastRequested, toasterMounted } from '../lib/toast';

type Sonner = Awaited<ReturnType<typeof loadSonner>>;

export const TOAST_DEFAULTS = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  position: 'bottom-right' as const,
  hotkey: sonnerHotkey('notifications'),
};

export function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let active = true;
    const load = () =>
      loadSonner().then(
        (module) => active && setSonner(module),
        () => undefined,
      );
    // Loaded when the prefetch queue gets to it, unless a toast asks for it first.
    const cancelIdle = whenIdle(load, 'toaster');
    const stopListening = onToastRequested(() => void load());
    return () => {
      active = false;
      cancelIdle();
      stopListening();
    };
  }, []);
  // Runs after the toaster's own effects, so it has subscribed when the queued toasts arrive.
  useEffect(() => (sonner ? toasterMounted(sonner) : undefined), [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      theme={theme}
      position={TOAST_DEFAULTS.position}
      duration={TOAST_DEFAULTS.duration}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      gap={TOAST_DEFAULTS.gap}
      hotkey={TOAST_DEFAULTS.hotkey}
      closeButton
      richColors
    />
  );
}
