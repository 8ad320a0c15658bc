// Loading what the first screen does not need (a lazy chunk, faker, a worker).

let holds = 0;
/** Idle work that came due while held; it runs once the last hold is released. */
const heldBack = new Set<() => void>();

// Nothing but the first screen loads before it is usable: idle work waits for the main screen to
// say it is (markScreenUsable) or for the user's first interaction, whichever comes first, and only
// then starts its delay. Timers started at mount ran out on a busy machine before the first screen
// was up, and the chunks they fetched competed with it (issue 31).
let screenUsable = false;
const waitingForScreen = new Set<() => void>();
const INTERACTIONS = ['pointerdown', 'keydown'] as const;
let listening = false;

/** The main screen can be used (its routes are listed): idle work may start its delays. */
export function markScreenUsable(): void {
  if (screenUsable) return;
  screenUsable = true;
  if (listening) for (const type of INTERACTIONS) window.removeEventListener(type, markScreenUsable, true);
  const waiting = [...waitingForScreen];
  waitingForScreen.clear();
  for (const start of waiting) start();
}

function listenForFirstInteraction(): void {
  if (listening) return;
  listening = true;
  for (const type of INTERACTIONS) window.addEventListener(type, markScreenUsable, true);
}

/**
 * Starts `work` once the page has settled: once the screen is usable (see markScreenUsable) and
 * `delayMs` later, in an idle period of the browser, and not while {@link holdIdleWork} holds it
 * back. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, delayMs: number): () => void {
  let cancelIdle = () => {};
  let cancelled = false;
  let timer: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (holds > 0) heldBack.add(run);
    else work();
  };
  const startDelay = () => {
    timer = window.setTimeout(() => (cancelIdle = inIdlePeriod(run)), delayMs);
  };
  if (screenUsable) startDelay();
  else {
    waitingForScreen.add(startDelay);
    listenForFirstInteraction();
  }
  return () => {
    cancelled = true;
    waitingForScreen.delete(startDelay);
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
 * Resolves once the next frame has been drawn (a task after its animation frame callbacks), so
 * that work started then does not delay it; after `hiddenMs` at the latest, for a hidden page,
 * which draws no frames.
 */
export function afterNextFrame(hiddenMs = 500): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, hiddenMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
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
