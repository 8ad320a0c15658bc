// JSONPath queries over a parsed JSON value (JSONPath-Plus with its safe evaluator: a filter such
// as `$..[?(@.age > 30)]` never runs as script). One place for the response Filter and the Tests
// tab's assertions. Pure; no DOM.
import { JSONPath } from 'jsonpath-plus';

const CLOSING: Record<string, string> = { '[': ']', '(': ')' };

/**
 * What is wrong with an expression before it is run, or null. JSONPath-Plus reads some broken
 * expressions leniently (`$.data[` as `$.data`); a query that silently means something else
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

export type JsonPathQuery = { ok: true; matches: unknown[] } | { ok: false; error: string };

/** Every value `expression` selects in `value`, or what is wrong with the expression. */
export function queryJsonPath(value: unknown, expression: string): JsonPathQuery {
  const problem = expressionProblem(expression);
  if (problem) return { ok: false, error: problem };
  try {
    return { ok: true, matches: JSONPath({ path: expression.trim(), json: value as object, wrap: true, eval: 'safe' }) as unknown[] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message.replace(/^jsonPath: /, '') };
  }
}
