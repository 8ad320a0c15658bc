// Loading what the first screen does not need (a lazy chunk, faker, a worker).

let holds = 0;
/** Idle work that came due while held; it runs once the last hold is released. */
const heldBack = new Set<() => void>();

/**
 * Starts `work` once the page has settled: after `delayMs`, in an idle period of the browser, and
 * not while {@link holdIdleWork} holds it back. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, delayMs: number): () => void {
  let cancelIdle = () => {};
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    if (holds > 0) heldBack.add(run);
    else work();
  };
  const timer = window.setTimeout(() => (cancelIdle = inIdlePeriod(run)), delayMs);
  return () => {
    cancelled = true;
    heldBack.delete(run);
    window.clearTimeout(timer);
    cancelIdle();
  };
}

/** Runs `work` in the browser's next idle period (at the latest after 5 s), or in a task of its own where there are none. Returns its cancel. */
function inIdlePeriod(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const idle = window.requestIdleCallback(work, { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * Holds idle work back while a request is on its way and its answer is drawn: a prefetched chunk
 * evaluated then (the body editor's takes 30-70 ms) would delay the answer on the page's thread.
 * Returns the release; once every hold is released, what waited runs in the next idle period.
 */
export function holdIdleWork(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0 || heldBack.size === 0) return;
    const waiting = [...heldBack];
    heldBack.clear();
    inIdlePeriod(() => {
      for (const run of waiting) run();
    });
  };
}

/**
 * A loader that runs once and hands every caller the same promise, but forgets a failure so the
 * next call tries again (a chunk download that failed once may work the second time).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
