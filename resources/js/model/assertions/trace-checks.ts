// The Laravel host's own assertions, read from what happened inside the app during the call (the
// relay's RelayTrace) and, for `row`, from the app's database after it (an answer the caller asked
// the host for: see rowQuestion). Pure; the PHP runner (src/Run/) keeps the same rules, and both
// are held to protocol/fixtures/assertion-vectors.json.
import type { RelayTrace, SavedAssertion, TraceMail } from '../../../../protocol/types';
import { REPEATED_QUERY_THRESHOLD, repeatedShapes } from '../trace/query-shapes';

/** The sources only a host that records a trace (the Laravel host) can answer. */
export const TRACE_SOURCES: ReadonlySet<SavedAssertion['source']> = new Set(['queries', 'mail', 'dispatched', 'log', 'exception', 'row']);

/** Log levels, least severe first (PSR-3, as Laravel's log writes them). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Whether `table.column` has the value: the host's answer, or why it could not say. */
export type RowAnswer = { exists: boolean } | { error: string };

/** What the `row` line asks of the host, its variables filled in; an error when `path` is not `table.column`. */
export type RowQuestion = { table: string; column: string; value: string } | { error: string };

/** A `row` line's question: `path` names `table.column` (letters, digits, `_`), `expected` the value. */
export function rowQuestion(path: string, expected: string): RowQuestion {
  const match = /^\s*([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)\s*$/.exec(path);
  if (!match) return { error: `Name the row's table and column as table.column, not '${path}'` };
  return { table: match[1], column: match[2], value: expected };
}

/** The key a row's answer is kept under. */
export const rowKey = (table: string, column: string, value: string): string => JSON.stringify([table, column, value]);

/**
 * What the `row` lines ask the host after the call, their variables filled in (those whose
 * variables have no value or whose path is not `table.column` ask nothing; their line says why).
 */
export function rowQuestions(assertions: SavedAssertion[], resolve?: (text: string, unresolved: Set<string>) => string): Array<{ table: string; column: string; value: string }> {
  const questions = new Map<string, { table: string; column: string; value: string }>();
  for (const assertion of assertions) {
    if (assertion.source !== 'row') continue;
    const unresolved = new Set<string>();
    const question = rowQuestion(resolve ? resolve(assertion.path, unresolved) : assertion.path, resolve ? resolve(assertion.expected, unresolved) : assertion.expected);
    if (unresolved.size === 0 && !('error' in question)) questions.set(rowKey(question.table, question.column, question.value), question);
  }
  return [...questions.values()];
}

/** The address of `"Ada" <ada@example.com>` or `ada@example.com`, in lower case. */
function addressOf(text: string): string {
  const match = /<([^>]*)>\s*$/.exec(text);
  return (match ? match[1] : text).trim().toLowerCase();
}

const recipients = (mail: TraceMail): string[] => [...mail.to, ...(mail.cc ?? []), ...(mail.bcc ?? [])];

/** A class named in full (`App\Jobs\SendInvoice`, a leading `\` allowed) or by its last segment (`SendInvoice`). */
function sameClass(actual: string, wanted: string): boolean {
  const name = wanted.trim().replace(/^\\+/, '');
  if (name === '') return false;
  return actual === name || actual.endsWith(`\\${name}`);
}

export type TraceOutcome = [passed: boolean, actual: string, problem?: string];

const NONE = '(none)';

const list = (items: string[]): string => (items.length === 0 ? NONE : items.join(', '));

/**
 * A trace line's outcome. `path` and `expected` have their variables filled in; `row` is the
 * host's answer to the line's rowQuestion (undefined when none came).
 */
export function traceOutcome(assertion: SavedAssertion, path: string, expected: string, trace: RelayTrace | undefined, row: RowAnswer | undefined): TraceOutcome {
  if (assertion.source === 'row') {
    const question = rowQuestion(path, expected);
    if ('error' in question) return [false, NONE, question.error];
    if (row === undefined) return [false, NONE, 'The host did not answer whether the row exists (only the Laravel host with its data pickers on can)'];
    if ('error' in row) return [false, NONE, row.error];
    return [row.exists, row.exists ? 'a row' : 'no row', row.exists ? undefined : `No row of ${question.table} has ${question.column} = ${question.value}`];
  }
  if (trace === undefined) return [false, NONE, 'This answer has no trace of the call (only the Laravel host records one)'];
  switch (assertion.source) {
    case 'queries': {
      const queries = trace.queries ?? [];
      if (assertion.operator === 'no-repeated-shape') {
        const [worst] = repeatedShapes(queries);
        if (worst === undefined) return [true, `${queries.length} ${queries.length === 1 ? 'query' : 'queries'}, no shape ${REPEATED_QUERY_THRESHOLD} times`];
        return [false, `${worst.count}× ${worst.shape}`, `The same query ran ${worst.count} times (a likely N+1): ${worst.shape}`];
      }
      const limit = expected.trim() === '' ? Number.NaN : Number(expected);
      const actual = String(queries.length);
      if (!Number.isInteger(limit)) return [false, actual, `Compare with a whole number of queries, not '${expected}'`];
      return [queries.length < limit, actual];
    }
    case 'mail': {
      const mails = trace.mails ?? [];
      if (assertion.operator === 'sent-to') {
        const wanted = addressOf(expected);
        if (wanted === '') return [false, list(mails.flatMap(recipients)), 'Name the address'];
        return [mails.some((mail) => recipients(mail).some((to) => addressOf(to) === wanted)), list(mails.flatMap(recipients))];
      }
      if (expected === '') return [false, list(mails.map((mail) => mail.subject)), 'Name what the subject contains'];
      return [mails.some((mail) => mail.subject.includes(expected)), list(mails.map((mail) => mail.subject))];
    }
    case 'dispatched': {
      const classes = [...(trace.jobs ?? []).map((job) => job.job), ...(trace.notifications ?? []).map((item) => item.notification)];
      const unique = [...new Set(classes)];
      if (expected.trim() === '') return [false, list(unique), 'Name the job or notification class'];
      return [unique.some((name) => sameClass(name, expected)), list(unique)];
    }
    case 'log': {
      const level = expected.trim() === '' ? 'error' : expected.trim().toLowerCase();
      const floor = LOG_LEVELS.indexOf(level);
      if (floor < 0) return [false, NONE, `A log level is one of ${LOG_LEVELS.join(', ')}, not '${expected}'`];
      const found = (trace.logs ?? []).filter((log) => LOG_LEVELS.indexOf(log.level.toLowerCase()) >= floor);
      return [found.length === 0, list(found.map((log) => `${log.level}: ${log.message}`))];
    }
    case 'exception': {
      const exception = trace.exception;
      return [exception === undefined, exception ? `${exception.class}: ${exception.message}` : NONE];
    }
    default:
      return [false, NONE, `${assertion.source} is not a trace check`];
  }
}
