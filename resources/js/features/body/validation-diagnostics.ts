// The JSON editor's second diagnostics source: the last response's validation messages (a 422),
// underlined at their field's value beside the schema check's own (code-editor.ts diagnosticsFor).
// A field the body does not have is marked at the document's start, with its path.
import type { Diagnostic } from '@codemirror/lint';
import type { JsonFieldProblem } from './field-errors';

export function validationDiagnostics(problems: readonly JsonFieldProblem[], length: number): Diagnostic[] {
  return problems
    .filter((problem) => problem.to <= length)
    .map((problem) => ({
      from: problem.from,
      to: problem.to,
      severity: 'error',
      message: problem.placed ? problem.message : `${problem.field}: ${problem.message}`,
      source: 'Response',
    }));
}
