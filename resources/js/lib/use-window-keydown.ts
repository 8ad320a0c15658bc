// A window-wide keydown listener for shortcuts that work from anywhere on a screen.
import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `onKeyDown` for every key pressed in the window while the calling component is mounted.
 *
 * It listens from the commit that mounts the component, not after the paint (`useEffect`): the
 * screen drawn in that commit can take a key before passive effects run (Chromium handles input
 * first), and a Ctrl+B pressed as the screen appeared was lost (a CI failure). The listener is
 * added once and calls the handler of the latest commit, so a handler that changes with state
 * (a toggle) leaves no moment without a listener and never acts on a stale value.
 */
export function useWindowKeydown(onKeyDown: (event: KeyboardEvent) => void, options: { capture?: boolean } = {}): void {
  const latest = useRef(onKeyDown);
  useLayoutEffect(() => {
    latest.current = onKeyDown;
  });
  const capture = options.capture ?? false;
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', listener, capture);
    return () => window.removeEventListener('keydown', listener, capture);
  }, [capture]);
}
