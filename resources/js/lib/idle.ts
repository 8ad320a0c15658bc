// Loading what the first screen does not need (a lazy chunk, faker, a worker).

/**
 * Starts `work` once the page has settled: after `delayMs`, in an idle period of the browser.
 * Returns a function that cancels it.
 */
export function whenIdle(work: () => void, delayMs: number): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(work, { timeout: 5000 });
    else work();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
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
