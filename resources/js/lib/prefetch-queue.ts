// The prefetch queue: what the first screen does not draw (a lazy chunk, faker, a worker) is
// fetched one piece at a time, and only while the page has nothing else to do (issue 31). A fixed
// delay from start cannot say when that is: on a loaded machine the user's first clicks came after
// it and the chunks competed with them. The queue waits for states instead:
// - open: the main screen is usable (its routes and its Send are on screen) or the user interacted;
// - no hold: no request on its way, no interaction whose frame is still to be drawn;
// - a quiet thread: an idle period of at least `quietMs`, which the browser grants only when no
//   task and no frame is pending (a render still under way, an animation, a chunk being evaluated
//   all shorten it), or the browser's own idle timeout when such a period never comes;
// - the previous piece arrived (its promise settled).
// A user action that needs a chunk does not wait here: it imports the chunk itself, which jumps
// the queue, and the queued prefetch of it then costs nothing.

/** What the browser's requestIdleCallback hands its callback. */
export interface IdleSlot {
  readonly didTimeout: boolean;
  timeRemaining(): number;
}

/** Asks for one idle callback, at the latest after `timeoutMs` (the browser's timeout); returns its cancel. */
export type RequestIdle = (callback: (slot: IdleSlot) => void, timeoutMs: number) => () => void;

/**
 * How long a piece waits for a quiet period at most, counted from when it could first start: a
 * page that draws a frame without end (an animation, a test's frame-polling) has short idle periods
 * only, and a timeout asked anew with each of them never ran out.
 */
export const IDLE_TIMEOUT_MS = 5000;

export interface PrefetchQueue {
  /** Queues `work` at `rank` (lower first; equal ranks in the order added). Returns its cancel. */
  add(work: () => unknown, rank: number): () => void;
  /** The screen is usable: queued work may start (once, later calls change nothing). */
  open(): void;
  /** Holds queued work back until the returned release is called (each hold released once). */
  hold(): () => void;
  /** Whether a piece of work has started and not settled yet. */
  readonly busy: boolean;
  /** Whether nothing is queued and nothing runs: there is nothing for a hold to keep back. */
  readonly empty: boolean;
}

/** Chromium grants idle periods of up to 50 ms when no frame is due; 40 ms says "nothing else pending". */
export const QUIET_IDLE_MS = 40;

interface Job {
  work: () => unknown;
  rank: number;
  order: number;
}

export function createPrefetchQueue(requestIdle: RequestIdle, quietMs = QUIET_IDLE_MS, now: () => number = () => performance.now()): PrefetchQueue {
  const jobs: Job[] = [];
  let opened = false;
  let holds = 0;
  let running = false;
  let added = 0;
  let cancelWait: (() => void) | null = null;
  /** When the next piece could first have started (the wait for a quiet period began). */
  let waitingSince = 0;

  const ready = () => opened && holds === 0 && !running && jobs.length > 0;

  const stopWaiting = () => {
    cancelWait?.();
    cancelWait = null;
  };

  /** Waits for a quiet period; `again`: after a short one, within the same wait. */
  const pump = (again = false) => {
    if (cancelWait || !ready()) return;
    if (!again) waitingSince = now();
    // At least 1 ms: a timeout of 0 is no timeout to the browser.
    cancelWait = requestIdle(onIdle, Math.max(1, IDLE_TIMEOUT_MS - (now() - waitingSince)));
  };

  function onIdle(slot: IdleSlot) {
    cancelWait = null;
    if (!ready()) return;
    // A short idle period means a frame or a task is due: the page is still busy, ask again.
    const waitedOut = slot.didTimeout || now() - waitingSince >= IDLE_TIMEOUT_MS;
    if (!waitedOut && slot.timeRemaining() < quietMs) return pump(true);
    const next = jobs.reduce((best, job) => (job.rank < best.rank || (job.rank === best.rank && job.order < best.order) ? job : best));
    jobs.splice(jobs.indexOf(next), 1);
    running = true;
    const settled = () => {
      running = false;
      pump();
    };
    let result: unknown;
    try {
      result = next.work();
    } catch {
      // a prefetch that fails costs nothing: what needs it loads it again
    }
    Promise.resolve(result).then(settled, settled);
  }

  return {
    add(work, rank) {
      const job: Job = { work, rank, order: added++ };
      jobs.push(job);
      pump();
      return () => {
        const at = jobs.indexOf(job);
        if (at >= 0) jobs.splice(at, 1);
        if (jobs.length === 0) stopWaiting();
      };
    },
    open() {
      if (opened) return;
      opened = true;
      pump();
    },
    hold() {
      holds += 1;
      stopWaiting();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        pump();
      };
    },
    get busy() {
      return running;
    },
    get empty() {
      return jobs.length === 0 && !running;
    },
  };
}
