// Toasts, with sonner loaded after the first screen: sonner is ~10 KB gzip that the first paint
// never shows. A toast asked for before sonner and its toaster are there waits in a queue and is
// shown as soon as the toaster has mounted (sonner drops toasts raised before its toaster
// subscribes), so no message is lost at start-up.
import type { toast as SonnerToast } from 'sonner';
import { loadOnce } from './idle';

type Sonner = typeof import('sonner');

export const loadSonner = loadOnce((): Promise<Sonner> => import('sonner'));

let ready: Sonner | null = null;
const queued: Array<(sonner: Sonner) => void> = [];
const listeners = new Set<() => void>();

/**
 * Called by the toast area once sonner's toaster has mounted: shows what waited. Returns what to
 * call when it unmounts, after which toasts wait again for the next toaster.
 */
export function toasterMounted(sonner: Sonner): () => void {
  ready = sonner;
  for (const show of queued.splice(0)) show(sonner);
  return () => {
    ready = null;
  };
}

/**
 * The toast area listens here to load sonner at once when a toast is asked for early; one asked
 * for before it listened (a stored value that did not read, at start) calls it at once.
 */
export function onToastRequested(listener: () => void): () => void {
  listeners.add(listener);
  if (queued.length > 0) listener();
  return () => listeners.delete(listener);
}

function withSonner(show: (sonner: Sonner) => void): void {
  if (ready) {
    show(ready);
    return;
  }
  queued.push(show);
  for (const listener of listeners) listener();
}

type Show<K extends 'error' | 'success' | 'info' | 'warning'> = (...args: Parameters<(typeof SonnerToast)[K]>) => void;
const kind =
  <K extends 'error' | 'success' | 'info' | 'warning'>(name: K): Show<K> =>
  (...args) =>
    withSonner((sonner) => (sonner.toast[name] as (...a: typeof args) => unknown)(...args));

export const toast = {
  error: kind('error'),
  success: kind('success'),
  info: kind('info'),
  warning: kind('warning'),
  promise: (...args: Parameters<typeof SonnerToast.promise>): void => withSonner((sonner) => void sonner.toast.promise(...args)),
};
