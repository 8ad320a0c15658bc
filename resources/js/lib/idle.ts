// Work the first screen does not need (a lazy chunk, a worker) starts once the page has settled:
// after `delayMs`, in an idle period of the browser. Returns a function that cancels it.
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
