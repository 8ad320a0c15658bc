// Editors that hold back what the user typed (the JSON editor debounces a 5 MB document) register
// a flush here, so sending, copying or leaving the page always sees the latest text.
const flushers = new Set<() => void>();

export function registerPendingEdit(flush: () => void): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

export function flushPendingEdits(): void {
  for (const flush of flushers) flush();
}
