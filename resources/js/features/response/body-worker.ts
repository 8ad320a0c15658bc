// The body worker (json-worker.ts) and who waits for its answers. Kept apart from body-source.ts,
// which comes with the viewer's chunk, so that a first Send can start the worker as soon as its
// call has left: started only when the viewer opened a large body, its thread, script and module
// compile came after the answer (150 ms on a busy machine, the largest part of a 1 MB body's time
// from first text to last line, issue 31).
import { moduleWorker } from '../../lib/module-worker';
import type { WorkerReply } from './worker-protocol';

/** Whoever waits for the worker's answers about a document number. */
export interface WorkerClient {
  receive(reply: WorkerReply): void;
  /** The worker broke: carry on without it. */
  fallBack(): void;
}

// One worker serves every viewer on the page; documents are numbered.
export const workerClients = new Map<number, WorkerClient>();

export const bodyWorker = moduleWorker<WorkerReply>('json-worker.js', {
  onMessage: (reply) => workerClients.get(reply.doc)?.receive(reply),
  // The worker script could not load or crashed: every open body falls back to the main thread.
  onBroken: () => {
    for (const client of [...workerClients.values()]) client.fallBack();
  },
});

/**
 * Starts the worker ahead of the first large response, so its script is loaded and compiled while
 * the user composes the request (the idle prefetch) or while a first Send's call is held, rather
 * than when the response arrives. Where workers do not exist, moduleWorker starts none.
 */
export function startBodyWorker(): void {
  bodyWorker.get();
}
