// JUnit XML, as CI systems read it: one <testsuite> per request file, one <testcase> per
// assertion (a request that got no answer: one <testcase> with an <error>), a failure carrying
// the expected and the actual value. Every text and attribute is XML-escaped.
import { describeAssertion } from './assertion';
import { type Redact, reportedResult, type RunReport, runsByFile, runTotals } from './report';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escaped for XML text and attributes; characters XML 1.0 cannot hold at all are left out. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function junitXml(report: RunReport, redact: Redact = (text) => text): string {
  const totals = runTotals(report);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(report.name)}" tests="${totals.assertions + countErrorCases(report)}" failures="${totals.failed}" errors="${totals.errors}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [file, runs] of runsByFile(report)) {
    const cases: string[] = [];
    let failures = 0;
    let errors = 0;
    for (const run of runs) {
      const classname = escapeXml(`${run.method} ${redact(run.url)}`);
      const time = seconds(run.durationMs);
      if (run.error !== undefined) {
        errors += 1;
        cases.push(`    <testcase classname="${classname}" name="${escapeXml(`${run.name}: response`)}" time="${time}">`, `      <error message="${escapeXml(redact(run.error))}" type="request"/>`, '    </testcase>');
        continue;
      }
      for (const result of run.results) {
        const shown = reportedResult(result, redact);
        const name = escapeXml(`${run.name}: ${describeAssertion({ ...result.assertion, path: shown.path, expected: shown.expected })}`);
        if (result.passed) {
          cases.push(`    <testcase classname="${classname}" name="${name}" time="${time}"/>`);
          continue;
        }
        failures += 1;
        cases.push(
          `    <testcase classname="${classname}" name="${name}" time="${time}">`,
          `      <failure message="${escapeXml(shown.message)}" type="assertion">${escapeXml(`Expected: ${shown.expected}\nActual: ${shown.actual}\n${shown.message}`)}</failure>`,
          '    </testcase>',
        );
      }
    }
    const tests = runs.reduce((sum, run) => sum + (run.error !== undefined ? 1 : run.results.length), 0);
    const time = seconds(runs.reduce((sum, run) => sum + run.durationMs, 0));
    lines.push(`  <testsuite name="${escapeXml(file)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="0" timestamp="${escapeXml(report.startedAt)}" time="${time}">`, ...cases, '  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function countErrorCases(report: RunReport): number {
  return report.requests.filter((run) => run.error !== undefined).length;
}
