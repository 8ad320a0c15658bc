// What transaction mode did not undo (RelayTrace.notUndone), in words: the notice beside the
// Transaction box ("not undone: 1 file written, 1 outgoing request") and the Trace tab's list.
import type { TraceNotUndone } from '../../../protocol/types';
import { plural } from './format';

const REMOVALS = new Set(['delete', 'deleteDirectory']);

/** The notice's text, or null when nothing escaped. Each kind in order of harm, counted. */
export function notUndoneSummary(notUndone: TraceNotUndone): string | null {
  const removed = notUndone.files.filter((file) => REMOVALS.has(file.operation)).length;
  const written = notUndone.files.length - removed;
  const listeners = notUndone.listeners.reduce((sum, event) => sum + event.listeners, 0);
  const parts = [
    count(notUndone.lostTransactions.length, 'lost transaction (its writes persisted)', 'lost transactions (their writes persisted)'),
    count(written, 'file written', 'files written'),
    count(removed, 'file deleted', 'files deleted'),
    count(notUndone.cache.length, 'cache write', 'cache writes'),
    count(notUndone.outgoingRequests, 'outgoing request', 'outgoing requests'),
    count(listeners, 'event listener ran', 'event listeners ran'),
    count(notUndone.syncJobs.length, 'job ran in the request', 'jobs ran in the request'),
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `not undone: ${parts.join(', ')}` : null;
}

/** One line per thing that escaped, for the notice's tooltip. */
export function notUndoneDetails(notUndone: TraceNotUndone): string[] {
  return [
    ...notUndone.lostTransactions.map((lost) => `database "${lost.connection}": ${lost.message}`),
    ...notUndone.files.map((file) => `file ${file.operation}: ${file.disk}:${file.path}`),
    ...notUndone.cache.map((entry) => `cache ${entry.operation}: ${entry.key}`),
    ...(notUndone.outgoingRequests > 0 ? [`${plural(notUndone.outgoingRequests, 'outgoing request', 'outgoing requests')} sent`] : []),
    ...notUndone.listeners.map((event) => `${plural(event.listeners, 'listener', 'listeners')} of ${event.event} ran`),
    ...notUndone.syncJobs.map((job) => `job ${job} ran in the request`),
  ];
}

function count(value: number, one: string, many: string): string | null {
  return value > 0 ? plural(value, one, many) : null;
}
