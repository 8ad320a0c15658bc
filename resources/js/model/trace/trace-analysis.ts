// Reading a trace: query shapes (an N+1 shows as one shape run again and again), the slowest query,
// and the counts the Trace tab shows.
import type { RelayTrace, TraceQuery } from '../../../../protocol/types';
import { queryShape, repeatedShapes } from './query-shapes';

export { queryShape, REPEATED_QUERY_THRESHOLD } from './query-shapes';

export interface QueryFacts {
  /** Shapes run REPEATED_QUERY_THRESHOLD times or more, most repeated first. */
  repeated: Array<{ shape: string; count: number }>;
  /** Index of each query's shape in `repeated`, or -1. */
  repeatedIndex: number[];
  /** Index of the slowest query, -1 when there are none. */
  slowest: number;
  totalMs: number;
}

export function queryFacts(queries: TraceQuery[]): QueryFacts {
  const shapes = queries.map((query) => queryShape(query.sql));
  const repeated = repeatedShapes(queries);
  const order = repeated.map((entry) => entry.shape);
  let slowest = -1;
  let totalMs = 0;
  queries.forEach((query, index) => {
    totalMs += query.timeMs;
    if (slowest === -1 || query.timeMs > queries[slowest].timeMs) slowest = index;
  });
  return { repeated, repeatedIndex: shapes.map((shape) => order.indexOf(shape)), slowest, totalMs };
}

/** How many entries the trace holds, for the tab's count (an exception, and a refusal, count as one). */
export function traceCount(trace: RelayTrace): number {
  const lists = [trace.authorization, trace.queries, trace.logs, trace.dumps, trace.mails, trace.notifications, trace.jobs, trace.http, trace.timings];
  return lists.reduce((sum, list) => sum + (list?.length ?? 0), 0) + (trace.exception ? 1 : 0) + (trace.refusedBy ? 1 : 0);
}
