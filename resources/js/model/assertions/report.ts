// A run's outcome, as the reporters read it: each request sent (from its file) with its
// assertions' results. The reporters (./junit.ts, ./json-report.ts, ./summary.ts) write it out.
// A report never holds a credential: expected values are shown as typed (`{{token}}`, not its
// value), and every text passes through `redact` (the caller's: secret variables' values back to
// their `{{name}}`), with the actual value of a header or JSON key whose name looks secret masked.
import { isSecretName } from '../workspace/secret-names';
import type { AssertionResult } from './evaluate';

export interface RequestRun {
  /** The request's file in the workspace, `requests/get-user.json`: one test suite in JUnit. */
  file: string;
  name: string;
  method: string;
  url: string;
  /** The answer's status; absent when none came (then `error` says why). */
  status?: number;
  durationMs: number;
  error?: string;
  results: AssertionResult[];
}

export interface RunReport {
  name: string;
  /** ISO 8601. */
  startedAt: string;
  durationMs: number;
  requests: RequestRun[];
}

export interface RunTotals {
  requests: number;
  assertions: number;
  passed: number;
  failed: number;
  /** Requests that got no answer. */
  errors: number;
}

export function runTotals(report: RunReport): RunTotals {
  const results = report.requests.flatMap((request) => request.results);
  const passed = results.filter((result) => result.passed).length;
  return { requests: report.requests.length, assertions: results.length, passed, failed: results.length - passed, errors: report.requests.filter((request) => request.error !== undefined).length };
}

export type Redact = (text: string) => string;

export const MASK = '••••••';

/** A result as a report shows it: expected as typed, actual masked under a secret-looking name, all redacted. */
export function reportedResult(result: AssertionResult, redact: Redact = (text) => text) {
  const { assertion } = result;
  const key = assertion.source === 'header' ? assertion.path : assertion.source === 'body' ? (/[\w-]+(?=\W*$)/.exec(assertion.path)?.[0] ?? '') : '';
  const actual = key !== '' && isSecretName(key) && result.actual !== '(none)' ? MASK : redact(result.actual);
  return {
    source: assertion.source,
    path: redact(assertion.path),
    operator: assertion.operator,
    expected: redact(assertion.expected),
    passed: result.passed,
    actual,
    message: result.passed ? redact(result.message) : redact(result.message.split(result.actual).join(actual)),
  };
}

/** Runs grouped by file, in the order each file first ran (a file run once per data row is one group). */
export function runsByFile(report: RunReport): Array<[file: string, runs: RequestRun[]]> {
  const groups = new Map<string, RequestRun[]>();
  for (const run of report.requests) groups.set(run.file, [...(groups.get(run.file) ?? []), run]);
  return [...groups.entries()];
}
