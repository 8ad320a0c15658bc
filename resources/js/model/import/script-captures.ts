// The part of another tool's scripts that has a declarative equivalent in Kite: setting a variable
// from the response (`pm.environment.set("token", pm.response.json().data.token)`, Bruno's
// `bru.setVar("token", res.body.token)`, a header) becomes a capture rule. The script itself is
// always kept verbatim as a note: status and value checks have no Kite equivalent on this branch
// (the assertions model is built elsewhere). Pure.
import type { CaptureRule } from '../workspace/capture-rules';
import { formatJsonPath } from '../workspace/capture';
import { isSecretName } from '../workspace/secret-names';

/** Expressions that are the response's parsed JSON body. */
const BODY_EXPRESSIONS = [/pm\.response\.json\(\)/, /insomnia\.response\.json\(\)/, /JSON\.parse\(\s*responseBody\s*\)/, /res\.getBody\(\)/, /res\.body/, /response\.body/];
const HEADER_EXPRESSION = /^(?:pm|insomnia)\.response\.headers\.get\(\s*(['"])([^'"]+)\1\s*\)$|^res\.(?:getHeader|headers\.get)\(\s*(['"])([^'"]+)\3\s*\)$/;
const SETTERS =
  /(?:(?:pm|insomnia)\.(?:environment|collectionVariables|globals|variables)\.set|postman\.set(?:Environment|Global)Variable|bru\.set(?:Env)?Var)\(\s*(['"])([A-Za-z0-9_.-]+)\1\s*,\s*([^;\n]+?)\s*\)\s*;?\s*$/gm;
const ACCESS = /^(?:\.([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*(['"])([^'"]*)\3\s*\])/;

/** `pm.response.json().data.items[0]` → `$.data.items[0]`, or null when it is anything else. */
function jsonPathOf(expression: string, bodyNames: string[]): string | null {
  const bodyPattern = [...BODY_EXPRESSIONS.map((pattern) => pattern.source), ...bodyNames.map((name) => `${name}\\b`)].join('|');
  const head = new RegExp(`^(?:${bodyPattern})`).exec(expression);
  if (!head) return null;
  let rest = expression.slice(head[0].length);
  const steps: Array<string | number> = [];
  while (rest) {
    const match = ACCESS.exec(rest);
    if (!match) return null;
    steps.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : match[4]));
    rest = rest.slice(match[0].length);
  }
  return formatJsonPath(steps);
}

/**
 * The capture rules a script's simple variable settings stand for, and whether they are all it
 * does (then nothing is lost without the script).
 */
export function capturesFromScript(script: string): { rules: CaptureRule[]; whole: boolean } {
  const bodyNames = [...script.matchAll(/(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*([^;\n]+?)\s*;?\s*$/gm)]
    .filter(([, , value]) => BODY_EXPRESSIONS.some((pattern) => new RegExp(`^${pattern.source}$`).test(value)))
    .map(([, name]) => name.replace(/\$/g, '\\$'));
  const rules: CaptureRule[] = [];
  let rest = script;
  for (const [statement, , variable, expression] of script.matchAll(SETTERS)) {
    const header = HEADER_EXPRESSION.exec(expression);
    const path = header ? (header[2] ?? header[4]) : jsonPathOf(expression, bodyNames);
    if (path === null) continue;
    rules.push({ variable, source: header ? 'header' : 'body', path, secret: isSecretName(variable) });
    rest = rest.replace(statement, '');
  }
  for (const name of bodyNames) rest = rest.replace(new RegExp(`(?:var|let|const)\\s+${name}\\s*=[^;\\n]*;?`), '');
  const whole = rules.length > 0 && rest.replace(/\/\/[^\n]*/g, '').trim() === '';
  return { rules, whole };
}

/** A capture rule as the Postman script line that sets the same variable (for an export). */
export function postmanCaptureLine(rule: CaptureRule): string {
  const steps = rule.source === 'body' ? rule.path.replace(/^\$/, '') : '';
  const value = rule.source === 'header' ? `pm.response.headers.get(${JSON.stringify(rule.path)})` : rule.source === 'cookie' ? `pm.cookies.get(${JSON.stringify(rule.path)})` : `pm.response.json()${steps}`;
  return `pm.environment.set(${JSON.stringify(rule.variable)}, ${value});`;
}
