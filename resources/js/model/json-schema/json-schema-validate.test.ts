import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../protocol/types';
import { checkJsonText, validateJson } from './json-schema-validate';

const user: JsonSchema = {
  type: 'object',
  required: ['name', 'email'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 10 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 18, maximum: 120 },
    score: { type: 'number', multipleOf: 0.5 },
    role: { type: 'string', enum: ['admin', 'member'] },
    nickname: { type: ['string', 'null'] },
    zip: { type: 'string', pattern: '^\\d{5}$' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 },
    address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
  },
};

describe('JSON Schema subset validation', () => {
  it('accepts a valid document', () => {
    expect(
      validateJson(
        { name: 'Ann', email: 'a@b.co', age: 30, score: 2.5, role: 'admin', nickname: null, zip: '12345', tags: ['x'], address: { city: 'Oslo' } },
        user,
      ),
    ).toEqual([]);
  });

  it('lists each error by its path', () => {
    const errors = validateJson(
      { name: 'A', email: 'nope', age: 17.5, score: 0.3, role: 'owner', nickname: 3, zip: '1234', tags: [1, 'b', 'c'], address: {} },
      user,
    );
    expect(errors).toEqual([
      { path: '$.name', message: 'Must be at least 2 characters long.' },
      { path: '$.email', message: 'Must be a valid email.' },
      { path: '$.age', message: 'Expected integer, got number.' },
      { path: '$.score', message: 'Must be a multiple of 0.5.' },
      { path: '$.role', message: 'Must be one of "admin", "member".' },
      { path: '$.nickname', message: 'Expected string or null, got integer.' },
      { path: '$.zip', message: 'Must match the pattern ^\\d{5}$.' },
      { path: '$.tags', message: 'Must have at most 2 items.' },
      { path: '$.tags[0]', message: 'Expected string, got integer.' },
      { path: '$.address', message: 'Missing required field "city".' },
    ]);
  });

  it('reports missing required fields at the object', () => {
    expect(validateJson({}, user).map((error) => error.message)).toEqual(['Missing required field "name".', 'Missing required field "email".']);
  });

  it('treats an integer as a number but not the other way round', () => {
    expect(validateJson(3, { type: 'number' })).toEqual([]);
    expect(validateJson(3.2, { type: 'integer' })).toHaveLength(1);
  });

  it('quotes property names that are not identifiers in paths', () => {
    expect(validateJson({ 'first name': 1 }, { properties: { 'first name': { type: 'string' } } })[0].path).toBe('$["first name"]');
  });

  it('stops after the error limit so huge documents stay quick', () => {
    const items = Array.from({ length: 10_000 }, () => 'x');
    expect(validateJson(items, { type: 'array', items: { type: 'integer' } }, { maxErrors: 5 })).toHaveLength(5);
  });

  it('names the line and column of a syntax error', () => {
    const check = checkJsonText('{\n  "a": 1,\n  "b": }', undefined);
    expect(check.kind).toBe('syntax');
    expect(check.kind === 'syntax' && check.message).toBe('Unexpected "}" at line 3, column 8');
    expect(check.kind === 'syntax' && check.offset).toBe('{\n  "a": 1,\n  "b": '.length);
  });

  it('says where in the text each schema error is, so the editor can underline it', () => {
    const text = '{\n  "name": 7,\n  "email": "a@b.co",\n  "tags": []\n}';
    const check = checkJsonText(text, user);
    if (check.kind !== 'checked') throw new Error(check.kind);
    const marked = check.errors.map((error) => [error.path, text.slice(error.from, error.to)]);
    expect(marked).toEqual([
      ['$.name', '7'],
      ['$.tags', '['],
    ]);
  });

  it('points at where the text stops being JSON', () => {
    const message = (text: string) => {
      const check = checkJsonText(text, undefined);
      return check.kind === 'syntax' ? check.message : check.kind;
    };
    expect(message('{"a": tru}')).toBe('Unexpected "}" at line 1, column 10');
    expect(message('[1, 2,')).toBe('Unexpected end of input at line 1, column 7');
    expect(message('{"a": 1} x')).toBe('Unexpected "x" at line 1, column 10');
    expect(message('{"a": "\\q"}')).toMatch(/line 1, column 9/);
  });

  it('reports an empty editor as empty, not as an error', () => {
    expect(checkJsonText('   ', user)).toEqual({ kind: 'empty' });
  });

  // How long it takes is the client bench's figure (`npm run bench -- client`), not a test's.
  it('validates a multi-megabyte document whole', () => {
    const big = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ name: `user ${i}`, email: `u${i}@example.com`, age: 20 + (i % 50), tags: ['a'] })));
    expect(big.length).toBeGreaterThan(3_000_000);
    expect(checkJsonText(big, { type: 'array', items: user })).toEqual({ kind: 'checked', errors: [] });
    // The last item is checked too: one bad value at the very end is found.
    const broken = `${big.slice(0, -1)},{"name":"late","email":"not an email","age":30,"tags":["a"]}]`;
    const check = checkJsonText(broken, { type: 'array', items: user });
    expect(check.kind).toBe('checked');
    expect(check.kind === 'checked' && check.errors.some((error) => error.path.includes('50000'))).toBe(true);
  });
});

describe('validating against shared schemas and branches', () => {
  const schema: JsonSchema = {
    type: 'object',
    required: ['pet'],
    additionalProperties: false,
    properties: { pet: { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat' } } }, tags: { type: 'array', uniqueItems: true } },
    $defs: {
      Cat: { type: 'object', required: ['kind', 'lives'], properties: { kind: { const: 'cat' }, lives: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 } } },
      Dog: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } }, minProperties: 1 },
    },
  };

  it('resolves $refs to the root $defs and picks the branch the discriminator names', () => {
    expect(validateJson({ pet: { kind: 'cat', lives: 9 } }, schema)).toEqual([]);
    expect(validateJson({ pet: { kind: 'cat', lives: 10 } }, schema)).toEqual([{ path: '$.pet.lives', message: 'Must be less than 10.' }]);
    expect(validateJson({ pet: { kind: 'Dog' } }, schema)).toEqual([]);
  });

  it('reports unknown fields, repeated items and a value no branch accepts', () => {
    expect(validateJson({ pet: { kind: 'cat', lives: 1 }, extra: 1, tags: ['a', 'a'] }, schema).map((e) => e.message)).toEqual(['Items must be unique.', 'Unknown field "extra".']);
    expect(validateJson({ pet: 5 }, schema)[0].message).toBe('Must match one of 2 alternatives.');
  });

  it('checks a route without $defs as before (hosts that inline every schema)', () => {
    expect(validateJson({ a: 1 }, { type: 'object', properties: { a: { type: 'string' } } })).toEqual([{ path: '$.a', message: 'Expected string, got integer.' }]);
  });

  it('does not check a string that holds a {{variable}}: its value is known only on send', () => {
    const schema: JsonSchema = { type: 'object', properties: { email: { type: 'string', format: 'email' }, tags: { type: 'array', items: { type: 'string', maxLength: 3 } } } };
    const check = checkJsonText('{"email": "{{email}}", "tags": ["{{ tag }}", "toolong"]}', schema);
    expect(check.kind === 'checked' && check.errors.map((error) => error.path)).toEqual(['$.tags[1]']);
    const typed = checkJsonText('{"email": "nope"}', schema);
    expect(typed.kind === 'checked' && typed.errors.map((error) => error.path)).toEqual(['$.email']);
  });
});
