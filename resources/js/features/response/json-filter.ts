// The response body's Filter: a JSONPath expression (JSONPath-Plus, with its safe evaluator: a
// filter such as `$..[?(@.age > 30)]` never runs as script) over the parsed body. It runs where the
// body lives, in the body worker for large bodies, so a 100 MB body is filtered off the main thread.
import { JSONPath } from 'jsonpath-plus';
import { expressionProblem, queryJsonPath } from '../../model/json-path/query';
import type { LineValue, PathStep } from '../../model/response/line-value';

export type FilterOutcome = { ok: true; text: string; count: number } | { ok: false; error: string };

export { expressionProblem };

/** Runs `expression` over a parsed JSON value: the matches as a JSON array, or what is wrong. */
export function filterJson(value: unknown, expression: string): FilterOutcome {
  const query = queryJsonPath(value, expression);
  return query.ok ? { ok: true, text: JSON.stringify(query.matches), count: query.matches.length } : query;
}

/**
 * Where match `index` of `expression` lies in `value`, as steps from its root; null when the
 * match is gone or its path cannot be read back (JSONPath-Plus names paths as text, and a key
 * holding `'` or `]` does not survive that). Runs the expression again: only on request, never
 * while the filter's result is shown.
 */
export function matchSteps(value: unknown, expression: string, index: number): PathStep[] | null {
  const paths = JSONPath({ path: expression.trim(), json: value as object, wrap: true, eval: 'safe', resultType: 'path' }) as string[];
  const path = paths[index];
  if (path === undefined) return null;
  const steps: PathStep[] = [];
  let current = value;
  for (const step of JSONPath.toPathArray(path).slice(1)) {
    if (Array.isArray(current)) {
      const at = Number(step);
      if (!Number.isInteger(at) || at < 0 || at >= current.length) return null;
      steps.push(at);
      current = current[at];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, step)) {
      steps.push(step);
      current = (current as Record<string, unknown>)[step];
    } else return null;
  }
  return steps;
}

/**
 * A value picked in a filter's result (steps start with the match's index) with its path in the
 * whole body; null when that cannot be worked out.
 */
export function valueInBody(picked: LineValue, body: unknown, expression: string): LineValue | null {
  const [index, ...rest] = picked.steps;
  if (typeof index !== 'number') return null;
  const origin = matchSteps(body, expression, index);
  return origin ? { ...picked, steps: [...origin, ...rest] } : null;
}
