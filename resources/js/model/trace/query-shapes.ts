// Query shapes: a statement with its literal values replaced, so `where id = 1` and `where id = 2`
// share a shape, and one shape run again and again in one call is a likely N+1. One place for the
// Trace tab's flag and the `queries no-repeated-shape` assertion (the PHP runner, src/Run/, keeps
// the same rules, held to protocol/fixtures/assertion-vectors.json).
import type { TraceQuery } from '../../../../protocol/types';

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

/** Shapes run REPEATED_QUERY_THRESHOLD times or more, most repeated first. */
export function repeatedShapes(queries: TraceQuery[]): Array<{ shape: string; count: number }> {
  const counts = new Map<string, number>();
  for (const query of queries) {
    const shape = queryShape(query.sql);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= REPEATED_QUERY_THRESHOLD)
    .map(([shape, count]) => ({ shape, count }))
    .sort((a, b) => b.count - a.count);
}
