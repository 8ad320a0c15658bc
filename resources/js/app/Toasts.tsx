// The toast area: sonner with the product's figures. Sonner's own constants already give the
// rest of them (width 356 px, swipe threshold 45 px or velocity 0.11, 200 ms removal).
import { Toaster } from 'sonner';

export const TOAST_DEFAULTS = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  position: 'bottom-right',
  hotkey: ['altKey', 'KeyT'],
} as const;

export function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <Toaster
      theme={theme}
      position={TOAST_DEFAULTS.position}
      duration={TOAST_DEFAULTS.duration}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      gap={TOAST_DEFAULTS.gap}
      hotkey={[...TOAST_DEFAULTS.hotkey]}
      closeButton
      richColors
    />
  );
}
