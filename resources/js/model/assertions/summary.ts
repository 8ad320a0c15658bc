// The terminal summary: one line per request (✓/✗, method, URL, status, time), a line per failed
// assertion with expected and actual under it, and the totals last. Plain text; the CLI adds
// colour on a terminal. Nothing secret (see ./report.ts).
import { describeAssertion } from './assertion';
import { type Redact, reportedResult, type RunReport, runTotals } from './report';

export function summaryText(report: RunReport, redact: Redact = (text) => text): string {
  const lines: string[] = [];
  for (const run of report.requests) {
    const failed = run.error !== undefined || run.results.some((result) => !result.passed);
    const answer = run.error !== undefined ? `no answer: ${redact(run.error)}` : `${run.status ?? ''} in ${Math.round(run.durationMs)} ms`;
    lines.push(`${failed ? '✗' : '✓'} ${run.name} — ${run.method} ${redact(run.url)} — ${answer}`);
    for (const result of run.results) {
      if (result.passed) continue;
      const shown = reportedResult(result, redact);
      lines.push(`    ✗ ${describeAssertion({ ...result.assertion, path: shown.path, expected: shown.expected })}`, `      expected ${shown.expected || '(nothing)'}, actual ${shown.actual}`, `      ${shown.message}`);
    }
  }
  const totals = runTotals(report);
  const requestWord = totals.requests === 1 ? 'request' : 'requests';
  lines.push(
    '',
    `${totals.requests} ${requestWord}, ${totals.assertions} assertions: ${totals.passed} passed, ${totals.failed} failed${totals.errors ? `, ${totals.errors} without an answer` : ''} (${(report.durationMs / 1000).toFixed(2)} s)`,
  );
  return `${lines.join('\n')}\n`;
}
