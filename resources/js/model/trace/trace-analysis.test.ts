import { describe, expect, it } from 'vitest';
import { queryFacts, queryShape, traceCount } from './trace-analysis';

const query = (sql: string, timeMs = 1) => ({ sql, bindings: [], timeMs, connection: 'sqlite' });

describe('reading a trace', () => {
  it('gives queries that differ only in their values one shape', () => {
    expect(queryShape('select * from "users" where "id" = 7 and name = \'Ada\'')).toBe('select * from "users" where "id" = ? and name = ?');
    expect(queryShape('select * from t where id in (?, ?,  ?)')).toBe(queryShape('select * from t where id in (?)'));
    expect(queryShape('select * from t2 where id = ?')).toBe('select * from t2 where id = ?');
  });

  it('flags a shape run three times or more as a likely N+1 and marks the slowest query', () => {
    const facts = queryFacts([
      query('select * from users'),
      query('select name from users where id = ?', 2),
      query('select name from users where id = ?', 9),
      query('select * from posts where id = 1'),
      query('select name from users where id = ?', 1),
      query('select * from posts where id = 2'),
    ]);
    expect(facts.repeated).toEqual([{ shape: 'select name from users where id = ?', count: 3 }]);
    expect(facts.repeatedIndex).toEqual([-1, 0, 0, -1, 0, -1]);
    expect(facts.slowest).toBe(2);
    expect(facts.totalMs).toBe(15);
    expect(queryFacts([])).toEqual({ repeated: [], repeatedIndex: [], slowest: -1, totalMs: 0 });
  });

  it('counts every entry of the trace, the exception as one', () => {
    expect(traceCount({ queries: [query('a')], dumps: [{ value: 1 }], exception: { class: 'E', message: '', file: 'f', line: 1, frames: [] }, rolledBack: true })).toBe(3);
    expect(traceCount({})).toBe(0);
  });
});
