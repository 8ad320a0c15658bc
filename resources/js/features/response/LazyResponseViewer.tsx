// The response viewer is its own chunk: the first screen does not need it, so it is fetched when
// the page is idle (with its body worker, and the fetch worker that receives relay answers,
// started), or at the latest when the first request goes out.
import { lazy, memo, Suspense, useEffect } from 'react';
import { startFetchWorker } from '../../lib/http/worker-fetch';
import { whenIdle } from '../../lib/idle';
import type { ResponseViewerProps } from './ResponseViewer';

/** The chunk once it has loaded: rendered directly, since a lazy component suspends on its first render even then. */
let loadedViewer: typeof import('./ResponseViewer') | null = null;
const loadViewer = () =>
  import('./ResponseViewer').then((chunk) => {
    loadedViewer = chunk;
    return chunk;
  });
const LazyViewer = lazy(() => loadViewer().then((chunk) => ({ default: chunk.ResponseViewer })));

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
  if (!props.result && !props.failure && !props.pending && !props.live) return <Placeholder pending={false} />;
  // Suspending would show the fallback, and React holds a revealed boundary back for up to 300 ms.
  const ResponseViewer = loadedViewer?.ResponseViewer ?? LazyViewer;
  return (
    <Suspense fallback={<Placeholder pending={props.pending} />}>
      <ResponseViewer {...props} />
    </Suspense>
  );
});
