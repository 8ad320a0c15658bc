// The JSON reporter: the run's totals and every request with its assertions, as a CI step or a
// script reads them. Expected values as typed; nothing secret (see ./report.ts).
import { type Redact, reportedResult, type RunReport, runTotals } from './report';

export function jsonReport(report: RunReport, redact: Redact = (text) => text): string {
  const document = {
    name: report.name,
    startedAt: report.startedAt,
    durationMs: Math.round(report.durationMs),
    totals: runTotals(report),
    requests: report.requests.map((run) => ({
      file: run.file,
      name: run.name,
      method: run.method,
      url: redact(run.url),
      ...(run.status !== undefined ? { status: run.status } : {}),
      durationMs: Math.round(run.durationMs),
      ...(run.error !== undefined ? { error: redact(run.error) } : {}),
      assertions: run.results.map((result) => reportedResult(result, redact)),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
