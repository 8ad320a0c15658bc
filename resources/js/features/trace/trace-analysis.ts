// Reading a trace: query shapes (an N+1 shows as one shape run again and again), the slowest query,
// and the counts the Trace tab shows.
import type { RelayTrace, TraceQuery } from '../../../../protocol/types';

/** A shape run this many times or more in one call is flagged as a likely N+1. */
export const REPEATED_QUERY_THRESHOLD = 3;

/** The query with its literal values replaced, so `where id = 1` and `where id = 2` share a shape. */
export function queryShape(sql: string): string {
  return sql
    .replace(/'(?:[^'\\]|\\.|'')*'/g, '?')
    .replace(/\b\d+(?:\.\d+)?\b/g, '?')
    .replace(/\bin\s*\((?:\s*\?\s*,?)+\)/gi, 'in (?)')
    .replace(/\s+/g, ' ')
    .trim();
}

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
  const counts = new Map<string, number>();
  const shapes = queries.map((query) => queryShape(query.sql));
  for (const shape of shapes) counts.set(shape, (counts.get(shape) ?? 0) + 1);
  const repeated = [...counts]
    .filter(([, count]) => count >= REPEATED_QUERY_THRESHOLD)
    .map(([shape, count]) => ({ shape, count }))
    .sort((a, b) => b.count - a.count);
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
