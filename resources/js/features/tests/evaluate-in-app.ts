// The Tests tab's evaluation in the app: the model's evaluator with the workspace's variables for
// `{{name}}` and the builder's validator for the documented schema. Its own chunk (JSONPath-Plus
// comes with it), loaded once a request has assertions and an answer.
import type { RouteResponseDoc } from '../../../../protocol/types';
import type { Assertion } from '../../model/assertions/assertion';
import { type AssertionResponse, evaluateAssertions } from '../../model/assertions/evaluate';
import type { RowAnswer } from '../../model/assertions/trace-checks';
import { resolveText, type VariableScope } from '../../model/workspace/variables';
import { schemaProblems } from './schema-problems';

export function evaluateInApp(assertions: Assertion[], response: AssertionResponse, scope: VariableScope, responses: RouteResponseDoc[] | undefined, rows: ReadonlyMap<string, RowAnswer>) {
  return evaluateAssertions(assertions, response, { resolve: (text, unresolved) => resolveText(text, scope, unresolved), responses, schemaProblems, rows });
}
