// Saved requests as the steps of a framework test, before any language is chosen: each request's
// method, URL, headers, body and auth with its `{{variables}}` cut out as references, its captures
// and its assertions; and where each variable's value comes from (the environment's plain value,
// an earlier capture, or the process environment's KITE_VAR_<name> for a secret or a value the
// environment lacks). The request goes through the app's own mapping (fromSavedFile →
// relayRequestOf → describeOutgoing), so the test sends what Kite sends. Pure.
import type { EnvironmentFile, RelayAuthorization, SavedAssertion, SavedRequestFile } from '../../../../protocol/types';
import { normalizeAssertions } from '../assertions/assertion';
import { describeOutgoing, type OutgoingBody } from '../request/outgoing';
import { relayRequestOf } from '../request/relay-request';
import { queryString } from '../request/url';
import { parseJsonPath } from '../workspace/capture';
import { normalizeVariables } from '../workspace/environments';
import { fromSavedFile } from '../workspace/saved-requests';
import { isSecretName } from '../workspace/secret-names';
import { EMPTY_SCOPE, segments } from '../workspace/variables';

/** A text as literal runs and `{{variable}}` references, in order. */
export type Pieces = Array<{ text: string } | { variable: string }>;

/**
 * A JSON body's value with `{{variables}}` kept as references: in a string as text; written bare
 * (`"age": {{age}}`) as `variable`, whose text Kite puts in as it is, so it is read as JSON.
 */
export type JsonTemplate =
  | { kind: 'literal'; value: null | boolean | number }
  | { kind: 'text'; pieces: Pieces }
  | { kind: 'variable'; name: string }
  | { kind: 'array'; items: JsonTemplate[] }
  | { kind: 'object'; entries: Array<[string, JsonTemplate]> };

export type StepBody =
  | { kind: 'none' }
  | { kind: 'json'; value: JsonTemplate; text: Pieces }
  | { kind: 'text'; text: Pieces; contentType: string }
  | { kind: 'form'; fields: Array<{ name: string; value: Pieces }> }
  | { kind: 'multipart'; fields: Array<{ name: string; value: Pieces }>; files: Array<{ name: string; filename: string }> };

export interface StepCapture {
  variable: string;
  source: 'body' | 'header' | 'cookie';
  /** The header's or cookie's name; for the body, the JSONPath's steps. */
  name: string;
  steps: Array<string | number>;
}

export interface StepAssertion {
  assertion: SavedAssertion;
  /** The JSONPath's steps, `'*'` for every item; null when the path is more than a framework's path can say. */
  steps: Array<string | number> | null;
  expected: Pieces;
}

export interface Step {
  name: string;
  method: string;
  /**
   * The path below the target (a leading `{{baseUrl}}` or an absolute URL's origin taken off) and
   * the query, literal runs percent-encoded as Kite sends them; a variable's value is to be encoded.
   */
  url: Pieces;
  /** Set when the saved URL is absolute: the origin it names. */
  origin: string | null;
  headers: Array<{ name: string; value: Pieces }>;
  basicAuth: { username: Pieces; password: Pieces } | null;
  /** The user the request impersonates (Kite's impersonate auth), or null. */
  actingAs: Pieces | null;
  /** The request signs in as the browser's logged-in user, which no test has. */
  currentUser: boolean;
  body: StepBody;
  captures: StepCapture[];
  assertions: StepAssertion[];
}

export type VariableSource = { kind: 'environment'; value: string } | { kind: 'process'; reason: 'secret' | 'missing' };

export interface TestPlan {
  steps: Step[];
  /** The variables used before any request captures them, in order of first use, with their source. */
  variables: Array<{ name: string; source: VariableSource }>;
  /** What the test cannot do as Kite does, one line each (also written as comments in the file). */
  notes: string[];
}

export const piecesOf = (text: string): Pieces =>
  segments(text, EMPTY_SCOPE).map((segment) => (segment.name === undefined ? { text: segment.text } : { variable: segment.name }));

/** `$.a[0].b`, `$.items[*].id` → steps with `'*'`; null for what a dot path cannot say (filters, negative indexes, recursive descent, names with dots). */
export function pathSteps(path: string): Array<string | number> | null {
  try {
    const steps = parseJsonPath(path.replace(/\[\s*\*\s*\]/g, '.*'));
    return steps.every((step) => (typeof step === 'number' ? step >= 0 : step !== '' && !step.includes('.'))) ? steps : null;
  } catch {
    return null;
  }
}

const SENTINEL = '\u0001';

/** A JSON body's text with `{{variables}}` as references; undefined when the text is not JSON. */
export function jsonTemplate(text: string): JsonTemplate | undefined {
  let marked = '';
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      marked += char;
      if (char === '\\') marked += text[(i += 1)] ?? '';
      else if (char === '"') inString = false;
      continue;
    }
    const bare = /^\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/.exec(text.slice(i));
    if (bare) {
      marked += JSON.stringify(`${SENTINEL}${bare[1]}`);
      i += bare[0].length - 1;
      continue;
    }
    if (char === '"') inString = true;
    marked += char;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(marked);
  } catch {
    return undefined;
  }
  const walk = (value: unknown): JsonTemplate => {
    if (typeof value === 'string') {
      if (value.startsWith(SENTINEL)) return { kind: 'variable', name: value.slice(1) };
      return { kind: 'text', pieces: piecesOf(value) };
    }
    if (Array.isArray(value)) return { kind: 'array', items: value.map(walk) };
    if (value !== null && typeof value === 'object') return { kind: 'object', entries: Object.entries(value).map(([key, item]) => [key, walk(item)]) };
    return { kind: 'literal', value: value as null | boolean | number };
  };
  return walk(parsed);
}

function stepBody(body: OutgoingBody, notes: string[], name: string): StepBody {
  if (body.kind === 'none') return { kind: 'none' };
  if (body.kind === 'form') return { kind: 'form', fields: body.fields.map((field) => ({ name: field.name, value: piecesOf(field.value) })) };
  if (body.kind === 'multipart') {
    const files = body.parts.flatMap((part) => ('file' in part ? [{ name: part.name, filename: part.file.filename }] : []));
    if (files.length > 0) notes.push(`${name}: a saved request keeps a file part's name, not its content: the test sends an empty file for ${files.map((file) => file.filename).join(', ')}`);
    return { kind: 'multipart', fields: body.parts.flatMap((part) => ('file' in part ? [] : [{ name: part.name, value: piecesOf(part.value) }])), files };
  }
  const template = body.json ? jsonTemplate(body.text) : undefined;
  // A framework's JSON call takes an object or a list; any other JSON body goes as text.
  if (template?.kind === 'object' || template?.kind === 'array') return { kind: 'json', value: template, text: piecesOf(body.text) };
  return { kind: 'text', text: piecesOf(body.text), contentType: body.contentType || 'text/plain' };
}

/** The path a saved URL names below the target, and the origin of an absolute one. */
function splitTarget(url: string): { path: Pieces; origin: string | null } {
  const pieces = piecesOf(url);
  const first = pieces[0];
  // `{{baseUrl}}/users`: the variable is the target, which the test gets from its runner.
  if (first && 'variable' in first) {
    const rest = pieces.slice(1);
    return { path: rest.length === 0 ? [{ text: '/' }] : rest, origin: null };
  }
  if (first && 'text' in first) {
    const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]+/i.exec(first.text);
    if (absolute) return { path: [{ text: first.text.slice(absolute[0].length) || '/' }, ...pieces.slice(1)], origin: absolute[0] };
    if (!first.text.startsWith('/')) return { path: [{ text: `/${first.text}` }, ...pieces.slice(1)], origin: null };
  }
  return { path: pieces.length > 0 ? pieces : [{ text: '/' }], origin: null };
}

function stepOf(file: Partial<SavedRequestFile>, notes: string[]): Step {
  const name = String(file.name ?? 'Request');
  const state = fromSavedFile(file);
  const relay = relayRequestOf(state, []);
  // Credentials stay `{{references}}` in a saved file, so "with secrets" writes the references, never a value.
  const outgoing = describeOutgoing({ ...relay, query: [] }, { baseUrl: '', includeSecrets: true });
  const authorization: RelayAuthorization = relay.authorization;
  const { path, origin } = splitTarget(relay.url);
  const search = queryString(relay.query);
  const captures: StepCapture[] = state.captures
    .filter((rule) => rule.variable.trim() !== '' && rule.path.trim() !== '')
    .flatMap((rule): StepCapture[] => {
      if (rule.source !== 'body') return [{ variable: rule.variable.trim(), source: rule.source, name: rule.path.trim(), steps: [] }];
      const steps = pathSteps(rule.path);
      if (steps === null || steps.includes('*')) {
        notes.push(`${name}: the capture of {{${rule.variable}}} at ${rule.path} is not exported (the path is more than a framework's dot path)`);
        return [];
      }
      return [{ variable: rule.variable.trim(), source: 'body' as const, name: rule.path.trim(), steps }];
    });
  const assertions = normalizeAssertions(file.assertions).map((assertion) => {
    const steps = assertion.source === 'body' ? pathSteps(assertion.path) : [];
    if (steps === null) notes.push(`${name}: "${assertion.path}" is more than a framework's dot path: its assertion is left as a comment`);
    if (assertion.source === 'schema') notes.push(`${name}: the documented-schema assertion is left as a comment (the test has no route documentation)`);
    return { assertion, steps, expected: piecesOf(assertion.expected) };
  });
  const currentUser = authorization.type === 'current-user';
  if (currentUser) notes.push(`${name}: it signs in as Kite's logged-in user, which a test does not have: it is sent without that session`);
  // The content type describeOutgoing adds is the body's own: each framework's call sets it; one typed in the request stays.
  const headers = outgoing.headers.filter((header) => header.name.toLowerCase() !== 'content-type' || relay.headers.some((row) => row.name === header.name && row.value === header.value));
  return {
    name,
    method: relay.method,
    url: search ? [...path, { text: '?' }, ...piecesOf(search)] : path,
    origin,
    headers: headers.map((header) => ({ name: header.name, value: piecesOf(header.value) })),
    basicAuth: outgoing.basicAuth ? { username: piecesOf(outgoing.basicAuth.username), password: piecesOf(outgoing.basicAuth.password) } : null,
    actingAs: authorization.type === 'impersonate' ? piecesOf(authorization.userId) : null,
    currentUser,
    body: stepBody(outgoing.body, notes, name),
    captures,
    assertions,
  };
}

function* piecesOfStep(step: Step): Generator<Pieces> {
  yield step.url;
  for (const header of step.headers) yield header.value;
  if (step.basicAuth) yield* [step.basicAuth.username, step.basicAuth.password];
  if (step.actingAs) yield step.actingAs;
  const body = step.body;
  if (body.kind === 'text') yield body.text;
  if (body.kind === 'form' || body.kind === 'multipart') for (const field of body.fields) yield field.value;
  if (body.kind === 'json') yield* templatePieces(body.value);
  for (const line of step.assertions) yield line.expected;
}

function* templatePieces(value: JsonTemplate): Generator<Pieces> {
  if (value.kind === 'variable') yield [{ variable: value.name }];
  else if (value.kind === 'text') yield value.pieces;
  else if (value.kind === 'array') for (const item of value.items) yield* templatePieces(item);
  else if (value.kind === 'object') for (const [, item] of value.entries) yield* templatePieces(item);
}

/**
 * The plan of a test of saved requests, sent in the order given, captures flowing from one to the
 * next. A variable's value is written into the test only when the environment has it as a plain
 * value under a name that does not look secret; anything else is read from KITE_VAR_<name>.
 */
export function testPlan(files: Array<Partial<SavedRequestFile>>, environment?: EnvironmentFile): TestPlan {
  const notes: string[] = [];
  const steps = files.map((file) => stepOf(file, notes));
  const plain = new Map(normalizeVariables(environment?.variables).filter((variable) => !variable.secret && !isSecretName(variable.name)).map((variable) => [variable.name, variable.value]));
  const secret = new Set(normalizeVariables(environment?.variables).filter((variable) => variable.secret || isSecretName(variable.name)).map((variable) => variable.name));
  const captured = new Set<string>();
  const variables: TestPlan['variables'] = [];
  const seen = new Set<string>();
  for (const step of steps) {
    for (const pieces of piecesOfStep(step)) {
      for (const piece of pieces) {
        if (!('variable' in piece) || captured.has(piece.variable) || seen.has(piece.variable)) continue;
        seen.add(piece.variable);
        const value = plain.get(piece.variable);
        variables.push({ name: piece.variable, source: value !== undefined ? { kind: 'environment', value } : { kind: 'process', reason: secret.has(piece.variable) || isSecretName(piece.variable) ? 'secret' : 'missing' } });
      }
    }
    for (const capture of step.captures) captured.add(capture.variable);
  }
  return { steps, variables, notes };
}
