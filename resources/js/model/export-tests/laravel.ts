// A test plan as a Laravel feature test, PHPUnit or Pest: each request through the test case's own
// HTTP calls (`getJson`, `postJson`, … in-process, no server), impersonation as
// `actingAs(User::find(id))`, assertions as `assertStatus`, `assertHeader`, `assertJsonPath`, …,
// captures as PHP variables that later requests use. Secrets are read with env('KITE_VAR_<name>'),
// never written. Pure.
import type { SavedAssertion } from '../../../../protocol/types';
import { describeAssertion } from '../assertions/assertion';
import { php } from '../request/code-snippets';
import type { JsonTemplate, Pieces, Step, StepAssertion, TestPlan } from './plan';
import { SECRET_ENV_PREFIX } from '../../../../protocol/endpoints.js';
import { headerComment, studlyName } from './names';

type Names = Map<string, string>;

/** `$user_id` for `{{user.id}}`: one PHP variable per Kite variable, never one the test itself uses. */
function phpVariables(plan: TestPlan): Names {
  const names: Names = new Map();
  const taken = new Set(['$this', '$response', '$started', '$value']);
  const add = (name: string) => {
    if (names.has(name)) return;
    const base = `$${/^[0-9]/.test(name) ? '_' : ''}${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
    let identifier = base;
    for (let n = 2; taken.has(identifier); n += 1) identifier = `${base}_${n}`;
    taken.add(identifier);
    names.set(name, identifier);
  };
  for (const variable of plan.variables) add(variable.name);
  for (const step of plan.steps) for (const capture of step.captures) add(capture.variable);
  return names;
}

/** A text as a PHP expression: literal runs quoted, variables concatenated (URL-encoded in a URL). */
function text(pieces: Pieces, names: Names, encode = false): string {
  if (pieces.length === 0) return "''";
  const parts = pieces.map((piece) => ('text' in piece ? php(piece.text) : encode ? `rawurlencode((string) ${names.get(piece.variable)})` : (names.get(piece.variable) as string)));
  if (parts.length === 1 && 'variable' in pieces[0] && !encode) return `(string) ${parts[0]}`;
  return parts.join(' . ');
}

/** A value as PHP: a lone variable keeps its type (a captured id stays an int). */
function value(pieces: Pieces, names: Names): string {
  return pieces.length === 1 && 'variable' in pieces[0] ? (names.get(pieces[0].variable) as string) : text(pieces, names);
}

function jsonValue(template: JsonTemplate, names: Names, depth: number): string {
  const pad = '    '.repeat(depth);
  const inner = '    '.repeat(depth + 1);
  switch (template.kind) {
    case 'literal':
      return php(template.value);
    case 'variable':
      // Kite puts a bare variable's text in the JSON as it is: `"age": {{age}}` sends the number.
      return `json_decode((string) ${names.get(template.name)}, true)`;
    case 'text':
      return text(template.pieces, names);
    case 'array':
    case 'object': {
      const entries = template.kind === 'array' ? template.items.map((item) => jsonValue(item, names, depth + 1)) : template.entries.map(([key, item]) => `${php(key)} => ${jsonValue(item, names, depth + 1)}`);
      return entries.length === 0 ? '[]' : `[\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${pad}]`;
    }
  }
}

function array(entries: Array<[string, string]>, depth: number): string {
  if (entries.length === 0) return '[]';
  const pad = '    '.repeat(depth);
  return `[\n${entries.map(([key, item]) => `${pad}    ${php(key)} => ${item},`).join('\n')}\n${pad}]`;
}

const JSON_VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const FORM_VERBS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The test case's call for a step, as `$response = …;`. */
function call(step: Step, names: Names, depth: number): string {
  const uri = text(step.url, names, true);
  const headerEntries: Array<[string, string]> = step.headers.map((header) => [header.name, text(header.value, names)]);
  if (step.basicAuth) headerEntries.push(['Authorization', `'Basic ' . base64_encode(${text(step.basicAuth.username, names)} . ':' . ${text(step.basicAuth.password, names)})`]);
  const headers = array(headerEntries, depth);
  const body = step.body;
  const verb = step.method.toLowerCase();
  if (body.kind === 'none' || body.kind === 'json') {
    const data = body.kind === 'json' ? jsonValue(body.value, names, depth) : '[]';
    if (!JSON_VERBS.has(step.method)) return `$this->json(${php(step.method)}, ${uri}, ${data}, ${headers})`;
    if (step.method === 'GET') {
      if (body.kind === 'json') return `$this->json('GET', ${uri}, ${data}, ${headers})`;
      return headerEntries.length > 0 ? `$this->getJson(${uri}, ${headers})` : `$this->getJson(${uri})`;
    }
    if (headerEntries.length > 0) return `$this->${verb}Json(${uri}, ${data}, ${headers})`;
    return body.kind === 'json' ? `$this->${verb}Json(${uri}, ${data})` : `$this->${verb}Json(${uri})`;
  }
  if (body.kind === 'form' || body.kind === 'multipart') {
    const fields: Array<[string, string]> = body.fields.map((field) => [field.name, text(field.value, names)]);
    if (body.kind === 'multipart') for (const file of body.files) fields.push([file.name, `UploadedFile::fake()->create(${php(file.filename)})`]);
    const data = array(fields, depth);
    const client = headerEntries.length > 0 ? `$this->withHeaders(${headers})` : '$this';
    if (FORM_VERBS.has(step.method)) return `${client}->${verb}(${uri}, ${data})`;
    return `${client}->call(${php(step.method)}, ${uri}, ${data})`;
  }
  const typedType = headerEntries.some(([name]) => name.toLowerCase() === 'content-type');
  const server = array(typedType ? headerEntries : [...headerEntries, ['Content-Type', php(body.contentType)]], depth);
  return `$this->call(${php(step.method)}, ${uri}, [], [], [], $this->transformHeadersToServerVars(${server}), ${text(body.text, names)})`;
}

/** `data.items.0.id` for Laravel's `json()` and `assertJsonPath`, or `null` for the whole body. */
const dotPath = (steps: Array<string | number>) => (steps.length === 0 ? null : steps.join('.'));

const json = (steps: Array<string | number>) => {
  const path = dotPath(steps);
  return path === null ? '$response->json()' : `$response->json(${php(path)})`;
};

/** A JavaScript regular expression as a PCRE pattern. */
const pattern = (source: string) => php(`~${source.replace(/~/g, '\\~')}~`);

/** A number as typed, or the expression read as one. */
const number = (literal: string | null, expression: string, cast: 'int' | 'float') => (literal !== null && literal.trim() !== '' && Number.isFinite(Number(literal)) ? String(Number(literal)) : `(${cast}) ${expression}`);

/** The PHP lines checking one assertion (a comment when it has no framework equivalent). */
function assertionLines(line: StepAssertion, names: Names): string[] {
  const { assertion, steps, expected } = line;
  const literal = expected.every((piece) => 'text' in piece) ? expected.map((piece) => ('text' in piece ? piece.text : '')).join('') : null;
  const expect = value(expected, names);
  const message = php(describeAssertion(assertion));
  const skip = (reason: string) => [`// Not exported: ${describeAssertion(assertion)} (${reason})`];
  switch (assertion.source) {
    case 'status': {
      if (assertion.operator === 'equals') return [`$response->assertStatus(${number(literal, expect, 'int')});`];
      const digit = /^\s*([1-5])xx\s*$/i.exec(literal ?? '')?.[1];
      if (!digit) return skip('a status class is written like 2xx');
      const byClass: Record<string, string> = { '2': '$response->assertSuccessful();', '4': '$response->assertClientError();', '5': '$response->assertServerError();' };
      return [byClass[digit] ?? `$this->assertSame(${digit}, intdiv($response->getStatusCode(), 100), ${message});`];
    }
    case 'header': {
      const name = php(assertion.path.trim());
      if (assertion.operator === 'exists') return [`$response->assertHeader(${name});`];
      if (assertion.operator === 'equals') return [`$response->assertHeader(${name}, ${text(expected, names)});`];
      return [`$this->assertMatchesRegularExpression(${pattern(assertion.expected)}, (string) $response->headers->get(${name}), ${message});`];
    }
    case 'time':
      return [`$this->assertLessThan(${number(literal, expect, 'float')}, (microtime(true) - $started) * 1000, ${message});`];
    case 'schema':
      return skip('the route documentation is not part of the test');
    case 'body':
      if (steps === null) return skip('the JSONPath is more than a dot path');
      return bodyLines(assertion, steps, expected, literal, expect, names, message);
    default:
      // queries, mail, dispatched, log, exception, row: the trace's checks (Mail::fake() and the
      // like would change what the app does); php artisan kite:run makes them.
      return skip('a check of the trace: php artisan kite:run makes it');
  }
}

function bodyLines(assertion: SavedAssertion, steps: Array<string | number>, expected: Pieces, literal: string | null, expect: string, names: Names, message: string): string[] {
  const actual = json(steps);
  const path = dotPath(steps);
  const parsed = literal === null ? undefined : parseJson(literal);
  switch (assertion.operator) {
    case 'equals':
      // Kite compares the text as typed or read as JSON: numbers and structures loosely (5 and "5"), text exactly.
      if (literal === null ? expected.length === 1 : typeof parsed === 'number' || (typeof parsed === 'object' && parsed !== null)) return [`$this->assertEquals(${literal === null ? expect : php(parsed)}, ${actual}, ${message});`];
      if (path === null) return [`$this->assertSame(${literal === null ? expect : php(parsed ?? literal)}, ${actual}, ${message});`];
      return [`$response->assertJsonPath(${php(path)}, ${literal === null ? expect : parsed === undefined || typeof parsed === 'string' ? php(literal) : php(parsed)});`];
    case 'not-equals':
      return [`$this->assertNotEquals(${literal === null ? expect : php(parsed === undefined ? literal : parsed)}, ${actual}, ${message});`];
    case 'exists':
      if (path === null) return [`$this->assertNotNull(${actual}, ${message});`];
      return steps.includes('*') ? [`$this->assertNotEmpty(${actual}, ${message});`] : [`$this->assertTrue(Arr::has($response->json() ?? [], ${php(path)}), ${message});`];
    case 'matches':
      return [`$this->assertMatchesRegularExpression(${pattern(assertion.expected)}, (string) ${actual}, ${message});`];
    case 'type': {
      const checks: Record<string, string> = {
        string: 'is_string($value)',
        number: 'is_int($value) || is_float($value)',
        integer: 'is_int($value)',
        boolean: 'is_bool($value)',
        null: 'is_null($value)',
        object: 'is_array($value) && ! array_is_list($value)',
        array: 'is_array($value) && array_is_list($value)',
      };
      const check = checks[(literal ?? '').trim().toLowerCase()];
      return check ? [`$value = ${actual};`, `$this->assertTrue(${check}, ${message});`] : [`// Not exported: ${describeAssertion(assertion)} (not a JSON type)`];
    }
    case 'length':
      return [`$value = ${actual};`, `$this->assertSame(${number(literal, expect, 'int')}, is_string($value) ? mb_strlen($value) : count($value), ${message});`];
    case 'contains':
      return [`$value = ${actual};`, `$this->assertTrue(is_string($value) ? str_contains($value, ${text(expected, names)}) : (in_array(${expect}, (array) $value) || array_key_exists(${text(expected, names)}, (array) $value)), ${message});`];
    case 'less-than':
      return [`$this->assertLessThan(${number(literal, expect, 'float')}, ${actual}, ${message});`];
    case 'greater-than':
      return [`$this->assertGreaterThan(${number(literal, expect, 'float')}, ${actual}, ${message});`];
    default:
      return [`// Not exported: ${describeAssertion(assertion)}`];
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function captureLine(capture: Step['captures'][number], names: Names): string {
  const variable = names.get(capture.variable) as string;
  if (capture.source === 'header') return `${variable} = $response->headers->get(${php(capture.name)});`;
  if (capture.source === 'cookie') return `${variable} = $response->getCookie(${php(capture.name)})?->getValue();`;
  return `${variable} = ${json(capture.steps)};`;
}

/** The body of the test function: variables, then each request with its checks and captures. */
function testBody(plan: TestPlan, names: Names): string[] {
  const lines: string[] = [];
  for (const variable of plan.variables) {
    const name = names.get(variable.name) as string;
    if (variable.source.kind === 'environment') lines.push(`${name} = ${php(variable.source.value)};`);
    else lines.push(`${name} = env('${SECRET_ENV_PREFIX}${variable.name}'); // ${variable.source.reason === 'secret' ? 'a secret: never written in the test' : 'no value in the environment'}`);
  }
  let impersonating = false;
  for (const [index, step] of plan.steps.entries()) {
    if (lines.length > 0) lines.push('');
    lines.push(`// ${index + 1}. ${step.name}: ${step.method} ${step.url.map((piece) => ('text' in piece ? piece.text : `{{${piece.variable}}}`)).join('')}`);
    if (step.origin) lines.push(`// The saved URL names ${step.origin}: the test calls the application itself.`);
    if (step.currentUser) lines.push("// Kite sends this as its logged-in user: sign a user in here (actingAs) if the route needs one.");
    if (step.actingAs) {
      lines.push(`$this->actingAs(User::find(${value(step.actingAs, names)}));`);
      impersonating = true;
    } else if (impersonating) {
      lines.push("$this->app['auth']->forgetGuards();");
      impersonating = false;
    }
    if (step.assertions.some((line) => line.assertion.source === 'time')) lines.push('$started = microtime(true);');
    lines.push(`$response = ${call(step, names, 0)};`);
    for (const line of step.assertions) lines.push(...assertionLines(line, names));
    for (const capture of step.captures) lines.push(captureLine(capture, names));
  }
  return lines;
}

const indent = (lines: string[], depth: number) => lines.map((line) => (line === '' ? '' : `${'    '.repeat(depth)}${line.replace(/\n/g, `\n${'    '.repeat(depth)}`)}`));

function imports(plan: TestPlan, body: string[]): string[] {
  const uses = ['Illuminate\\Foundation\\Testing\\RefreshDatabase'];
  if (plan.steps.some((step) => step.actingAs)) uses.push('App\\Models\\User');
  if (body.some((line) => line.includes('UploadedFile::'))) uses.push('Illuminate\\Http\\UploadedFile');
  if (body.some((line) => line.includes('Arr::'))) uses.push('Illuminate\\Support\\Arr');
  return uses.sort().map((name) => `use ${name};`);
}

/** A PHPUnit feature test class (tests/Feature/NameTest.php). */
export function toPhpunit(plan: TestPlan, title: string): { fileName: string; text: string } {
  const names = phpVariables(plan);
  const body = testBody(plan, names);
  const className = `${studlyName(title)}Test`;
  const method = `test_${studlyName(title).replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_').toLowerCase()}`;
  const text = [
    '<?php',
    '',
    'namespace Tests\\Feature;',
    '',
    ...imports(plan, body),
    'use Tests\\TestCase;',
    '',
    ...headerComment(plan, title, '//'),
    `class ${className} extends TestCase`,
    '{',
    '    use RefreshDatabase;',
    '',
    '    /** The saved requests were made against seeded data: database/seeders/DatabaseSeeder runs first. */',
    '    protected $seed = true;',
    '',
    `    public function ${method}(): void`,
    '    {',
    ...indent(body, 2),
    '    }',
    '}',
    '',
  ].join('\n');
  return { fileName: `${className}.php`, text };
}

/** A Pest feature test file (tests/Feature/NameTest.php; Pest.php binds Tests\TestCase to Feature). */
export function toPest(plan: TestPlan, title: string): { fileName: string; text: string } {
  const names = phpVariables(plan);
  const body = testBody(plan, names);
  const text = [
    '<?php',
    '',
    ...imports(plan, body),
    '',
    ...headerComment(plan, title, '//'),
    'uses(RefreshDatabase::class);',
    '',
    '// The saved requests were made against seeded data: database/seeders/DatabaseSeeder runs first.',
    'beforeEach(function () {',
    '    $this->seed();',
    '});',
    '',
    `test(${php(title)}, function () {`,
    ...indent(body, 1),
    '});',
    '',
  ].join('\n');
  return { fileName: `${studlyName(title)}Test.php`, text };
}
