// History's storage writes, one at a time, in the order they were asked for. A Send's write may
// wait for something first (the frame that draws the answer: IndexedDB copies the body as it is
// put, ~70 ms for 1 MB on a busy machine, bench/results/profile-31.md); what is asked for after it
// waits its turn, so a second Send at once, a delete or a clear never overtakes it.

/** Queues `write` after every write queued before it (and after `first`, when given). A failed write does not stop the next. */
export type WriteQueue = <T>(write: () => Promise<T>, first?: () => Promise<void>) => Promise<T>;

export function createWriteQueue(): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return (write, first) => {
    const result = tail.then(first).then(write);
    tail = result.catch(() => undefined);
    return result;
  };
}
