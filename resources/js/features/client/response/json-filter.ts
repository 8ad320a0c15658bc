// The response body's Filter: a JSONPath expression (JSONPath-Plus, with its safe evaluator: a
// filter such as `$..[?(@.age > 30)]` never runs as script) over the parsed body. It runs where the
// body lives, in the body worker for large bodies, so a 100 MB body is filtered off the main thread.
import { JSONPath } from 'jsonpath-plus';
import type { LineValue, PathStep } from './line-value';

export type FilterOutcome = { ok: true; text: string; count: number } | { ok: false; error: string };

const CLOSING: Record<string, string> = { '[': ']', '(': ')' };

/**
 * What is wrong with an expression before it is run, or null. JSONPath-Plus reads some broken
 * expressions leniently (`$.data[` as `$.data`); a filter that silently means something else
 * would mislead, so unbalanced brackets, parentheses and quotes are refused here.
 */
export function expressionProblem(expression: string): string | null {
  const trimmed = expression.trim();
  if (!trimmed.startsWith('$')) return 'A JSONPath expression starts with $ (for example $.data[*].email)';
  const open: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < trimmed.length; i += 1) {
    const char = trimmed[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '[' || char === '(') open.push(CLOSING[char]);
    else if (char === ']' || char === ')') {
      const expected = open.pop();
      if (expected !== char) return `Unexpected ${char} at character ${i + 1}`;
    }
  }
  if (quote) return `The string opened with ${quote} is not closed`;
  if (open.length > 0) return `${open[open.length - 1]} is missing at the end`;
  return null;
}

/** Runs `expression` over a parsed JSON value: the matches as a JSON array, or what is wrong. */
export function filterJson(value: unknown, expression: string): FilterOutcome {
  const problem = expressionProblem(expression);
  if (problem) return { ok: false, error: problem };
  try {
    const matches = JSONPath({ path: expression.trim(), json: value as object, wrap: true, eval: 'safe' }) as unknown[];
    return { ok: true, text: JSON.stringify(matches), count: matches.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message.replace(/^jsonPath: /, '') };
  }
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
