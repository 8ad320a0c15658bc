// Applying capture rules to a response: a small JSONPath subset for the body (`$`, `.name`,
// `['name']`, `[0]`, `[-1]`), a header by name, a cookie by name. Pure.
import type { RelayCookie } from '../../../../protocol/types';
import type { CaptureRule } from './capture-rules';
import type { Variable } from './variables';

export class JsonPathError extends Error {}

/** `$.data.items[0]['a b']` → ['data', 'items', 0, 'a b']. */
export function parseJsonPath(path: string): Array<string | number> {
  const text = path.trim();
  if (!text.startsWith('$')) throw new JsonPathError(`A JSONPath starts with $, got '${path}'`);
  const steps: Array<string | number> = [];
  let i = 1;
  while (i < text.length) {
    if (text[i] === '.') {
      const match = /^[^.[\]]+/.exec(text.slice(i + 1));
      if (!match) throw new JsonPathError(`A name is missing after '.' at ${i + 1} in '${path}'`);
      steps.push(match[0]);
      i += 1 + match[0].length;
    } else if (text[i] === '[') {
      const rest = text.slice(i);
      const quoted = /^\[\s*(['"])((?:\\.|(?!\1).)*)\1\s*\]/.exec(rest);
      const index = /^\[\s*(-?\d+)\s*\]/.exec(rest);
      if (quoted) {
        steps.push(quoted[2].replace(/\\(.)/g, '$1'));
        i += quoted[0].length;
      } else if (index) {
        steps.push(Number(index[1]));
        i += index[0].length;
      } else throw new JsonPathError(`Only ['name'] and [number] are understood in brackets, at ${i + 1} in '${path}'`);
    } else throw new JsonPathError(`Unexpected '${text[i]}' at ${i + 1} in '${path}'`);
  }
  return steps;
}

/** The value at a path, or undefined when the path leads nowhere. */
export function jsonPathGet(value: unknown, path: string): unknown {
  let current = value;
  for (const step of parseJsonPath(path)) {
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step < 0 ? current.length + step : step];
    } else {
      if (typeof current !== 'object' || current === null || !Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
}

/** `$.a['b c'][0]` for the steps of a value (the inverse of parseJsonPath). */
export function formatJsonPath(steps: Array<string | number>): string {
  return `$${steps.map((step) => (typeof step === 'number' ? `[${step}]` : /^[A-Za-z_$][\w$]*$/.test(step) ? `.${step}` : `['${step.replace(/['\\]/g, '\\$&')}']`)).join('')}`;
}

export interface CaptureInput {
  bodyText: string;
  headers: Array<[string, string]>;
  cookies: RelayCookie[];
}

export interface CaptureOutcome {
  values: Variable[];
  /** One line per rule that found nothing. */
  problems: string[];
}

export function applyCaptureRules(rules: CaptureRule[], response: CaptureInput): CaptureOutcome {
  const values: Variable[] = [];
  const problems: string[] = [];
  let body: unknown;
  let bodyRead = false;
  for (const rule of rules) {
    if (!rule.variable.trim() || !rule.path.trim()) continue;
    let found: string | undefined;
    try {
      if (rule.source === 'header') {
        found = response.headers.find(([name]) => name.toLowerCase() === rule.path.trim().toLowerCase())?.[1];
      } else if (rule.source === 'cookie') {
        const cookie = response.cookies.find((item) => item.name === rule.path.trim());
        found = cookie ? (cookie.decryptedValue ?? cookie.value) : undefined;
      } else {
        if (!bodyRead) {
          bodyRead = true;
          try {
            body = JSON.parse(response.bodyText);
          } catch {
            body = undefined;
          }
        }
        const value = body === undefined ? undefined : jsonPathGet(body, rule.path);
        found = value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
      }
    } catch (error) {
      problems.push(`{{${rule.variable}}}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (found === undefined) problems.push(`{{${rule.variable}}}: ${rule.source === 'body' ? `nothing at ${rule.path} in the body` : `no ${rule.source} ${rule.path}`}`);
    else values.push({ name: rule.variable.trim(), value: found, secret: rule.secret });
  }
  return { values, problems };
}
