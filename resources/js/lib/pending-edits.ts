// Editors that hold back what the user typed (the JSON editor debounces a 5 MB document) register
// a flush here, so sending, copying or leaving the page always sees the latest text. Edits still on
// their way (auto-fill while the generators load) are held here too: sending waits for them.
const flushers = new Set<() => void>();
const arriving = new Set<Promise<unknown>>();

export function registerPendingEdit(flush: () => void): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

export function flushPendingEdits(): void {
  for (const flush of flushers) flush();
}

/** Marks an edit that lands when `promise` settles, so {@link settlePendingEdits} waits for it. */
export function holdUntilApplied<T>(promise: Promise<T>): Promise<T> {
  arriving.add(promise);
  const forget = () => arriving.delete(promise);
  promise.then(forget, forget);
  return promise;
}

/** Flushes held-back text after every edit on its way has landed (or failed). */
export async function settlePendingEdits(): Promise<void> {
  while (arriving.size > 0) await Promise.allSettled([...arriving]);
  flushPendingEdits();
}
