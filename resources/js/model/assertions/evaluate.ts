// Evaluating a request's assertions against its response: each line passes or fails with the
// actual value and a message in words. Pure and Node-safe: the caller hands in how `{{variables}}`
// are filled in (the app: the workspace's variables module) and how a body is checked against a
// JSON Schema (the app: its own validator, which keeps ajv out of the browser).
import type { JsonSchema, RelayTrace, RouteResponseDoc } from '../../../../protocol/types';
import { queryJsonPath } from '../json-path/query';
import { type Assertion, describeAssertion, WITHOUT_EXPECTED } from './assertion';
import { type RowAnswer, rowKey, rowQuestion, TRACE_SOURCES, traceOutcome } from './trace-checks';

export { rowQuestions } from './trace-checks';

export interface AssertionResponse {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  bodyText: string;
  durationMs: number;
  /** What happened inside the app during the call (the Laravel host's relay trace), for its own checks. */
  trace?: RelayTrace;
}

export interface AssertionContext {
  /** Fills in `{{name}}`; names without a value are added to `unresolved` and stay as typed. */
  resolve?: (text: string, unresolved: Set<string>) => string;
  /** The route's documented responses (with schemas whose `$ref`s resolve at their own root). */
  responses?: RouteResponseDoc[];
  /** What is wrong with a value for a schema (one message per problem); none when it matches. */
  schemaProblems?: (value: unknown, schema: JsonSchema) => string[];
  /** The host's answers to the `row` lines' questions (rowQuestions), by rowKey. */
  rows?: ReadonlyMap<string, RowAnswer>;
}

export interface AssertionResult {
  assertion: Assertion;
  passed: boolean;
  /** What the response had, as text (`(none)` when it had nothing there). */
  actual: string;
  /** The expected value with its variables filled in. */
  expected: string;
  /** Why it failed, or what passed, in words. */
  message: string;
}

const NONE = '(none)';
const MISSING = Symbol('missing');

/** Evaluates every line; the body is parsed once, only when a line reads it. */
export function evaluateAssertions(assertions: Assertion[], response: AssertionResponse, context: AssertionContext = {}): AssertionResult[] {
  let parsed: unknown = MISSING;
  const body = (): unknown => {
    if (parsed === MISSING) {
      try {
        parsed = JSON.parse(response.bodyText);
      } catch {
        parsed = NOT_JSON;
      }
    }
    return parsed;
  };
  return assertions.map((assertion) => evaluateOne(assertion, response, context, body));
}

const NOT_JSON = Symbol('not JSON');

function evaluateOne(assertion: Assertion, response: AssertionResponse, context: AssertionContext, body: () => unknown): AssertionResult {
  const unresolved = new Set<string>();
  const expected = context.resolve ? context.resolve(assertion.expected, unresolved) : assertion.expected;
  const path = context.resolve ? context.resolve(assertion.path, unresolved) : assertion.path;
  const result = (passed: boolean, actual: string, problem?: string): AssertionResult => ({
    assertion,
    passed,
    actual,
    expected,
    message: passed ? describeAssertion(assertion) : (problem ?? `Expected ${describeAssertion({ ...assertion, expected })}, got ${actual}`),
  });
  if (unresolved.size > 0 && !WITHOUT_EXPECTED.has(assertion.operator)) {
    const names = [...unresolved].map((name) => `{{${name}}}`).join(', ');
    return result(false, NONE, `${names} ${unresolved.size === 1 ? 'has' : 'have'} no value`);
  }
  if (TRACE_SOURCES.has(assertion.source)) {
    const question = assertion.source === 'row' ? rowQuestion(path, expected) : undefined;
    const row = question && !('error' in question) ? context.rows?.get(rowKey(question.table, question.column, question.value)) : undefined;
    return result(...traceOutcome(assertion, path, expected, response.trace, row));
  }
  switch (assertion.source) {
    case 'status': {
      const actual = String(response.status);
      if (assertion.operator === 'class') {
        const match = /^\s*([1-5])xx\s*$/i.exec(expected);
        if (!match) return result(false, actual, `A status class is written like 2xx, not '${expected}'`);
        return result(actual[0] === match[1], actual);
      }
      return result(actual === expected.trim(), actual);
    }
    case 'time': {
      const limit = Number(expected);
      const actual = `${Math.round(response.durationMs)} ms`;
      if (expected.trim() === '' || !Number.isFinite(limit)) return result(false, actual, `A time limit is a number of milliseconds, not '${expected}'`);
      return result(response.durationMs < limit, actual);
    }
    case 'header': {
      const name = path.trim().toLowerCase();
      const values = response.headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value);
      const actual = values.length > 0 ? values.join(', ') : NONE;
      if (!name) return result(false, actual, 'Name the header');
      if (assertion.operator === 'exists') return result(values.length > 0, actual, `No header ${path.trim()} in the response`);
      if (values.length === 0) return result(false, actual, `No header ${path.trim()} in the response`);
      if (assertion.operator === 'matches') {
        const regex = regexOf(expected);
        if (typeof regex === 'string') return result(false, actual, regex);
        return result(values.some((value) => regex.test(value)), actual);
      }
      return result(values.some((value) => value === expected), actual);
    }
    case 'schema':
      return schemaResult(response, context, body(), result);
    case 'body': {
      const document = body();
      if (document === NOT_JSON) return result(false, NONE, 'The body is not JSON');
      const query = queryJsonPath(document, path);
      if (!query.ok) return result(false, NONE, `${path}: ${query.error}`);
      const found = query.matches.length === 0 ? MISSING : query.matches.length === 1 ? query.matches[0] : query.matches;
      const actual = found === MISSING ? NONE : showValue(found);
      if (assertion.operator === 'exists') return result(found !== MISSING, actual, `Nothing at ${path} in the body`);
      if (found === MISSING) return result(assertion.operator === 'not-equals', actual, `Nothing at ${path} in the body`);
      return result(...compareValue(assertion.operator, found, expected, actual));
    }
    default:
      return result(false, NONE, `${assertion.source} is not a source this client knows`);
  }
}

type Outcome = [passed: boolean, actual: string, problem?: string];

function compareValue(operator: Assertion['operator'], found: unknown, expected: string, actual: string): Outcome {
  switch (operator) {
    case 'equals':
      return [sameValue(found, expected), actual];
    case 'not-equals':
      return [!sameValue(found, expected), actual];
    case 'matches': {
      const regex = regexOf(expected);
      if (typeof regex === 'string') return [false, actual, regex];
      if (typeof found === 'object' && found !== null) return [false, actual, `A regular expression matches text or a number, not ${jsonType(found) === 'array' ? 'an array' : 'an object'}`];
      return [regex.test(String(found)), actual];
    }
    case 'type': {
      const wanted = expected.trim().toLowerCase();
      if (!JSON_TYPES.includes(wanted)) return [false, jsonType(found), `A type is one of ${JSON_TYPES.join(', ')}, not '${expected}'`];
      const type = jsonType(found);
      return [type === wanted || (wanted === 'number' && type === 'integer'), type];
    }
    case 'length': {
      const length = typeof found === 'string' || Array.isArray(found) ? found.length : typeof found === 'object' && found !== null ? Object.keys(found).length : undefined;
      if (length === undefined) return [false, actual, `${/^[aeiou]/.test(jsonType(found)) ? 'An' : 'A'} ${jsonType(found)} has no length`];
      const wanted = Number(expected);
      if (expected.trim() === '' || !Number.isInteger(wanted)) return [false, String(length), `A length is a whole number, not '${expected}'`];
      return [length === wanted, String(length)];
    }
    case 'contains': {
      if (typeof found === 'string') return [found.includes(expected), actual];
      if (Array.isArray(found)) return [found.some((item) => sameValue(item, expected)), actual];
      if (typeof found === 'object' && found !== null) return [Object.hasOwn(found, expected), actual];
      return [String(found).includes(expected), actual];
    }
    case 'less-than':
    case 'greater-than': {
      const value = typeof found === 'number' ? found : typeof found === 'string' && found.trim() !== '' ? Number(found) : Number.NaN;
      const limit = expected.trim() === '' ? Number.NaN : Number(expected);
      if (!Number.isFinite(limit)) return [false, actual, `Compare with a number, not '${expected}'`];
      if (!Number.isFinite(value)) return [false, actual, `${actual} is not a number`];
      return [operator === 'less-than' ? value < limit : value > limit, actual];
    }
    default:
      return [false, actual, `${operator} does not apply to a JSON value`];
  }
}

function schemaResult(response: AssertionResponse, context: AssertionContext, document: unknown, result: (passed: boolean, actual: string, problem?: string) => AssertionResult): AssertionResult {
  const status = String(response.status);
  const documented = documentedResponse(context.responses ?? [], response.status);
  if (!documented) return result(false, status, `The route documents no response for ${status}`);
  if (!documented.schema) return result(false, status, `The route documents ${documented.status} without a JSON body schema`);
  if (document === NOT_JSON) return result(false, NONE, `The body is not JSON (the route documents a JSON body for ${documented.status})`);
  if (!context.schemaProblems) return result(false, status, 'No schema validator was given');
  const problems = context.schemaProblems(document, documented.schema);
  if (problems.length === 0) return result(true, `matches ${documented.status}`);
  return result(false, problems.slice(0, 3).join('; '), `The body does not match the documented ${documented.status} response: ${problems.slice(0, 3).join('; ')}`);
}

/** The documented response for a status: the exact code, else its class (`4XX`), else `default`. */
export function documentedResponse(responses: RouteResponseDoc[], status: number): RouteResponseDoc | undefined {
  const code = String(status);
  return (
    responses.find((item) => item.status === code) ??
    responses.find((item) => item.status.toUpperCase() === `${code[0]}XX`) ??
    responses.find((item) => item.status === 'default')
  );
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether a value is what was typed: the text read as JSON (`42`, `true`, `{"a":1}`) and compared
 * structurally, or, for a string, the text itself (`Ada` needs no quotes).
 */
function sameValue(value: unknown, expected: string): boolean {
  if (typeof value === 'string' && value === expected) return true;
  try {
    return deepEqual(value, JSON.parse(expected));
  } catch {
    return false;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function regexOf(source: string): RegExp | string {
  try {
    return new RegExp(source);
  } catch (error) {
    return `Not a regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** A value as one short line: a string as it is, anything else as JSON, cut at 200 characters. */
function showValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
