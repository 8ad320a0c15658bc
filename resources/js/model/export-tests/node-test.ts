// A test plan as a `node:test` file for an API behind the Node host: fetch against the base URL in
// KITE_TARGET, node:assert, and a few helpers that check each assertion as Kite's evaluator does
// (a value equals the text as typed or read as JSON; `{{variables}}` are filled in as text, as a
// Send fills them). Secrets come from KITE_VAR_<name>, never written in the file. Pure.
import { SECRET_ENV_PREFIX } from '../../../../protocol/endpoints.js';
import { describeAssertion } from '../assertions/assertion';
import { headerComment } from './names';
import type { Pieces, Step, StepAssertion, TestPlan } from './plan';
import { fileSlug } from '../workspace/saved-requests';

const js = (value: unknown) => JSON.stringify(value);

/** A text as a JavaScript expression: a template literal with `${v('name')}` for each variable (URL-encoded in a URL). */
function text(pieces: Pieces, encode = false): string {
  if (pieces.every((piece) => 'text' in piece)) return js(pieces.map((piece) => ('text' in piece ? piece.text : '')).join(''));
  return `\`${pieces
    .map((piece) => ('text' in piece ? piece.text.replace(/[`\\]|\$\{/g, (match) => `\\${match}`) : encode ? `\${encodeURIComponent(v(${js(piece.variable)}))}` : `\${v(${js(piece.variable)})}`))
    .join('')}\``;
}

/** The helpers every exported file carries: the request, and Kite's own comparisons. */
const PRELUDE = String.raw`const target = process.env.KITE_TARGET;
if (!target) throw new Error('Set KITE_TARGET to the base URL of the API under test, e.g. KITE_TARGET=http://127.0.0.1:8080/demo');

/** The variables of the run: the environment's values, then what each response captures. */
const vars = {};

/** A variable's value; one without a value stops the test, as Kite refuses to send then. */
function v(name) {
  if (vars[name] === undefined) throw new Error('{{' + name + '}} has no value: set ${SECRET_ENV_PREFIX}' + name);
  return vars[name];
}

/** Sends a request to the target; the answer's body is read as JSON when it is JSON. */
async function send(method, path, init = {}) {
  const started = performance.now();
  const response = await fetch(target.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, ''), { method, ...init });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, ms: performance.now() - started };
}

/** The value at a path's steps ('*' for every item), undefined when there is none. */
function at(value, steps) {
  let current = value;
  for (const [index, step] of steps.entries()) {
    if (step === '*') {
      if (current === null || typeof current !== 'object') return undefined;
      return Object.values(current).map((item) => at(item, steps.slice(index + 1))).filter((item) => item !== undefined);
    }
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return undefined;
    current = current[step];
  }
  return current;
}

/** A captured value as Kite keeps it: text as it is, anything else as JSON. */
const captured = (value) => (value === undefined || typeof value === 'string' ? value : JSON.stringify(value));

/** Whether a value is what was typed: the text itself, or the text read as JSON. */
function same(value, expected) {
  if (typeof value === 'string' && value === expected) return true;
  try {
    return isDeepStrictEqual(value, JSON.parse(expected));
  } catch {
    return false;
  }
}

function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function contains(value, expected) {
  if (typeof value === 'string') return value.includes(expected);
  if (Array.isArray(value)) return value.some((item) => same(item, expected));
  if (value !== null && typeof value === 'object') return Object.hasOwn(value, expected);
  return String(value).includes(expected);
}

const lengthOf = (value) => (typeof value === 'string' || Array.isArray(value) ? value.length : value !== null && typeof value === 'object' ? Object.keys(value).length : undefined);

/** One assertion: the message says what was expected and what the response had. */
function check(passed, message, actual) {
  assert.ok(passed, message + ', got ' + (typeof actual === 'string' ? actual : JSON.stringify(actual) ?? '(none)'));
}`;

function assertionLine(line: StepAssertion): string {
  const { assertion, steps, expected } = line;
  const message = js(describeAssertion(assertion));
  const want = text(expected);
  const literal = expected.every((piece) => 'text' in piece) ? expected.map((piece) => ('text' in piece ? piece.text : '')).join('') : null;
  switch (assertion.source) {
    case 'status':
      if (assertion.operator === 'class') {
        const digit = /^\s*([1-5])xx\s*$/i.exec(literal ?? '')?.[1];
        return digit ? `check(Math.floor(response.status / 100) === ${digit}, ${message}, response.status);` : `// Not exported: ${describeAssertion(assertion)} (a status class is written like 2xx)`;
      }
      return literal !== null && /^\s*\d+\s*$/.test(literal) ? `assert.equal(response.status, ${literal.trim()}, ${message});` : `assert.equal(String(response.status), ${want}.trim(), ${message});`;
    case 'header': {
      const name = js(assertion.path.trim());
      if (assertion.operator === 'exists') return `check(response.headers.has(${name}), ${message}, null);`;
      if (assertion.operator === 'equals') return `check(response.headers.get(${name}) === ${want}, ${message}, response.headers.get(${name}));`;
      return `check(new RegExp(${want}).test(response.headers.get(${name}) ?? ''), ${message}, response.headers.get(${name}));`;
    }
    case 'time':
      return `check(response.ms < Number(${want}), ${message}, Math.round(response.ms) + ' ms');`;
    case 'schema':
      return `// Not exported: ${describeAssertion(assertion)} (the route documentation is not part of the test)`;
    case 'body': {
      if (steps === null) return `// Not exported: ${describeAssertion(assertion)} (the JSONPath is more than a dot path)`;
      const found = `at(response.body, ${js(steps)})`;
      const checks: Record<string, string> = {
        equals: `found !== undefined && same(found, ${want})`,
        'not-equals': `found === undefined || !same(found, ${want})`,
        exists: 'found !== undefined',
        matches: `found !== undefined && new RegExp(${want}).test(String(found))`,
        type: `found !== undefined && (jsonType(found) === ${want}.trim().toLowerCase() || (${want}.trim().toLowerCase() === 'number' && jsonType(found) === 'integer'))`,
        length: `lengthOf(found) === Number(${want})`,
        contains: `found !== undefined && contains(found, ${want})`,
        'less-than': `Number(found) < Number(${want})`,
        'greater-than': `Number(found) > Number(${want})`,
      };
      const condition = checks[assertion.operator];
      if (!condition) return `// Not exported: ${describeAssertion(assertion)}`;
      return `{\n  const found = ${found};\n  check(${condition}, ${message}, found);\n}`;
    }
    default:
      // queries, mail, dispatched, log, exception, row: read from the Laravel host's trace of the call.
      return `// Not exported: ${describeAssertion(assertion)} (a check of the Laravel trace: php artisan kite:run makes it)`;
  }
}

function requestInit(step: Step): string {
  const headers: string[] = step.headers.map((header) => `${js(header.name)}: ${text(header.value)}`);
  if (step.basicAuth) headers.push(`Authorization: 'Basic ' + Buffer.from(${text(step.basicAuth.username)} + ':' + ${text(step.basicAuth.password)}).toString('base64')`);
  if (step.actingAs) headers.push(`...(process.env.KITE_IMPERSONATE_HEADER ? { [process.env.KITE_IMPERSONATE_HEADER]: ${text(step.actingAs)} } : {})`);
  const body = step.body;
  let payload: string | null = null;
  const typedType = step.headers.some((header) => header.name.toLowerCase() === 'content-type');
  if (body.kind === 'json' || body.kind === 'text') {
    if (!typedType) headers.push(`'Content-Type': ${js(body.kind === 'json' ? 'application/json' : body.contentType)}`);
    payload = text(body.text);
  }
  if (body.kind === 'form') payload = `new URLSearchParams([${body.fields.map((field) => `[${js(field.name)}, ${text(field.value)}]`).join(', ')}])`;
  else if (body.kind === 'multipart') {
    const parts = [...body.fields.map((field) => `form.append(${js(field.name)}, ${text(field.value)});`), ...body.files.map((file) => `form.append(${js(file.name)}, new Blob([]), ${js(file.filename)});`)];
    payload = `(() => {\n  const form = new FormData();\n${parts.map((part) => `  ${part}`).join('\n')}\n  return form;\n})()`;
  }
  const init = [...(headers.length > 0 ? [`headers: {\n${headers.map((header) => `  ${header},`).join('\n')}\n}`] : []), ...(payload ? [`body: ${payload}`] : [])];
  return init.length === 0 ? '' : `, {\n${init.map((part) => indent(part, 1)).join(',\n')},\n}`;
}

const indent = (code: string, depth: number) =>
  code
    .split('\n')
    .map((line) => (line === '' ? '' : `${'  '.repeat(depth)}${line}`))
    .join('\n');

function stepCode(step: Step, index: number): string {
  const lines = [`// ${index + 1}. ${step.name}: ${step.method} ${step.url.map((piece) => ('text' in piece ? piece.text : `{{${piece.variable}}}`)).join('')}`];
  if (step.origin) lines.push(`// The saved URL names ${step.origin}: the test sends to KITE_TARGET instead.`);
  if (step.actingAs) lines.push("// Kite's host impersonates the user: set KITE_IMPERSONATE_HEADER to the header your API reads (kite serve --impersonate-header).");
  if (step.currentUser) lines.push("// Kite sends this as its logged-in user: the test sends it without that session.");
  lines.push(`const response = await send(${js(step.method)}, ${text(step.url, true)}${requestInit(step)});`);
  for (const line of step.assertions) lines.push(assertionLine(line));
  for (const capture of step.captures) {
    const source =
      capture.source === 'header'
        ? `response.headers.get(${js(capture.name)}) ?? undefined`
        : capture.source === 'cookie'
          ? `response.headers.getSetCookie().map((cookie) => cookie.split(';')[0].split('=')).find(([name]) => name.trim() === ${js(capture.name)})?.slice(1).join('=')`
          : `captured(at(response.body, ${js(capture.steps)}))`;
    lines.push(`vars[${js(capture.variable)}] = ${source};`);
  }
  return `{\n${indent(lines.join('\n'), 1)}\n}`;
}

/** A `node:test` file (NAME.test.mjs) run with `KITE_TARGET=… node --test`. */
export function toNodeTest(plan: TestPlan, title: string): { fileName: string; text: string } {
  const variables = plan.variables.map((variable) =>
    variable.source.kind === 'environment'
      ? `vars[${js(variable.name)}] = ${js(variable.source.value)};`
      : `vars[${js(variable.name)}] = process.env.${SECRET_ENV_PREFIX}${/^[A-Za-z_$][\w$]*$/.test(variable.name) ? variable.name : `[${js(variable.name)}]`}; // ${variable.source.reason === 'secret' ? 'a secret: never written in the test' : 'no value in the environment'}`,
  );
  const body = [...variables, ...plan.steps.map((step, index) => stepCode(step, index))];
  const text = [
    ...headerComment(plan, title, '//'),
    '// Run: KITE_TARGET=http://127.0.0.1:8080/demo node --test <this file>',
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    "import { isDeepStrictEqual } from 'node:util';",
    '',
    PRELUDE,
    '',
    `test(${js(title)}, async () => {`,
    indent(body.join('\n'), 1),
    '});',
    '',
  ].join('\n');
  return { fileName: `${fileSlug(title)}.test.mjs`, text };
}
