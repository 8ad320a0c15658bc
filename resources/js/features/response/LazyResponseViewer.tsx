// The response viewer is its own chunk: the first screen does not need it, so it is fetched when
// the page is idle (with its body worker, and the fetch worker that receives relay answers,
// started), or at the latest when the first request goes out. Its files come all at once
// (lib/module-preload.ts), not its imports one round after it.
import { memo, useEffect, useState, useSyncExternalStore } from 'react';
import { startFetchWorker } from '../../lib/http/worker-fetch';
import { whenIdle } from '../../lib/idle';
import { builtChunkList, preloadModules } from '../../lib/module-preload';
import type { ResponseViewerProps } from './ResponseViewer';

/** The viewer's chunk and the chunks it imports that the first load has not (the manifest's firstResponse; build.mjs fills it in). */
const VIEWER_FILES = builtChunkList('kite:chunks:response-viewer=');

/** The chunk once it has loaded, and who waits for it. */
let loadedViewer: typeof import('./ResponseViewer') | null = null;
const viewerListeners = new Set<() => void>();
const loadViewer = () => {
  // Fetched (and compiled) all at once; each runs when the import reaches it.
  preloadModules(VIEWER_FILES);
  return import('./ResponseViewer').then((chunk) => {
    if (!loadedViewer) {
      loadedViewer = chunk;
      for (const listener of viewerListeners) listener();
    }
    return chunk;
  });
};
const subscribeToViewer = (listener: () => void) => {
  viewerListeners.add(listener);
  return () => viewerListeners.delete(listener);
};
const viewerChunk = () => loadedViewer;

/**
 * The viewer and the stream codec, fetched before a request goes out (at once when already here).
 * A host that serves one request at a time (`php artisan serve`, `php -S`) would otherwise send
 * them only after a streamed answer has ended, and its events would wait for them.
 */
export function loadResponseView(): Promise<void> {
  return loadViewer().then(
    (chunk) => chunk.prewarmStreamView(),
    () => {
      // offline or a stale deployment: the viewer loads again when a response arrives
    },
  );
}

function Placeholder({ pending }: { pending: boolean }) {
  return (
    <div className="kite-response" aria-busy={pending}>
      <div className="kite-response-placeholder">{pending ? 'Sending request…' : 'Send a request to see its response here.'}</div>
    </div>
  );
}

// Memoised: its props come from useSender's state and stay the same while the request is edited.
export const LazyResponseViewer = memo(function LazyResponseViewer(props: ResponseViewerProps) {
  useEffect(
    () =>
      whenIdle(() => {
        void startFetchWorker();
        return loadViewer()
          .then((chunk) => {
            chunk.prewarmBodyWorker();
            return chunk.prewarmStreamView();
          })
          .catch(() => {
            // offline or a stale deployment: the viewer loads again when a response arrives
          });
      }, 'response viewer'),
    [],
  );
  // Not React.lazy in a Suspense boundary: a boundary that showed its fallback reveals what it
  // waited for by a timer (React 19 throttles it to 300 ms), so a first Send's chunk arriving during
  // the 200 ms hold came after the floor, and the answer was mounted then instead of prepared out of
  // sight (issue 31). The placeholder stays until the chunk is here, then the viewer renders at once.
  const chunk = useSyncExternalStore(subscribeToViewer, viewerChunk, viewerChunk);
  const wanted = Boolean(props.result || props.failure || props.pending || props.live);
  // Offline or a stale deployment: the pane's error boundary says so, and its "Try again" asks again.
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (wanted && !chunk) loadViewer().catch(setFailure);
  }, [wanted, chunk]);
  if (failure && !chunk) throw failure;
  if (!wanted || !chunk) return <Placeholder pending={props.pending} />;
  return <chunk.ResponseViewer {...props} />;
});
