// Loading what the first screen does not need (a lazy chunk, faker, a worker): one prefetch queue
// for the page (lib/prefetch-queue.ts says when a piece may start), and the holds that keep it back.
import { createPrefetchQueue, type IdleSlot, type RequestIdle } from './prefetch-queue';

/**
 * Every prefetch of the page, in the order they are fetched: first what the step after the first
 * screen needs (a Send shows the response viewer; a route's body the body editor), last what only
 * a rarer action opens. The one place that knows the order.
 */
const PREFETCH_ORDER = ['response viewer', 'body editor', 'toaster', 'sidebar tooltip', 'route docs and history', 'palette'] as const;
export type Prefetch = (typeof PREFETCH_ORDER)[number];

/** The browser's idle callback where there is one; elsewhere (Safari) a timer, quiet when it came on time. */
const requestIdle: RequestIdle = (callback, timeoutMs) => {
  if (typeof window.requestIdleCallback === 'function') {
    // The timeout: a page that never gets a quiet idle period (an endless animation) still prefetches.
    const idle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(idle);
  }
  const PERIOD_MS = 50;
  const asked = performance.now();
  const timer = window.setTimeout(() => {
    const late = performance.now() - asked - PERIOD_MS;
    const slot: IdleSlot = { didTimeout: false, timeRemaining: () => Math.max(0, PERIOD_MS - late) };
    callback(slot);
  }, PERIOD_MS);
  return () => window.clearTimeout(timer);
};

const queue = createPrefetchQueue(requestIdle);

// Nothing but the first screen loads before it is usable: the queue opens when the main screen
// says it is (markScreenUsable) or at the user's first interaction, whichever comes first. Delays
// started at mount ran out on a busy machine before the first screen was up, and the chunks they
// fetched competed with it (issue 31).
let screenUsable = false;

/** The main screen can be used (its routes are listed and its Send drawn): prefetches may start once the page is idle. */
export function markScreenUsable(): void {
  if (screenUsable) return;
  screenUsable = true;
  queue.open();
}

// An interaction's own work comes first: from a key or a pointer press until the frame after it
// (after the pointer's release, for a click) is drawn, no prefetch starts. A route click renders the
// route's request; a prefetched chunk evaluated meanwhile would delay it.
let releaseInteraction: (() => void) | null = null;
let pointerDown = false;
let interactionFrame = 0;

function holdForInteraction(event: Event): void {
  markScreenUsable();
  // Once every prefetch has come, a key press costs nothing here (no frame callback per keystroke).
  if (queue.empty && !releaseInteraction) return;
  releaseInteraction ??= queue.hold();
  if (event.type === 'pointerdown') pointerDown = true;
  if (event.type === 'pointerup' || event.type === 'pointercancel' || event.type === 'blur') pointerDown = false;
  if (pointerDown) return;
  const frame = ++interactionFrame;
  void afterNextFrame().then(() => {
    if (frame !== interactionFrame || pointerDown) return; // a later event waits for its own frame
    releaseInteraction?.();
    releaseInteraction = null;
  });
}

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'pointerup', 'pointercancel', 'keydown']) window.addEventListener(type, holdForInteraction, true);
  window.addEventListener('blur', holdForInteraction);
}

/**
 * Queues `work` (a prefetch: it returns the promise of what it fetches) as the prefetch it is; it
 * runs once the queue lets it (see lib/prefetch-queue.ts), after the prefetches before it in
 * PREFETCH_ORDER have arrived. Returns a function that cancels it.
 */
export function whenIdle(work: () => unknown, prefetch: Prefetch): () => void {
  return queue.add(work, PREFETCH_ORDER.indexOf(prefetch));
}

/**
 * Resolves in a task of its own, soon: the browser may draw a frame or handle input first. A
 * message to itself, not setTimeout(0), which browsers hold back to 4 ms once timers nest.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
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
 * Returns the release; once every hold is released, the queue goes on in the next quiet period.
 */
export function holdIdleWork(): () => void {
  return queue.hold();
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
