// Assertions: one-line checks of a response, saved with a request (requests/NAME.json
// `assertions`) and run after each send. Only the shape, the operators each source offers and
// reading a file's list live here; evaluating is ./evaluate.ts. Pure; no React, no DOM.
import { ASSERTION_OPERATORS } from '../../../../protocol/endpoints.js';
import type { AssertionOperator, AssertionSource, SavedAssertion } from '../../../../protocol/types';
import { TRACE_SOURCES } from './trace-checks';

export type { AssertionOperator, AssertionSource };

/** One line; the saved file's shape (protocol's SavedAssertion). */
export type Assertion = SavedAssertion;

/** The operators of each source, the first being a new line's. */
export const OPERATORS: Readonly<Record<AssertionSource, readonly AssertionOperator[]>> = ASSERTION_OPERATORS;

export const SOURCE_LABELS: Record<AssertionSource, string> = {
  status: 'Status',
  header: 'Header',
  body: 'JSON body',
  schema: 'Body schema',
  time: 'Response time',
  queries: 'Queries',
  mail: 'Mail',
  dispatched: 'Job or notification',
  log: 'Log',
  exception: 'Exception',
  row: 'Database row',
};

export const OPERATOR_LABELS: Record<AssertionOperator, string> = {
  equals: 'equals',
  'not-equals': 'not equals',
  class: 'is in class',
  exists: 'exists',
  matches: 'matches regex',
  type: 'is of type',
  length: 'has length',
  contains: 'contains',
  'less-than': '<',
  'greater-than': '>',
  documented: 'matches the documented response',
  'no-repeated-shape': 'no repeated shape (N+1)',
  'sent-to': 'sent to',
  'subject-contains': 'subject contains',
  'of-class': 'dispatched of class',
  'nothing-at-or-above': 'nothing at or above',
  none: 'none reported',
  'exists-where': 'has a row with value',
};

/** Operators that compare with nothing typed. */
export const WITHOUT_EXPECTED: ReadonlySet<AssertionOperator> = new Set(['exists', 'documented', 'no-repeated-shape', 'none']);

/** Sources whose line names a header, a JSONPath or a row's `table.column`. */
export const WITH_PATH: ReadonlySet<AssertionSource> = new Set(['header', 'body', 'row']);

export const SOURCES = Object.keys(OPERATORS) as AssertionSource[];

/**
 * The sources a line may pick: the trace checks only on a host that records a trace (the Laravel
 * host), or when the line already has one (a file saved there, opened elsewhere, keeps its line).
 */
export function offeredSources(tracedHost: boolean, current: AssertionSource): AssertionSource[] {
  return SOURCES.filter((source) => tracedHost || !TRACE_SOURCES.has(source) || source === current);
}

/** A new line of a source: its first operator, what a line of it usually expects. */
export function newAssertion(source: AssertionSource = 'status', patch: Partial<Assertion> = {}): Assertion {
  const defaults: Record<AssertionSource, Pick<Assertion, 'path' | 'expected'>> = {
    status: { path: '', expected: '200' },
    header: { path: '', expected: '' },
    body: { path: '$', expected: '' },
    schema: { path: '', expected: '' },
    time: { path: '', expected: '1000' },
    queries: { path: '', expected: '10' },
    mail: { path: '', expected: '' },
    dispatched: { path: '', expected: '' },
    log: { path: '', expected: 'error' },
    exception: { path: '', expected: '' },
    row: { path: '', expected: '' },
  };
  return { source, operator: OPERATORS[source][0], ...defaults[source], ...patch };
}

/** The line with another source: the operator kept when the new source offers it. */
export function withSource(assertion: Assertion, source: AssertionSource): Assertion {
  if (assertion.source === source) return assertion;
  const fresh = newAssertion(source);
  return OPERATORS[source].includes(assertion.operator) ? { ...fresh, operator: assertion.operator } : fresh;
}

/**
 * The line "Add assertion" on a value of the Pretty view makes: the value at its JSONPath equals
 * what it is now (as the value is carried: a string as it is, anything else as JSON), or only
 * exists when the value is too large to carry.
 */
export function assertionForValue(path: string, value: string | null): Assertion {
  return value === null ? newAssertion('body', { path, operator: 'exists', expected: '' }) : newAssertion('body', { path, operator: 'equals', expected: value });
}

/** A saved file's `assertions` as lines; whatever is malformed is left out. */
export function normalizeAssertions(value: unknown): Assertion[] {
  if (!Array.isArray(value)) return [];
  const lines: Assertion[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { source, operator, path, expected } = item as Record<string, unknown>;
    if (typeof source !== 'string' || !(source in OPERATORS)) continue;
    const known = OPERATORS[source as AssertionSource];
    if (!known.includes(operator as AssertionOperator)) continue;
    lines.push({ source: source as AssertionSource, operator: operator as AssertionOperator, path: typeof path === 'string' ? path : '', expected: typeof expected === 'string' ? expected : '' });
  }
  return lines;
}

/** `$.data.id equals {{id}}`, `status is in class 2xx`: the line in words, for reports. */
export function describeAssertion(assertion: Assertion): string {
  const subjects: Record<AssertionSource, string> = {
    header: `header ${assertion.path}`,
    body: assertion.path,
    schema: 'body',
    time: 'response time',
    status: 'status',
    queries: 'queries',
    mail: 'a mail',
    dispatched: 'a job or notification',
    log: 'log entries',
    exception: 'exceptions',
    row: assertion.path,
  };
  const subject = subjects[assertion.source];
  const expected = WITHOUT_EXPECTED.has(assertion.operator) ? '' : ` ${assertion.expected}${assertion.source === 'time' ? ' ms' : ''}`;
  return `${subject} ${OPERATOR_LABELS[assertion.operator]}${expected}`;
}
